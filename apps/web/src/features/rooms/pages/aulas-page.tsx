import { AULA_MSG, type AulaRow } from '@arandu/shared';
import { Button, Group, SimpleGrid } from '@mantine/core';
import { IconDoorEnter, IconPlus, IconTableImport } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { DataList } from '../../../components/data-list/data-list';
import { editDeleteColumn } from '../../../components/data-list/columns';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { paths } from '../../../config/paths';
import { aulasQueryOptions, useDeleteAula, type AulaFilters } from '../api/aulas';
import { AulaFormModal, TIPO_LABELS } from '../components/aula-form-modal';

const EMPTY_FILTERS: AulaFilters = { search: '' };

/** 'Aulas' (issue 45): the faculty's rooms, a form to add or edit one, deletion while no schedule uses it. */
export function AulasPage() {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const askDelete = useConfirmDelete<AulaRow>({
    remove: useDeleteAula(),
    title: 'Borrar aula',
    message: (row) => `¿Está seguro de que desea eliminar el aula ${row.nombre}?`,
    done: AULA_MSG.aulaBorrada,
    notFound: AULA_MSG.aulaNotFound,
    failed: 'No se pudo borrar el aula',
  });

  const columns: DataTableColumn<AulaRow>[] = [
    { accessor: 'nombre', title: 'Nombre' },
    { accessor: 'edificio', title: 'Edificio', render: (r) => r.edificio ?? '—' },
    { accessor: 'tipo', title: 'Tipo', render: (r) => TIPO_LABELS[r.tipo], width: 130 },
    { accessor: 'capacidad', title: 'Capacidad', textAlign: 'right', width: 110, render: (r) => r.capacidad ?? '—' },
    { accessor: 'horarios', title: 'Clases', textAlign: 'right', width: 90 },
    editDeleteColumn({
      onEdit: (row) => setEditing({ id: row.id }),
      onDelete: (row) => void askDelete(row),
      cannotDelete: (row) => row.horarios > 0,
      cannotDeleteReason: AULA_MSG.aulaInUse,
    }),
  ];

  return (
    <>
      <PageHeader title="Aulas" description="Aulas, laboratorios y auditorios de la facultad, con su capacidad." />
      <DataList<AulaRow, AulaFilters>
        label="Lista de aulas"
        query={aulasQueryOptions}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError="No se pudo cargar la lista de aulas"
        toolbar={
          <Group gap="sm">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ id: null })}>
              Agregar nueva aula
            </Button>
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
          </Group>
        }
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SearchInput label="Nombre o edificio" value={values.search} onChange={(v) => set('search', v)} />
          </SimpleGrid>
        )}
      />
      <AulaFormModal opened={editing !== null} id={editing?.id ?? null} onClose={close} />
    </>
  );
}
