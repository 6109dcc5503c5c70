import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';

/** A student's mark in a session (spec 03 section 2.9): check present, cross absent, dash not taken. */
export function MarkSymbol({ present }: { present: boolean | null | undefined }) {
  if (present === true) return <IconCheck size={18} color="var(--mantine-color-teal-filled)" aria-label="Presente" />;
  if (present === false) return <IconX size={18} color="var(--mantine-color-red-filled)" aria-label="Ausente" />;
  return <IconMinus size={18} color="var(--mantine-color-dimmed)" aria-label="Sin tomar" />;
}
