import { type AlumnoMateria, type MateriaPeriodo } from '@arandu/shared';
import { Group, Loader, Stack, Table } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { RowAction } from '../../../components/data-list/row-action';
import { useTableRows } from '../../../lib/use-table-rows';
import { formatDocumentNumber } from '../../../lib/format';
import { downloadAlumnos, useAlumnos } from '../api/get-plan';
import { download, DownloadLink } from './download-link';
import { PercentagesModal } from './percentages-modal';
import { EmptyTableRow } from '../../../components/empty-result';
import { AlumnosCount, AlumnoSearchInput, AlumnosLoadError, alumnoSearchText } from '../../../components/alumnos-list';

/** Alumnos (spec 03 section 2.6): document, last and first name, 'Descargar lista', the percentages modal. */
export function AlumnosTab({ mp }: { mp: MateriaPeriodo }) {
  const alumnos = useAlumnos(mp.id);
  const { search, setSearch, rows } = useTableRows(alumnos.data?.items ?? [], { text: alumnoSearchText() });
  const [editing, setEditing] = useState<AlumnoMateria | null>(null);

  if (alumnos.isPending) return <Loader m="xl" />;
  if (alumnos.isError) return <AlumnosLoadError error={alumnos.error} />;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <AlumnoSearchInput value={search} onChange={setSearch} />
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
      <AlumnosCount total={alumnos.data.totalItemsCount} />
      {editing && <PercentagesModal mp={mp} alumno={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
