import { MSG, type AlumnoMateria } from '@arandu/shared';
import { Alert, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { endedSession } from '../lib/api-client';
import { failureMessage } from '../lib/api-errors';
import { countOf, formatDocumentNumber } from '../lib/format';

/*
 * The parts of a subject-period's students list that its staff tab (notes) and its teaching tab (attendance and
 * notes) share: the load error, the search box, the filter and the count.
 */

/** The list did not load: nothing when the session ended (the login page takes over), else why. */
export function AlumnosLoadError({ error }: { error: unknown }) {
  if (endedSession(error)) return null;
  return (
    <Alert color="red" variant="light" title={MSG.studentListLoadFailed}>
      {failureMessage(error, MSG.errorGeneric)}
    </Alert>
  );
}

export function AlumnoSearchInput({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <TextInput
      aria-label="Buscar alumno"
      placeholder="Buscar alumno"
      leftSection={<IconSearch size={16} />}
      maxLength={32}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** What a student is searched by: the document (as typed or as shown), the names and, with `email`, the e-mail. */
export const alumnoSearchText =
  ({ email = false } = {}) =>
  (r: AlumnoMateria) =>
    `${r.numeroDocumento} ${formatDocumentNumber(r.numeroDocumento)} ${r.apellidoAlumno} ${r.nombreAlumno}${email ? ` ${r.email}` : ''}`;

export function AlumnosCount({ total }: { total: number }) {
  return (
    <Text size="sm" c="dimmed">
      {countOf(total, 'alumno inscripto', 'alumnos inscriptos')}
    </Text>
  );
}
