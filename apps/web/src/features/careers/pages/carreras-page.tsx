import { MSG, type CarreraRow } from '@arandu/shared';
import { Button, SimpleGrid } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useState } from 'react';
import { DataList } from '../../../components/data-list/data-list';
import { activeColumn, editDeleteColumn } from '../../../components/data-list/columns';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { carrerasQueryOptions, type CarreraFilters } from '../api/get-carreras';
import { useDeleteCarrera } from '../api/save-carrera';
import { CarreraFormModal } from '../components/carrera-form-modal';

const EMPTY_FILTERS: CarreraFilters = { nombre: '', codigo: '' };

/** 'Carreras' (/pages/carreras): the faculty's careers, a form to add or edit one, deletion when unused. */
export function CarrerasPage() {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const close = useCallback(() => setEditing(null), []);

  const askDelete = useConfirmDelete<CarreraRow>({
    remove: useDeleteCarrera(),
    title: 'Borrar carrera',
    message: (row) => `¿Está seguro de que desea eliminar la carrera ${row.codigo} - ${row.nombre}?`,
    done: MSG.carreraDeleted,
    notFound: MSG.carreraNotFound,
    failed: MSG.carreraDeleteFailed,
  });

  const inUse = (row: CarreraRow) => row.cantidadMallas + row.cantidadMaterias > 0;
  const columns: DataTableColumn<CarreraRow>[] = [
    { accessor: 'codigo', title: 'Código', width: 110 },
    { accessor: 'nombre', title: 'Nombre' },
    { accessor: 'cantidadMallas', title: 'Mallas', textAlign: 'right', width: 90 },
    { accessor: 'cantidadMaterias', title: 'Materias', textAlign: 'right', width: 110 },
    activeColumn(),
    editDeleteColumn({
      onEdit: (row) => setEditing({ id: row.id }),
      onDelete: (row) => void askDelete(row),
      cannotDelete: inUse,
      cannotDeleteReason: MSG.carreraInUse,
    }),
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
