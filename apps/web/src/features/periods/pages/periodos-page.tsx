import { MSG, type Periodo } from '@arandu/shared';
import { Alert, Badge, Button, Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { IconCalendarCheck, IconPlus, IconStarFilled } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { DataList } from '../../../components/data-list/data-list';
import { editDeleteColumn } from '../../../components/data-list/columns';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/format';
import { periodosQueryOptions, usePeriodoFormData, type PeriodoFilters } from '../api/get-periodos';
import { useDeletePeriodo } from '../api/save-periodo';

/** Long column titles wrap instead of being cut ('Límite para calificar tareas'). */
const WrappedTitle = ({ children }: { children: string }) => (
  <span style={{ whiteSpace: 'normal', display: 'block', fontSize: 'var(--mantine-font-size-xs)', lineHeight: 1.3 }}>
    {children}
  </span>
);

const EMPTY_FILTERS: PeriodoFilters = { nombre: '', anho: null };

/** The active period's row stands out in every cell (the list component styles cells, not rows). */
const activeCell = (row: Periodo) =>
  row.activo ? { backgroundColor: 'var(--mantine-color-teal-light)', fontWeight: 600 as const } : undefined;

/** 'Lista de periodos' (spec 03 section 2.11): the active period highlighted. */
export function PeriodosPage() {
  const formData = usePeriodoFormData();
  const active = formData.data?.periodos.find((p) => p.activo);

  const askDelete = useConfirmDelete<Periodo>({
    remove: useDeletePeriodo(),
    title: 'Borrar periodo',
    message: (row) => `Estás seguro que deseas eliminar el periodo ${row.anho}- ${row.nombre}?`,
    done: MSG.periodoDeleted,
    notFound: MSG.periodoNotFound,
    failed: MSG.periodoDeleteFailed,
  });

  // The form picks whole days for the class and enrolment dates (stored as 00:00:00 and 23:59:59): the list
  // shows the day only; the two limits are chosen with their time, and show it (issue 34 item 19).
  // No fixed widths: the eleven columns fit a 1280 px screen only when each takes what its date needs (issue 34
  // item 12 had 'Activo' and the edit buttons cut off there).
  const date = (key: keyof Periodo, title: string, withTime = false): DataTableColumn<Periodo> => ({
    accessor: key,
    title: <WrappedTitle>{title}</WrappedTitle>,
    cellsStyle: activeCell,
    render: (row) => (
      <Text size="xs" style={{ whiteSpace: 'pre-line' }} fw="inherit">
        {withTime ? formatDateTime(String(row[key])).replace(' ', '\n') : formatDate(String(row[key]))}
      </Text>
    ),
  });
  const columns: DataTableColumn<Periodo>[] = [
    { accessor: 'anho', title: 'Año', cellsStyle: activeCell },
    {
      accessor: 'nombre',
      title: 'Nombre',
      cellsStyle: activeCell,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          {row.activo && <IconStarFilled size={14} color="var(--mantine-color-teal-filled)" aria-hidden />}
          <span>{row.nombre}</span>
        </Group>
      ),
    },
    date('inicioClases', 'Inicio de clases'),
    date('finClases', 'Fin de clases'),
    date('inicioPeriodoInscripcion', 'Inicio de inscripciones'),
    date('finPeriodoInscripcion', 'Fin de inscripciones'),
    date('finCalificarTareas', 'Límite para calificar tareas', true),
    date('finEditarPlaneamiento', 'Límite para editar planeamiento', true),
    {
      accessor: 'esSemestrePar',
      title: <WrappedTitle>Es semestre par</WrappedTitle>,
      width: 76,
      cellsStyle: activeCell,
      render: (row) => (row.esSemestrePar ? 'Si' : 'No'),
    },
    {
      accessor: 'activo',
      title: 'Activo',
      // The list never clips a badge (DataList): the column widens to the filled 'ACTIVO' as needed.
      width: 84,
      cellsStyle: activeCell,
      render: (row) =>
        row.activo ? (
          <Badge color="teal" variant="filled">
            Activo
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            No
          </Badge>
        ),
    },
    editDeleteColumn({
      editTo: (row) => paths.periodos.edit(row.id),
      onDelete: (row) => void askDelete(row),
      width: 92,
      cellsStyle: activeCell,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Lista de periodos"
        description="Periodos lectivos, sus fechas de clases, inscripciones y límites."
      />
      {active && (
        <Alert variant="light" color="teal" icon={<IconCalendarCheck size={20} />} mb="md" title="Periodo activo">
          {active.label}
        </Alert>
      )}
      <DataList<Periodo, PeriodoFilters>
        // Eleven columns of dates: with Mantine's 10 px each side the actions fell off a 1280 px screen.
        horizontalSpacing={5}
        label="Lista de periodos"
        query={periodosQueryOptions}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG.periodoListLoadFailed}
        toolbar={
          <Button component={Link} to={paths.periodos.new} leftSection={<IconPlus size={16} />}>
            Agregar nuevo periodo
          </Button>
        }
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SearchInput label="Nombre" value={values.nombre} onChange={(v) => set('nombre', v)} />
            <NumberInput
              label="Año"
              min={2000}
              max={2100}
              allowDecimal={false}
              value={values.anho ?? ''}
              onChange={(v) => set('anho', typeof v === 'number' ? v : null)}
            />
          </SimpleGrid>
        )}
      />
    </>
  );
}
