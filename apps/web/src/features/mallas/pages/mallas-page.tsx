import { MSG, type MallaRow } from '@arandu/shared';
import { Badge, Button, Group, SimpleGrid } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import { DataList } from '../../../components/data-list/data-list';
import { RowAction } from '../../../components/data-list/row-action';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage, isNotFound } from '../../../lib/api-errors';
import { DATE_FORMAT, formatDate } from '../../../lib/format';
import { mallasQueryOptions, type MallaFilters } from '../api/get-mallas';
import { useDeleteMalla } from '../api/save-malla';

const EMPTY_FILTERS: MallaFilters = { nombre: '', carrera: '', fechaVigencia: null };

const yesNo = (value: boolean) => (
  <Badge variant="light" color={value ? 'teal' : 'gray'}>
    {value ? 'Si' : 'No'}
  </Badge>
);

/** 'Lista de mallas' (spec 03 section 2.13). */
export function MallasPage() {
  const remove = useDeleteMalla();

  const askDelete = async (row: MallaRow) => {
    const ok = await confirmDialog({
      title: 'Borrar malla',
      message: `Estás seguro que deseas eliminar la malla ${row.nombre} - ${row.carrera}?`,
      confirmLabel: 'Si, Borrar malla',
      cancelLabel: 'No, Volver',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(MSG.mallaDeleted);
    } catch (error) {
      if (isNotFound(error)) toast.error(MSG.mallaNotFound);
      else toast.warning(failureMessage(error, MSG.mallaDeleteFailed));
    }
  };

  const columns: DataTableColumn<MallaRow>[] = [
    { accessor: 'id', title: '#', width: 70 },
    { accessor: 'nombre', title: 'Nombre' },
    { accessor: 'carrera', title: 'Carrera' },
    { accessor: 'fechaVigencia', title: 'Fecha Vigencia', width: 140, render: (row) => formatDate(row.fechaVigencia) },
    { accessor: 'cantidadMaterias', title: 'Materias', textAlign: 'right', width: 100 },
    { accessor: 'usarPorDefecto', title: 'Usar Por Defecto', width: 150, render: (row) => yesNo(row.usarPorDefecto) },
    { accessor: 'activo', title: 'Activo', width: 90, render: (row) => yesNo(row.activo) },
    {
      accessor: 'acciones',
      title: 'Acción',
      textAlign: 'right',
      width: 110,
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction label="Editar" icon={<IconEdit size={18} />} to={paths.mallas.edit(row.id)} />
          <RowAction label="Borrar" color="red" icon={<IconTrash size={18} />} onClick={() => void askDelete(row)} />
        </Group>
      ),
    },
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
