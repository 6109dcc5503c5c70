/**
 * DOMAIN.md section 2: a student enrols themselves only after updating their ficha. The web shows it
 * ('Debe actualizar la ficha antes de inscribirse a las materias', MSG.updateProfileBanner) and the server
 * refuses the enrolment with the same words, both by this rule.
 */
export function mustUpdateFicha(user: { esAlumno: boolean; fichaActualizada: boolean }): boolean {
  return user.esAlumno && !user.fichaActualizada;
}
