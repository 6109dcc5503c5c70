import { MSG, type AlumnoMateria, type MateriaPeriodo } from '@arandu/shared';
import { Alert, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconEdit, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { RowAction } from '../../../components/data-list/row-action';
import { failureMessage } from '../../../lib/api-errors';
import { endedSession } from '../../../lib/api-client';
import { foldText } from '../../../lib/fold-text';
import { countOf, formatDocumentNumber } from '../../../lib/format';
import { downloadAlumnos, useAlumnos } from '../api/get-plan';
import { download, DownloadLink } from './download-link';
import { PercentagesModal } from './percentages-modal';
import { EmptyTableRow } from '../../../components/empty-result';

/** Alumnos (spec 03 section 2.6): document, last and first name, 'Descargar lista', the percentages modal. */
export function AlumnosTab({ mp }: { mp: MateriaPeriodo }) {
  const alumnos = useAlumnos(mp.id);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AlumnoMateria | null>(null);

  if (alumnos.isPending) return <Loader m="xl" />;
  if (alumnos.isError) {
    if (endedSession(alumnos.error)) return null;
    return (
      <Alert color="red" variant="light" title={MSG.studentListLoadFailed}>
        {failureMessage(alumnos.error, MSG.errorGeneric)}
      </Alert>
    );
  }
  const needle = foldText(search.trim());
  const rows = alumnos.data.items.filter(
    (r) =>
      !needle ||
      foldText(
        `${r.numeroDocumento} ${formatDocumentNumber(r.numeroDocumento)} ${r.apellidoAlumno} ${r.nombreAlumno}`,
      ).includes(needle),
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <TextInput
          aria-label="Buscar alumno"
          placeholder="Buscar alumno"
          leftSection={<IconSearch size={16} />}
          maxLength={32}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <DownloadLink onClick={() => download(() => downloadAlumnos(mp.id), 'Alumnos.xlsx')} />
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover withTableBorder aria-label="Alumnos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nº Documento</Table.Th>
              <Table.Th>Apellido</Table.Th>
              <Table.Th>Nombre</Table.Th>
              <Table.Th w={70}>Acción</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && <EmptyTableRow colSpan={4} />}
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDocumentNumber(r.numeroDocumento)}</Table.Td>
                <Table.Td>{r.apellidoAlumno}</Table.Td>
                <Table.Td>{r.nombreAlumno}</Table.Td>
                <Table.Td>
                  <RowAction
                    label={`Editar Asistencia / Notas de ${r.apellidoAlumno}, ${r.nombreAlumno}`}
                    icon={<IconEdit size={18} />}
                    onClick={() => setEditing(r)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed">
        {countOf(alumnos.data.totalItemsCount, 'alumno inscripto', 'alumnos inscriptos')}
      </Text>
      {editing && <PercentagesModal mp={mp} alumno={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
