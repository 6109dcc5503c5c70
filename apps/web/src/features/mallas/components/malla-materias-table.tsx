import { MSG, type MallaMateriaRow } from '@arandu/shared';
import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { DataList } from '../../../components/data-list/data-list';
import { RowAction } from '../../../components/data-list/row-action';
import { SearchInput } from '../../../components/data-list/search-input';
import { toast } from '../../../components/toast';
import { failureMessage, isNotFound } from '../../../lib/api-errors';
import { mallaMateriasQueryOptions, type MallaMateriaFilters } from '../api/get-mallas';
import { useDeleteMallaMateria } from '../api/save-malla';
import { MallaMateriaModal } from './malla-materia-modal';
import { SEMESTRE_OPTIONS } from './semestre-options';

const EMPTY_FILTERS: MallaMateriaFilters = { semestre: null, materia: '' };

/** The malla's subject table (spec 03 section 3): add, edit and remove subjects, 100 a page. */
export function MallaMateriasTable({ mallaId }: { mallaId: number }) {
  const [editing, setEditing] = useState<MallaMateriaRow | 'new' | null>(null);
  const remove = useDeleteMallaMateria();
  const close = useCallback(() => setEditing(null), []);

  const askRemove = async (row: MallaMateriaRow) => {
    const ok = await confirmDialog({
      title: 'Quitar materia',
      message: `Estás seguro que deseas quitar la materia ${row.codigoMateria} - ${row.materia} de esta malla?`,
      confirmLabel: 'Si, Quitar',
      cancelLabel: 'No, Volver',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(MSG.mallaMateriaRemoved);
    } catch (error) {
      if (isNotFound(error)) toast.error(MSG.materiaNotFound);
      else toast.warning(failureMessage(error, MSG.mallaMateriaRemoveFailed));
    }
  };

  const columns: DataTableColumn<MallaMateriaRow>[] = [
    { accessor: 'semestreNroOrden', title: 'Semestre', width: 100, render: (row) => `${row.semestreNroOrden}º` },
    { accessor: 'materia', title: 'Materia', render: (row) => `${row.codigoMateria} - ${row.materia}` },
    { accessor: 'areaConocimiento', title: 'Área Conocimiento', render: (row) => row.areaConocimiento ?? '—' },
    { accessor: 'horasLaboratorioSemestral', title: 'Hs. Lab.', textAlign: 'right', width: 100 },
    { accessor: 'horasPracticaSemestral', title: 'Hs. Práct.', textAlign: 'right', width: 100 },
    { accessor: 'horasTeoriaSemestral', title: 'Hs. Teoría', textAlign: 'right', width: 100 },
    {
      accessor: 'acciones',
      title: 'Acción',
      textAlign: 'right',
      width: 110,
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction label="Editar" icon={<IconEdit size={18} />} onClick={() => setEditing(row)} />
          <RowAction
            label="Quitar"
            color="red"
            icon={<IconTrash size={18} />}
            disabled={row.cantidadOfertas > 0}
            disabledReason={MSG.mallaMateriaInUse}
            onClick={() => void askRemove(row)}
          />
        </Group>
      ),
    },
  ];

  return (
    <>
      <DataList<MallaMateriaRow, MallaMateriaFilters>
        label="Materias de la malla"
        query={(request) => mallaMateriasQueryOptions(mallaId, request)}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        pageSize={100}
        loadError={MSG.materiasLoadFailed}
        toolbar={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Agregar materia
          </Button>
        }
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Semestre"
              placeholder="Todos"
              data={SEMESTRE_OPTIONS}
              clearable
              value={values.semestre ? String(values.semestre) : null}
              onChange={(v) => set('semestre', v ? Number(v) : null)}
            />
            <SearchInput label="Materia" value={values.materia} onChange={(v) => set('materia', v)} />
          </SimpleGrid>
        )}
      />
      <MallaMateriaModal
        mallaId={mallaId}
        row={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={close}
      />
    </>
  );
}
