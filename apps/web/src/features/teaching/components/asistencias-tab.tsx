import { MSG_TEACHING as T, noAlcanzaMessage, type AsistenciaList, type MateriaPeriodo } from '@arandu/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Pagination,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconCalendarOff,
  IconChecks,
  IconChevronDown,
  IconDots,
  IconEdit,
  IconListCheck,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { SearchInput } from '../../../components/data-list/search-input';
import { toast } from '../../../components/toast';
import { endedSession } from '../../../lib/api-client';
import { failureMessage, isNotFound } from '../../../lib/api-errors';
import { countOf, formatDate, formatDateTime, formatDocumentNumber, formatPercent } from '../../../lib/format';
import { useAsistenciaFormData, useAsistencias, useDeleteAsistencia, useMarkAllPresent } from '../api/attendance';
import { AsistenciaFormModal } from './asistencia-form-modal';
import { MarkSymbol } from './mark-symbol';
import { QuickTakeModal } from './quick-take-modal';
import { EmptyResult } from '../../../components/empty-result';
import { DiasSinClasesNotice } from './dias-sin-clases-notice';

const PAGE_SIZE = 25;

/**
 * 'Asistencias' (spec 03 section 2.9): one row per student, one column per session (date, reference and
 * its menu), the symbols check/cross/dash, % Asistencia and whether the exam minimum is still reachable
 * (only where the planning says how many sessions the term has).
 */
export function AsistenciasTab({
  materiaPeriodoId,
  calendario,
}: {
  materiaPeriodoId: number;
  /** The section's days without classes (issue 45). */
  calendario?: Pick<MateriaPeriodo, 'diasSinClases'>;
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<number | 'new' | null>(null);
  const [taking, setTaking] = useState<number | null>(null);
  const formData = useAsistenciaFormData(materiaPeriodoId);
  const list = useAsistencias(materiaPeriodoId, page, PAGE_SIZE, search);
  const remove = useDeleteAsistencia(materiaPeriodoId);
  const markAll = useMarkAllPresent(materiaPeriodoId);
  const canEdit = formData.data?.canEdit ?? false;

  const askDelete = async (id: number, fecha: string) => {
    const ok = await confirmDialog({
      title: 'Borrar asistencia',
      message: `¿Está seguro de que desea eliminar la asistencia del ${formatDate(fecha)}?`,
      confirmLabel: 'Si, Borrar',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(id);
      toast.success(T.asistenciaDeleted);
    } catch (error) {
      toast.error(isNotFound(error) ? T.asistenciaNotFound : failureMessage(error, T.asistenciaDeleteFailed));
    }
  };

  const fillPresent = async (id: number) => {
    try {
      const { marked } = await markAll.mutateAsync(id);
      toast.success(`${T.todosPresentes}: ${marked}`);
    } catch (error) {
      toast.error(failureMessage(error, T.asistenciaSaveFailed));
    }
  };

  if (list.isPending || formData.isPending) return <Loader m="xl" />;
  if (list.isError) {
    if (endedSession(list.error)) return null;
    return (
      <Alert color="red" variant="light" title={T.asistenciaListLoadFailed}>
        {failureMessage(list.error, T.asistenciaListLoadFailed)}
      </Alert>
    );
  }
  const { pageInfo, assists, studentAssists: alumnoAssists, minAsistenciaExamen } = list.data;
  const markOf = (assistanceId: number, alumnoId: number) =>
    alumnoAssists.find((m) => m.assistanceId === assistanceId && m.studentId === alumnoId)?.present;
  const pages = Math.max(1, Math.ceil(pageInfo.totalItemsCount / PAGE_SIZE));
  // Without planned sessions nobody's outlook can be told: one notice for the grid, no badge on any row.
  const sinPlaneamiento = pageInfo.items.some((s) => s.proyeccionAsistencia === 'sin-planeamiento');

  return (
    <Stack gap="sm">
      {calendario && (
        <DiasSinClasesNotice dias={calendario.diasSinClases} planificadas={[]} />
      )}
      {!canEdit && formData.data && (
        <Alert color="yellow" variant="light">
          Fecha Límite Calificar Tareas Y Tomar Asistencias {formatDateTime(formData.data.endHomework)}
        </Alert>
      )}
      {sinPlaneamiento && (
        <Alert color="gray" variant="light" icon={<IconCalendarOff size={20} />} title={T.sinPlaneamiento}>
          {T.sinPlaneamientoDetalle}
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchInput
          label="Buscar alumno"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
          maw={320}
        />
        {canEdit && (
          <Group gap="sm">
            {assists.length > 0 && <TakeButton assists={assists} onTake={setTaking} />}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm('new')}>
              Agregar Nueva Asistencia
            </Button>
          </Group>
        )}
      </Group>
      <Table.ScrollContainer minWidth={420 + assists.length * 90}>
        <Table striped highlightOnHover withTableBorder withColumnBorders aria-label="Asistencias">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nº Documento</Table.Th>
              <Table.Th>Alumno</Table.Th>
              {assists.map((a) => (
                <Table.Th key={a.id} ta="center" miw={86}>
                  <Stack gap={0} align="center">
                    <Group gap={2} wrap="nowrap">
                      <Text size="sm" fw={700}>
                        {formatDate(a.date).slice(0, 5)}
                      </Text>
                      <Menu position="bottom" withinPortal shadow="md">
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            aria-label={`Opciones de la asistencia del ${formatDate(a.date)}${a.reference ? ` (${a.reference})` : ''}`}
                          >
                            <IconDots size={14} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Label>
                            {formatDate(a.date)}
                            {a.reference ? ` · ${a.reference}` : ''}
                          </Menu.Label>
                          {canEdit && (
                            <Menu.Item leftSection={<IconListCheck size={16} />} onClick={() => setTaking(a.id)}>
                              Tomar asistencia
                            </Menu.Item>
                          )}
                          {canEdit && (
                            <Menu.Item leftSection={<IconChecks size={16} />} onClick={() => void fillPresent(a.id)}>
                              Marcar presentes a los sin marca
                            </Menu.Item>
                          )}
                          <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setForm(a.id)}>
                            {canEdit ? 'Editar asistencia' : 'Ver asistencia'}
                          </Menu.Item>
                          {canEdit && (
                            // Red by the theme's text shade (AA); Menu.Item's color="red" takes red-6, 3.3:1 on white.
                            <Menu.Item
                              c="red"
                              leftSection={<IconTrash size={16} color="var(--mantine-color-red-text)" />}
                              onClick={() => void askDelete(a.id, a.date)}
                            >
                              Borrar asistencia
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                    {a.reference && (
                      <Text size="xs" c="dimmed" lineClamp={1} maw={110}>
                        {a.reference}
                      </Text>
                    )}
                  </Stack>
                </Table.Th>
              ))}
              <Table.Th ta="right">% Asistencia</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pageInfo.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3 + assists.length}>
                  <EmptyResult />
                </Table.Td>
              </Table.Tr>
            )}
            {pageInfo.items.map((s) => (
              <Table.Tr key={s.studentId}>
                <Table.Td>{formatDocumentNumber(s.doc)}</Table.Td>
                <Table.Td>
                  {s.surname}, {s.name}
                </Table.Td>
                {assists.map((a) => (
                  <Table.Td key={a.id} ta="center">
                    <MarkSymbol present={markOf(a.id, s.studentId)} />
                  </Table.Td>
                ))}
                <Table.Td ta="right">
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {s.proyeccionAsistencia === 'no-alcanza' && (
                      <Tooltip label={noAlcanzaMessage(minAsistenciaExamen)}>
                        <Badge color="red" variant="light" size="sm">
                          No alcanza
                        </Badge>
                      </Tooltip>
                    )}
                    <Text size="sm" fw={600}>
                      {formatPercent(s.porcentajeAsistencia)}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {countOf(pageInfo.totalItemsCount, 'alumno', 'alumnos')} ·{' '}
          {countOf(assists.length, 'asistencia', 'asistencias')}
        </Text>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
      </Group>
      {form !== null && (
        <AsistenciaFormModal
          materiaPeriodoId={materiaPeriodoId}
          asistenciaId={form === 'new' ? null : form}
          canEdit={canEdit}
          onClose={() => setForm(null)}
        />
      )}
      {taking !== null && (
        <QuickTakeModal materiaPeriodoId={materiaPeriodoId} asistenciaId={taking} onClose={() => setTaking(null)} />
      )}
    </Stack>
  );
}

/**
 * 'Tomar asistencia' on the tab itself, the latest session first: on a phone the grid's session menus sit
 * off-screen to the right, and the quick take is what a professor opens every class.
 */
function TakeButton({ assists, onTake }: { assists: AsistenciaList['assists']; onTake: (id: number) => void }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="light" leftSection={<IconListCheck size={16} />} rightSection={<IconChevronDown size={14} />}>
          Tomar asistencia
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        <Menu.Label>Asistencia del</Menu.Label>
        {[...assists].reverse().map((a) => (
          <Menu.Item key={a.id} onClick={() => onTake(a.id)}>
            {formatDate(a.date)}
            {a.reference ? ` · ${a.reference}` : ''}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
