import { MSG_TEACHING as T, type MateriaPeriodo, type Tarea } from '@arandu/shared';
import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconCalendarDue, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { editDeleteColumn } from '../../../components/data-list/columns';
import { DataList } from '../../../components/data-list/data-list';
import { SearchInput } from '../../../components/data-list/search-input';
import { toast } from '../../../components/toast';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { failureMessage } from '../../../lib/api-errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { tareasQueryOptions, useDeleteTarea, useUsesPercentWeight, type TareaFilters } from '../api/homework';
import { TareaFormModal } from './tarea-form-modal';

const EMPTY_FILTERS: TareaFilters = { search: '' };
const number = (n: number) => n.toLocaleString('es-PY', { maximumFractionDigits: 2 });

/** 'Tareas' (spec 03 section 2.7): the homework list, the weights toggle and the homework form. */
export function TareasTab({ mp }: { mp: MateriaPeriodo }) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const weights = useUsesPercentWeight(mp.id);
  const editable = mp.canEditTask;
  const askDelete = useConfirmDelete<Tarea>({
    remove: useDeleteTarea(mp.id),
    title: 'Borrar tarea',
    message: (row) => `Estás seguro que deseas eliminar esta tarea "${row.descripcion}"?`,
    done: T.tareaDeleted,
    notFound: T.tareaDeleteNotFound,
    failed: T.tareaDeleteFailed,
  });

  const toggleWeights = async (allow: boolean) => {
    try {
      await weights.mutateAsync(allow);
      toast.success(T.materiaActualizada);
    } catch (error) {
      toast.error(failureMessage(error, T.materiaActualizarFailed));
    }
  };

  const columns: DataTableColumn<Tarea>[] = [
    { accessor: 'id', title: '#', width: 70 },
    { accessor: 'descripcion', title: 'Tarea' },
    { accessor: 'tipoTarea', title: 'Tipo Tarea', width: 130, render: (r) => r.tipoTarea.label },
    {
      accessor: 'puntajeTotal',
      title: 'Puntaje Total',
      width: 120,
      textAlign: 'right',
      render: (r) => number(r.puntajeTotal),
    },
    {
      accessor: 'porcentajePesoMateria',
      title: 'Porcentaje Peso Materia',
      width: 190,
      textAlign: 'right',
      render: (r) => (mp.utilizaPorcentajePesoMateria ? `${number(r.porcentajePesoMateria)} %` : T.sinPeso),
    },
    { accessor: 'fechaEntrega', title: 'Fecha Entrega', width: 130, render: (r) => formatDate(r.fechaEntrega) },
    editDeleteColumn<Tarea>({
      onEdit: (r) => setEditing(r.id),
      onDelete: (r) => void askDelete(r),
      cannotDelete: (r) => !editable || r.cantidadInscriptos > 0,
      cannotDeleteReason: `${T.tareaCannotDelete}: ${T.tareaHasSubmissions}`,
    }),
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Badge
          size="lg"
          variant="light"
          color={editable ? 'blue' : 'red'}
          leftSection={<IconCalendarDue size={16} />}
          style={{ textTransform: 'none' }}
        >
          Fecha Límite Calificar Tareas {formatDateTime(mp.finCalificarTareas)}
        </Badge>
        {editable && (
          <Switch
            label="Utiliza Porcentaje Peso"
            onLabel="Si"
            offLabel="No"
            size="md"
            checked={mp.utilizaPorcentajePesoMateria}
            disabled={weights.isPending}
            onChange={(e) => void toggleWeights(e.currentTarget.checked)}
          />
        )}
      </Group>
      {!editable && (
        <Text size="sm" c="dimmed">
          {T.notEditable}
        </Text>
      )}
      <DataList<Tarea, TareaFilters>
        label="Tareas"
        query={(request) => tareasQueryOptions(mp.id, request)}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={T.tareaListLoadFailed}
        pinLastColumn
        toolbar={
          editable && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Agregar Nueva Tarea
            </Button>
          )
        }
        renderFilters={({ values, set }) => (
          <SearchInput label="Tarea" value={values.search} onChange={(v) => set('search', v)} maw={360} />
        )}
      />
      {editing !== null && (
        <TareaFormModal mp={mp} tareaId={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
