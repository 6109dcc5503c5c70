/**
 * A person's initials as Arandu shows them everywhere (the header's avatar, the profile, the user form): the
 * first name's and the first surname's first letters. 'Lucía' + 'Ramírez Benítez' -> 'LR'; the header took the
 * last word of the full name ('LB') while the profile took its first two (issue 34 item 18).
 */
export function personInitials(nombre: string | null | undefined, apellido: string | null | undefined): string {
  const first = (text: string | null | undefined) => text?.trim().split(/\s+/)[0]?.[0] ?? '';
  return (first(nombre) + first(apellido)).toLocaleUpperCase('es');
}
