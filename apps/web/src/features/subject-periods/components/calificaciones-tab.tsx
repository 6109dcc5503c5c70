import { EstadoPublicacion, MSG, type AlumnoMateria, type MateriaPeriodo } from '@arandu/shared';
import { Alert, Anchor, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { CalificacionInput } from '../../../components/score-input';
import { toast } from '../../../components/toast';
import { useAutosavedCells } from '../../../components/use-autosaved-cells';
import { useTableRows } from '../../../lib/use-table-rows';
import { saveBlob } from '../../../lib/download';
import { formatDateTime, formatDocumentNumber, formatPercent } from '../../../lib/format';
import { downloadAlumnos, useAlumnosMateria } from '../api/get-materias-periodo';
import { saveNotas, useStoreAlumno } from '../api/save-materia-periodo';
import { useRectificacionesMateria } from '../api/subject-rectifications';
import { rectifiedFields } from './rectified-fields';
import { MateriaRectificationsPanel } from './subject-rectifications-panel';
import { userCan, useSession } from '../../../lib/session';
import { EmptyTableRow } from '../../../components/empty-result';
import { AlumnosCount, AlumnoSearchInput, AlumnosLoadError, alumnoSearchText } from '../../../components/alumnos-list';

type Field = 'porcentajePP' | 'porcentajeAsistencia';
type Value = number | null;

/**
 * 'Calificaciones' (spec 03 section 2.3): every student on one page with % PP and % Asistencia. Where the
 * server allows it they are edited in place and saved on their own 500 ms after the last keystroke.
 */
export function CalificacionesTab({ materiaPeriodo }: { materiaPeriodo: MateriaPeriodo }) {
  const { id } = materiaPeriodo;
  const alumnos = useAlumnosMateria(id);
  const storeAlumno = useStoreAlumno(id);
  const sealed = materiaPeriodo.estado.value === EstadoPublicacion.Sellado;
  const rectificaciones = useRectificacionesMateria(id, sealed);
  const user = useSession();
  const { search, setSearch, rows } = useTableRows(alumnos.data?.items ?? [], {
    text: alumnoSearchText({ email: true }),
  });
  const [downloading, setDownloading] = useState(false);

  const ppEditable = materiaPeriodo.canEditTask && !materiaPeriodo.calculatePPFromTasks;
  const asistenciaEditable = materiaPeriodo.canEditTask && materiaPeriodo.editarAsistencias;

  const cells = useAutosavedCells<Value>({
    save: async (key, value) => {
      const [inscripcion, field] = key.split(':') as [string, Field];
      const row = await saveNotas({ inscripcionMateriaId: Number(inscripcion), [field]: value });
      storeAlumno(row);
    },
    savedMessage: MSG.gradesSaved,
    failedMessage: MSG.gradesSaveFailed,
  });

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadAlumnos(id), 'Alumnos.xlsx');
      toast.success(MSG.listDownloaded);
    } catch {
      toast.error(MSG.gradesDownloadFailed);
    } finally {
      setDownloading(false);
    }
  };

  if (alumnos.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  if (alumnos.isError) return <AlumnosLoadError error={alumnos.error} />;

  const rectified = rectifiedFields(alumnos.data.items, rectificaciones.data ?? []);
  const cell = (row: AlumnoMateria, field: Field, editable: boolean, label: string) => {
    const key = `${row.id}:${field}`;
    if (!editable) {
      const value = cells.valueOf(key, row[field]);
      const mark = rectified.get(key);
      return (
        <Group gap={6} wrap="nowrap" justify="flex-end">
          {mark && (
            // Filled and dark, as the academic status' 'rectificada' badge (axe contrast, light and dark).
            <Badge variant="filled" color="violet.9" size="sm" title={`${label} rectificado por ${mark}`}>
              rectificada
            </Badge>
          )}
          <Text size="sm" ta="right">
            {formatPercent(value)}
          </Text>
        </Group>
      );
    }
    return (
      <CalificacionInput
        aria-label={`${label} de ${row.apellidoAlumno}, ${row.nombreAlumno}`}
        {...cells.field(key, row[field])}
        max={100}
        decimals={2}
        w={110}
      />
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={3} fz="md">
          Listado de todas las notas
        </Title>
        <Group gap="md" align="flex-end">
          <AlumnoSearchInput value={search} onChange={setSearch} />
          <Anchor component="button" type="button" onClick={() => void download()} disabled={downloading}>
            <Group gap={4} component="span">
              {downloading ? <Loader size={14} /> : <IconDownload size={16} />}
              Descargar lista
            </Group>
          </Anchor>
        </Group>
      </Group>
      {!materiaPeriodo.canEditTask && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          {materiaPeriodo.estado.value === 0
            ? `Fecha Límite Calificar Tareas ${formatDateTime(materiaPeriodo.finCalificarTareas)}: las notas ya no pueden editarse.`
            : `La materia está ${materiaPeriodo.estado.value === EstadoPublicacion.Sellado ? 'sellada' : 'publicada'}: las notas ya no pueden editarse.`}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="xs" striped highlightOnHover withTableBorder aria-label="Listado de todas las notas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nº Documento</Table.Th>
              <Table.Th>Apellido</Table.Th>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Correo</Table.Th>
              <Table.Th w={sealed ? 210 : 130} ta="right">
                % PP
              </Table.Th>
              <Table.Th w={sealed ? 210 : 130} ta="right">
                % Asistencia
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && <EmptyTableRow colSpan={6} />}
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{formatDocumentNumber(row.numeroDocumento)}</Table.Td>
                <Table.Td>{row.apellidoAlumno}</Table.Td>
                <Table.Td>{row.nombreAlumno}</Table.Td>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td>
                  <Group justify="flex-end">{cell(row, 'porcentajePP', ppEditable, '% PP')}</Group>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    {cell(row, 'porcentajeAsistencia', asistenciaEditable, '% Asistencia')}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <AlumnosCount total={alumnos.data.totalItemsCount} />
      {sealed && (
        <MateriaRectificationsPanel
          materiaPeriodoId={id}
          alumnos={alumnos.data.items}
          rectificaciones={rectificaciones.data ?? []}
          failed={rectificaciones.isError}
          canRectify={userCan(user, 'actas:rectificar')}
        />
      )}
    </Stack>
  );
}
