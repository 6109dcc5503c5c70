import { MSG, type MateriaRow } from '@arandu/shared';
import { Badge, Button, Group, Select, SimpleGrid, Text } from '@mantine/core';
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
import { materiasQueryOptions, useMateriaFormData, type MateriaFilters } from '../api/get-materias';
import { useDeleteMateria } from '../api/save-materia';
import { MateriaFormModal } from '../components/materia-form-modal';

const EMPTY_FILTERS: MateriaFilters = { nombre: '', codigo: '', carreraId: null };

/** 'Materias' (/pages/materias): the subject catalogue the mallas draw from. */
export function MateriasPage() {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const remove = useDeleteMateria();
  const formData = useMateriaFormData();
  const close = useCallback(() => setEditing(null), []);
  const carreras = (formData.data?.carreras ?? []).map((c) => ({ value: String(c.value), label: c.label }));

  const askDelete = async (row: MateriaRow) => {
    const ok = await confirmDialog({
      title: 'Borrar materia',
      message: `Estás seguro que deseas eliminar la materia ${row.codigo} - ${row.nombre}?`,
      confirmLabel: 'Si, Borrar',
      cancelLabel: 'No, Volver',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(MSG.materiaDeleted);
    } catch (error) {
      if (isNotFound(error)) toast.error(MSG.materiaNotFound);
      else toast.warning(failureMessage(error, MSG.materiaDeleteFailed));
    }
  };

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
            disabled={row.cantidadMallas > 0}
            disabledReason={MSG.materiaInUse}
            onClick={() => void askDelete(row)}
          />
        </Group>
      ),
    },
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
