import { MSG, type CarreraRow } from '@arandu/shared';
import { SimpleGrid } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { CatalogueList } from '../../../components/data-list/catalogue-list';
import { activeColumn } from '../../../components/data-list/columns';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { carrerasQueryOptions, type CarreraFilters } from '../api/get-carreras';
import { useDeleteCarrera } from '../api/save-carrera';
import { CarreraFormModal } from '../components/carrera-form-modal';

const EMPTY_FILTERS: CarreraFilters = { nombre: '', codigo: '' };

const COLUMNS: DataTableColumn<CarreraRow>[] = [
  { accessor: 'codigo', title: 'Código', width: 110 },
  { accessor: 'nombre', title: 'Nombre' },
  { accessor: 'cantidadMallas', title: 'Mallas', textAlign: 'right', width: 90 },
  { accessor: 'cantidadMaterias', title: 'Materias', textAlign: 'right', width: 110 },
  activeColumn(),
];

/** 'Carreras' (/pages/carreras): the faculty's careers, a form to add or edit one, deletion when unused. */
export function CarrerasPage() {
  return (
    <>
      <PageHeader title="Lista de carreras" description="Carreras de la facultad y sus códigos." />
      <CatalogueList<CarreraRow, CarreraFilters>
        label="Lista de carreras"
        query={carrerasQueryOptions}
        columns={COLUMNS}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG.carreraListLoadFailed}
        addLabel="Agregar nueva carrera"
        remove={{
          remove: useDeleteCarrera(),
          title: 'Borrar carrera',
          message: (row) => `¿Está seguro de que desea eliminar la carrera ${row.codigo} - ${row.nombre}?`,
          done: MSG.carreraDeleted,
          notFound: MSG.carreraNotFound,
          failed: MSG.carreraDeleteFailed,
        }}
        cannotDelete={(row) => row.cantidadMallas + row.cantidadMaterias > 0}
        cannotDeleteReason={MSG.carreraInUse}
        formModal={CarreraFormModal}
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SearchInput label="Nombre" value={values.nombre} onChange={(v) => set('nombre', v)} />
            <SearchInput label="Código" value={values.codigo} onChange={(v) => set('codigo', v)} />
          </SimpleGrid>
        )}
      />
    </>
  );
}
