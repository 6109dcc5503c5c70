import { MSG, type MateriaRow } from '@arandu/shared';
import { Button, Select, SimpleGrid, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useState } from 'react';
import { DataList } from '../../../components/data-list/data-list';
import { activeColumn, editDeleteColumn } from '../../../components/data-list/columns';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { materiasQueryOptions, useMateriaFormData, type MateriaFilters } from '../api/get-materias';
import { useDeleteMateria } from '../api/save-materia';
import { MateriaFormModal } from '../components/materia-form-modal';

const EMPTY_FILTERS: MateriaFilters = { nombre: '', codigo: '', carreraId: null };

/** 'Materias' (/pages/materias): the subject catalogue the mallas draw from. */
export function MateriasPage() {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const formData = useMateriaFormData();
  const close = useCallback(() => setEditing(null), []);
  const carreras = (formData.data?.carreras ?? []).map((c) => ({ value: String(c.value), label: c.label }));

  const askDelete = useConfirmDelete<MateriaRow>({
    remove: useDeleteMateria(),
    title: 'Borrar materia',
    message: (row) => `¿Está seguro de que desea eliminar la materia ${row.codigo} - ${row.nombre}?`,
    done: MSG.materiaDeleted,
    notFound: MSG.materiaNotFound,
    failed: MSG.materiaDeleteFailed,
  });

  const columns: DataTableColumn<MateriaRow>[] = [
    { accessor: 'codigo', title: 'Código', width: 110 },
    { accessor: 'nombre', title: 'Nombre' },
    {
      accessor: 'carrera',
      title: 'Carrera',
      render: (row) =>
        row.carrera ?? (
          <Text size="sm" c="dimmed" fs="italic">
            Común
          </Text>
        ),
    },
    { accessor: 'cantidadMallas', title: 'Mallas', textAlign: 'right', width: 90 },
    activeColumn(),
    editDeleteColumn({
      onEdit: (row) => setEditing({ id: row.id }),
      onDelete: (row) => void askDelete(row),
      cannotDelete: (row) => row.cantidadMallas > 0,
      cannotDeleteReason: MSG.materiaInUse,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Lista de materias"
        description="Catálogo de materias que las mallas de cada carrera ordenan por semestre."
      />
      <DataList<MateriaRow, MateriaFilters>
        label="Lista de materias"
        query={materiasQueryOptions}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG.materiaListLoadFailed}
        toolbar={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ id: null })}>
            Agregar nueva materia
          </Button>
        }
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <SearchInput label="Nombre" value={values.nombre} onChange={(v) => set('nombre', v)} />
            <SearchInput label="Código" value={values.codigo} onChange={(v) => set('codigo', v)} />
            <Select
              label="Carrera"
              placeholder="Todas"
              data={carreras}
              clearable
              value={values.carreraId ? String(values.carreraId) : null}
              onChange={(v) => set('carreraId', v ? Number(v) : null)}
            />
          </SimpleGrid>
        )}
      />
      <MateriaFormModal opened={editing !== null} id={editing?.id ?? null} onClose={close} />
    </>
  );
}
