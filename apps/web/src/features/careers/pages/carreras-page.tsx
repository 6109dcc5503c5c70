import { MSG, type CarreraRow } from '@arandu/shared';
import { Badge, Button, Group, SimpleGrid } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { DataList } from '../../../components/data-list/data-list';
import { RowAction } from '../../../components/data-list/row-action';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { failureMessage, isNotFound } from '../../../lib/api-errors';
import { carrerasQueryOptions, type CarreraFilters } from '../api/get-carreras';
import { useDeleteCarrera } from '../api/save-carrera';
import { CarreraFormModal } from '../components/carrera-form-modal';

const EMPTY_FILTERS: CarreraFilters = { nombre: '', codigo: '' };

/** 'Carreras' (/pages/carreras): the faculty's careers, a form to add or edit one, deletion when unused. */
export function CarrerasPage() {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const remove = useDeleteCarrera();
  const close = useCallback(() => setEditing(null), []);

  const askDelete = async (row: CarreraRow) => {
    const ok = await confirmDialog({
      title: 'Borrar carrera',
      message: `Estás seguro que deseas eliminar la carrera ${row.codigo} - ${row.nombre}?`,
      confirmLabel: 'Si, Borrar',
      cancelLabel: 'No, Volver',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(MSG.carreraDeleted);
    } catch (error) {
      if (isNotFound(error)) toast.error(MSG.carreraNotFound);
      else toast.warning(failureMessage(error, MSG.carreraDeleteFailed));
    }
  };

  const inUse = (row: CarreraRow) => row.cantidadMallas + row.cantidadMaterias > 0;
  const columns: DataTableColumn<CarreraRow>[] = [
    { accessor: 'codigo', title: 'Código', width: 110 },
    { accessor: 'nombre', title: 'Nombre' },
    { accessor: 'cantidadMallas', title: 'Mallas', textAlign: 'right', width: 90 },
    { accessor: 'cantidadMaterias', title: 'Materias', textAlign: 'right', width: 110 },
    {
      accessor: 'activo',
      title: 'Activo',
      width: 90,
      render: (row) => (
        <Badge variant="light" color={row.activo ? 'teal' : 'gray'}>
          {row.activo ? 'Si' : 'No'}
        </Badge>
      ),
    },
    {
      accessor: 'acciones',
      title: 'Acción',
      textAlign: 'right',
      width: 110,
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction label="Editar" icon={<IconEdit size={18} />} onClick={() => setEditing({ id: row.id })} />
          <RowAction
            label="Borrar"
            color="red"
            icon={<IconTrash size={18} />}
            disabled={inUse(row)}
            disabledReason={MSG.carreraInUse}
            onClick={() => void askDelete(row)}
          />
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Lista de carreras" description="Carreras de la facultad y sus códigos." />
      <DataList<CarreraRow, CarreraFilters>
        label="Lista de carreras"
        query={carrerasQueryOptions}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG.carreraListLoadFailed}
        toolbar={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ id: null })}>
            Agregar nueva carrera
          </Button>
        }
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SearchInput label="Nombre" value={values.nombre} onChange={(v) => set('nombre', v)} />
            <SearchInput label="Código" value={values.codigo} onChange={(v) => set('codigo', v)} />
          </SimpleGrid>
        )}
      />
      <CarreraFormModal opened={editing !== null} id={editing?.id ?? null} onClose={close} />
    </>
  );
}
