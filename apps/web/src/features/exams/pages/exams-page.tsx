import { ESTADO_EXAMEN_LABELS, EstadoExamen, MSG_EXAMENES, type ExamenRow } from '@arandu/shared';
import { Button, MultiSelect, SimpleGrid } from '@mantine/core';
import { IconEdit, IconEye, IconLock, IconPlus, IconPrinter, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { actionsColumn } from '../../../components/data-list/columns';
import { DataList } from '../../../components/data-list/data-list';
import { RowAction } from '../../../components/data-list/row-action';
import { PageHeader } from '../../../components/page-header';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/format';
import { userCan, useSession, useViewAs } from '../../../lib/session';
import { examenesQueryOptions, useDeleteExamen, useExamenFormData, type ExamenFilters } from '../api/exams-api';
import { ExamenEstadoBadge, ExamenEstadoLegend } from '../components/examen-estado-badge';
import { StackedCell } from '../components/stacked-cell';
import { useStampFlow } from '../components/use-stamp-flow';

const EMPTY_FILTERS: ExamenFilters = { viewPageAs: null, estado: [], periodo: [] };
const ESTADO_OPTIONS = Object.entries(ESTADO_EXAMEN_LABELS).map(([value, label]) => ({ value, label }));
export const EXAMENES_LIST_KEY = 'arandu.exams.list';

/** 'Lista de exámenes' (spec 02 section 2): filters kept between visits, state legend, row actions. */
export function ExamenesPage() {
  const user = useSession();
  const viewAs = useViewAs();
  const manages = userCan(user, 'exams:manage');
  const periodos = useExamenFormData(null).data?.periodos ?? [];
  const stamp = useStampFlow();
  const askDelete = useConfirmDelete<ExamenRow>({
    remove: useDeleteExamen(),
    title: 'Borrar examen',
    message: (row) => `¿Está seguro de que desea eliminar el examen de ${row.materia} (${formatDate(row.fecha)})?`,
    done: MSG_EXAMENES.deleted,
    notFound: MSG_EXAMENES.notFound,
    failed: MSG_EXAMENES.deleteFailed,
  });

  const columns: DataTableColumn<ExamenRow>[] = [
    {
      accessor: 'fecha',
      title: 'Fecha',
      width: 150,
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.fecha)}</span>,
    },
    {
      accessor: 'materia',
      title: 'Materia',
      render: (row) => (
        <StackedCell main={row.materia} detail={`${row.codigoMateria} · Sección ${row.seccion} · ${row.carrera}`} />
      ),
    },
    {
      accessor: 'periodoLectivo',
      title: 'Periodo',
      visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.sm})`,
      render: (row) => <StackedCell main={row.periodo} detail={row.periodoLectivo} />,
    },
    { accessor: 'nroActa', title: 'Nº Acta', visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.lg})` },
    { accessor: 'cantidadInscriptos', title: 'Inscriptos', textAlign: 'right', width: 100 },
    {
      accessor: 'estado',
      title: 'Estado',
      width: 170,
      render: (row) => <ExamenEstadoBadge estado={row.estado} fecha={row.fecha} />,
    },
    actionsColumn<ExamenRow>({
      width: 150,
      render: (row) => {
        const active = row.estado.value === EstadoExamen.Activo;
        const editable = manages && active;
        return (
          <>
            <RowAction
              label={editable ? 'Editar' : 'Ver'}
              icon={editable ? <IconEdit size={18} /> : <IconEye size={18} />}
              to={paths.exams.edit(row.id)}
            />
            {manages && (
              <RowAction
                label="Sellar examen"
                icon={<IconLock size={18} />}
                color="teal"
                disabled={row.estado.value === EstadoExamen.Sellado}
                disabledReason="El examen ya está sellado"
                onClick={() => void stamp(row)}
              />
            )}
            <RowAction label="Imprimir" icon={<IconPrinter size={18} />} to={paths.exams.showAllReport(row.id)} />
            {manages && (
              <RowAction
                label="Borrar"
                icon={<IconTrash size={18} />}
                color="red"
                disabled={!active}
                disabledReason="Sólo un examen activo puede borrarse"
                onClick={() => void askDelete(row)}
              />
            )}
          </>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title="Lista de exámenes" description="Mesas de examen, sus inscriptos, notas y actas." />
      <DataList<ExamenRow, ExamenFilters>
        label="Lista de exámenes"
        persistKey={EXAMENES_LIST_KEY}
        query={(req) => examenesQueryOptions({ ...req, filters: { ...req.filters, viewPageAs: viewAs } })}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG_EXAMENES.listLoadFailed}
        pinLastColumn
        toolbar={
          manages ? (
            <Button component={Link} to={paths.exams.new} leftSection={<IconPlus size={16} />}>
              Agregar nuevo examen
            </Button>
          ) : undefined
        }
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label="Estado"
              data={ESTADO_OPTIONS}
              value={values.estado.map(String)}
              onChange={(v) => set('estado', v.map(Number))}
              clearable
            />
            <MultiSelect
              label="Periodo"
              data={periodos.map((p) => ({ value: String(p.value), label: p.label }))}
              value={values.periodo.map(String)}
              onChange={(v) => set('periodo', v.map(Number))}
              searchable
              clearable
            />
          </SimpleGrid>
        )}
      />
      <ExamenEstadoLegend />
    </>
  );
}
