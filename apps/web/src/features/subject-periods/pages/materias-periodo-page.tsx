import { MSG, Role, type MateriaPeriodoRow } from '@arandu/shared';
import { Badge, Button, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconNotebook, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { DataList } from '../../../components/data-list/data-list';
import { editDeleteColumn, YesNoBadge } from '../../../components/data-list/columns';
import { RowAction } from '../../../components/data-list/row-action';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { ProfesoresCell } from '../../../components/profesores-cell';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { paths } from '../../../config/paths';
import { useSession, useViewAs } from '../../../lib/session';
import {
  materiasPeriodoQueryOptions,
  useMateriaPeriodoFormData,
  type MateriaPeriodoFilters,
} from '../api/get-materias-periodo';
import { useDeleteMateriaPeriodo } from '../api/save-materia-periodo';

const EMPTY_FILTERS: MateriaPeriodoFilters = { malla: '', materia: '', codigo: '', profesor: '', periodoId: null };

/** 'Lista de materias por periodo' (spec 03 section 2.2). */
export function MateriasPeriodoPage() {
  const user = useSession();
  const view = useViewAs();
  // The Profesor column and its search: only an administrator viewing as administrator (spec 03 section 6).
  const adminView = !!user?.esAdmin && view === Role.Admin;
  const formData = useMateriaPeriodoFormData();
  const periodos = (formData.data?.periodos ?? []).map((p) => ({ value: String(p.value), label: p.label }));

  const askDelete = useConfirmDelete<MateriaPeriodoRow>({
    remove: useDeleteMateriaPeriodo(),
    title: 'Borrar materia por periodo',
    message: (row) => `Estás seguro que deseas eliminar esta materia ${row.materia} - ${row.seccion} del periodo?`,
    done: MSG.materiaPeriodoDeleted,
    notFound: MSG.materiaPeriodoDeleteNotFound,
    failed: MSG.materiaPeriodoDeleteFailed,
  });

  const columns: DataTableColumn<MateriaPeriodoRow>[] = [
    { accessor: 'id', title: '#', width: 60 },
    { accessor: 'periodo', title: 'Periodo', width: 120 },
    {
      accessor: 'malla',
      title: 'Malla',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.malla}</Text>
          <Text size="xs" c="dimmed">
            {row.carrera}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'semestreNroOrden', title: 'Semestre', width: 105, render: (row) => `${row.semestreNroOrden}º` },
    {
      accessor: 'materia',
      title: 'Materia',
      width: 170,
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Badge variant="light" size="sm" radius="sm" style={{ flexShrink: 0 }}>
            {row.codigoMateria}
          </Badge>
          <Text size="sm">
            {row.materia}{' '}
            <Text span size="sm" c="dimmed">
              - {row.seccion}
            </Text>
          </Text>
        </Stack>
      ),
    },
    { accessor: 'codigoMateria', title: 'Código Materia', hidden: true },
    {
      accessor: 'profesores',
      title: 'Profesor(es)',
      hidden: !adminView,
      render: (row) => <ProfesoresCell profesores={row.profesores} />,
    },
    {
      accessor: 'cantidadInscriptos',
      title: <span style={{ whiteSpace: 'normal' }}>Alumnos inscriptos</span>,
      textAlign: 'right',
      width: 100,
    },
    {
      accessor: 'tieneHorario',
      title: 'Horario',
      width: 84,
      render: (row) => <YesNoBadge value={row.tieneHorario} noColor="orange" />,
    },
    editDeleteColumn({
      title: 'Accion',
      width: 124,
      before: (row) => (
        <RowAction
          label="Plan semestral de clases"
          icon={<IconNotebook size={18} />}
          to={paths.profesorSubjects.detail(row.id)}
        />
      ),
      editTo: (row) => paths.subjectsPeriods.edit(row.id),
      onDelete: (row) => void askDelete(row),
      cannotDelete: (row) => row.cantidadInscriptos > 0,
      cannotDeleteReason: `${MSG.materiaPeriodoCannotDelete} - ${MSG.materiaPeriodoHasStudents}`,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Lista de materias por periodo"
        description="Materias ofrecidas en cada periodo, con su sección, profesores y horario."
      />
      <DataList<MateriaPeriodoRow, MateriaPeriodoFilters>
        label="Lista de materias por periodo"
        query={materiasPeriodoQueryOptions}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG.subjectPeriodListLoadFailed}
        toolbar={
          <Button component={Link} to={paths.subjectsPeriods.new} leftSection={<IconPlus size={16} />}>
            Agregar materia al periodo
          </Button>
        }
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 2, md: adminView ? 5 : 4 }}>
            <Select
              label="Periodo"
              placeholder="Todos"
              data={periodos}
              clearable
              value={values.periodoId ? String(values.periodoId) : null}
              onChange={(v) => set('periodoId', v ? Number(v) : null)}
            />
            <SearchInput label="Malla" value={values.malla} onChange={(v) => set('malla', v)} />
            <SearchInput label="Materia" value={values.materia} onChange={(v) => set('materia', v)} />
            <SearchInput label="Código" value={values.codigo} onChange={(v) => set('codigo', v)} />
            {adminView && <SearchInput label="Profesor" value={values.profesor} onChange={(v) => set('profesor', v)} />}
          </SimpleGrid>
        )}
      />
    </>
  );
}
