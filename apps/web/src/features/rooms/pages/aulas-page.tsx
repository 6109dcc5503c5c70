import { AULA_MSG, type AulaRow } from '@arandu/shared';
import { Button, SimpleGrid } from '@mantine/core';
import { IconDoorEnter, IconTableImport } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { CatalogueList } from '../../../components/data-list/catalogue-list';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { aulasQueryOptions, useDeleteAula, type AulaFilters } from '../api/aulas';
import { AulaFormModal, TIPO_LABELS } from '../components/aula-form-modal';

const EMPTY_FILTERS: AulaFilters = { search: '' };

const COLUMNS: DataTableColumn<AulaRow>[] = [
  { accessor: 'nombre', title: 'Nombre' },
  { accessor: 'edificio', title: 'Edificio', render: (r) => r.edificio ?? '—' },
  { accessor: 'tipo', title: 'Tipo', render: (r) => TIPO_LABELS[r.tipo], width: 130 },
  { accessor: 'capacidad', title: 'Capacidad', textAlign: 'right', width: 110, render: (r) => r.capacidad ?? '—' },
  { accessor: 'horarios', title: 'Clases', textAlign: 'right', width: 90 },
];

/** 'Aulas' (issue 45): the faculty's rooms, a form to add or edit one, deletion while no schedule uses it. */
export function AulasPage() {
  return (
    <>
      <PageHeader title="Aulas" description="Aulas, laboratorios y auditorios de la facultad, con su capacidad." />
      <CatalogueList<AulaRow, AulaFilters>
        label="Lista de aulas"
        query={aulasQueryOptions}
        columns={COLUMNS}
        emptyFilters={EMPTY_FILTERS}
        loadError="No se pudo cargar la lista de aulas"
        addLabel="Agregar nueva aula"
        toolbarExtra={
          <>
            <Button variant="default" leftSection={<IconDoorEnter size={16} />} component={Link} to={paths.aulasLibres}>
              Buscar aula libre
            </Button>
            <Button
              variant="default"
              leftSection={<IconTableImport size={16} />}
              component={Link}
              to={`${paths.imports}?tipo=aulas`}
            >
              Importar aulas
            </Button>
          </>
        }
        remove={{
          remove: useDeleteAula(),
          title: 'Borrar aula',
          message: (row) => `¿Está seguro de que desea eliminar el aula ${row.nombre}?`,
          done: AULA_MSG.aulaBorrada,
          notFound: AULA_MSG.aulaNotFound,
          failed: 'No se pudo borrar el aula',
        }}
        cannotDelete={(row) => row.horarios > 0}
        cannotDeleteReason={AULA_MSG.aulaInUse}
        formModal={AulaFormModal}
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SearchInput label="Nombre o edificio" value={values.search} onChange={(v) => set('search', v)} />
          </SimpleGrid>
        )}
      />
    </>
  );
}
