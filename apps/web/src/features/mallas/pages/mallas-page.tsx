import { MSG, type MallaRow } from '@arandu/shared';
import { Button, SimpleGrid } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { DataList } from '../../../components/data-list/data-list';
import { activeColumn, editDeleteColumn, YesNoBadge } from '../../../components/data-list/columns';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { paths } from '../../../config/paths';
import { DATE_FORMAT, formatDate } from '../../../lib/format';
import { mallasQueryOptions, type MallaFilters } from '../api/get-mallas';
import { useDeleteMalla } from '../api/save-malla';

const EMPTY_FILTERS: MallaFilters = { nombre: '', carrera: '', fechaVigencia: null };

/** 'Lista de mallas' (spec 03 section 2.13). */
export function MallasPage() {
  const askDelete = useConfirmDelete<MallaRow>({
    remove: useDeleteMalla(),
    title: 'Borrar malla',
    message: (row) => `Estás seguro que deseas eliminar la malla ${row.nombre} - ${row.carrera}?`,
    confirmLabel: 'Si, Borrar malla',
    done: MSG.mallaDeleted,
    notFound: MSG.mallaNotFound,
    failed: MSG.mallaDeleteFailed,
  });

  const columns: DataTableColumn<MallaRow>[] = [
    { accessor: 'id', title: '#', width: 70 },
    { accessor: 'nombre', title: 'Nombre' },
    { accessor: 'carrera', title: 'Carrera' },
    { accessor: 'fechaVigencia', title: 'Fecha Vigencia', width: 140, render: (row) => formatDate(row.fechaVigencia) },
    { accessor: 'cantidadMaterias', title: 'Materias', textAlign: 'right', width: 90 },
    {
      accessor: 'usarPorDefecto',
      title: 'Usar Por Defecto',
      width: 160,
      render: (row) => <YesNoBadge value={row.usarPorDefecto} />,
    },
    activeColumn(),
    editDeleteColumn({ editTo: (row) => paths.mallas.edit(row.id), onDelete: (row) => void askDelete(row) }),
  ];

  return (
    <>
      <PageHeader
        title="Lista de mallas"
        description="Mallas curriculares de cada carrera, con sus materias por semestre."
      />
      <DataList<MallaRow, MallaFilters>
        label="Lista de mallas"
        query={mallasQueryOptions}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG.mallaListLoadFailed}
        toolbar={
          <Button component={Link} to={paths.mallas.new} leftSection={<IconPlus size={16} />}>
            Agregar nueva malla
          </Button>
        }
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <SearchInput label="Nombre" value={values.nombre} onChange={(v) => set('nombre', v)} />
            <SearchInput label="Carrera" value={values.carrera} onChange={(v) => set('carrera', v)} />
            <DateInput
              label="Fecha Vigencia"
              valueFormat={DATE_FORMAT}
              placeholder="dd/mm/aaaa"
              clearable
              value={values.fechaVigencia}
              onChange={(v) => set('fechaVigencia', v)}
            />
          </SimpleGrid>
        )}
      />
    </>
  );
}
