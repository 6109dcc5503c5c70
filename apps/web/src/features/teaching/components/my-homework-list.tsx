import { MSG_TEACHING as T, type MyHomework } from '@arandu/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { DataList } from '../../../components/data-list/data-list';
import { formatDate } from '../../../lib/format';
import { myHomeworkQueryOptions } from '../api/student';

const number = (n: number | null) => (n === null ? '—' : n.toLocaleString('es-PY', { maximumFractionDigits: 2 }));

const COLUMNS: DataTableColumn<MyHomework>[] = [
  { accessor: 'descripcion', title: 'Tarea' },
  { accessor: 'tipoTarea', title: 'Tipo Tarea', width: 130, render: (r) => r.tipoTarea.label },
  { accessor: 'fechaEntrega', title: 'Fecha Entrega', width: 130, render: (r) => formatDate(r.fechaEntrega) },
  {
    accessor: 'porcentajePesoMateria',
    title: 'Peso',
    width: 90,
    textAlign: 'right',
    render: (r) => (r.porcentajePesoMateria > 0 ? `${number(r.porcentajePesoMateria)} %` : T.sinPeso),
  },
  {
    accessor: 'puntajeObtenido',
    title: 'Puntaje',
    width: 120,
    textAlign: 'right',
    render: (r) => `${number(r.puntajeObtenido)} / ${number(r.puntajeTotal)}`,
  },
];

/** The student's homework of one subject with their own score only. */
export function MyHomeworkList({ materiaPeriodoId }: { materiaPeriodoId: number }) {
  return (
    <DataList<MyHomework, object>
      label="Mis tareas"
      query={(request) => myHomeworkQueryOptions(materiaPeriodoId, request)}
      columns={COLUMNS}
      emptyFilters={{}}
      loadError={T.tareaListLoadFailed}
    />
  );
}
