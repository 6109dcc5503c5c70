import { MSG, type MateriaRow } from '@arandu/shared';
import { Select, SimpleGrid, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { CatalogueList } from '../../../components/data-list/catalogue-list';
import { activeColumn } from '../../../components/data-list/columns';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { materiasQueryOptions, useMateriaFormData, type MateriaFilters } from '../api/get-materias';
import { useDeleteMateria } from '../api/save-materia';
import { MateriaFormModal } from '../components/materia-form-modal';

const EMPTY_FILTERS: MateriaFilters = { nombre: '', codigo: '', carreraId: null };

const COLUMNS: DataTableColumn<MateriaRow>[] = [
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
];

/** 'Materias' (/pages/materias): the subject catalogue the mallas draw from. */
export function MateriasPage() {
  const formData = useMateriaFormData();
  const carreras = (formData.data?.carreras ?? []).map((c) => ({ value: String(c.value), label: c.label }));

  return (
    <>
      <PageHeader
        title="Lista de materias"
        description="Catálogo de materias que las mallas de cada carrera ordenan por semestre."
      />
      <CatalogueList<MateriaRow, MateriaFilters>
        label="Lista de materias"
        query={materiasQueryOptions}
        columns={COLUMNS}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG.materiaListLoadFailed}
        addLabel="Agregar nueva materia"
        remove={{
          remove: useDeleteMateria(),
          title: 'Borrar materia',
          message: (row) => `¿Está seguro de que desea eliminar la materia ${row.codigo} - ${row.nombre}?`,
          done: MSG.materiaDeleted,
          notFound: MSG.materiaNotFound,
          failed: MSG.materiaDeleteFailed,
        }}
        cannotDelete={(row) => row.cantidadMallas > 0}
        cannotDeleteReason={MSG.materiaInUse}
        formModal={MateriaFormModal}
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
    </>
  );
}
