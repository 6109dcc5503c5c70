import { MSG, Role, type ProfesorMateria } from '@arandu/shared';
import { Badge, Group, Select } from '@mantine/core';
import { IconEdit, IconStarFilled } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { DataList } from '../../../components/data-list/data-list';
import { RowAction } from '../../../components/data-list/row-action';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { ProfesoresCell } from '../../../components/profesores-cell';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-errors';
import { useSession, useViewAs } from '../../../lib/session';
import {
  profesorMateriasQueryOptions,
  useProfesorFormData,
  type ProfesorMateriasFilters,
} from '../api/get-profesor-materias';
import { useToggleDashboard } from '../api/toggle-dashboard';
import { TableroStar } from '../../../components/tablero-star';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

const EMPTY_FILTERS: ProfesorMateriasFilters = { search: '' };

/** 'Materias asignadas' (spec 03 section 2.5): the professor's subject-periods by period, with the star. */
export function ProfesorMateriasPage() {
  const user = useSession();
  const view = useViewAs();
  const staffView = view === Role.Funcionario || view === Role.Admin;
  // The star: a professor who is not an administrator, or a professor-administrator viewing as professor.
  const showStar = !!user?.esProfesor && (!user.esAdmin || view === Role.Profesor);
  const formData = useProfesorFormData();
  // Undefined until the user picks one: then the active period is shown; null shows every period.
  const [chosenPeriodo, setPeriodoId] = useState<number | null | undefined>(undefined);
  const toggle = useToggleDashboard();
  const [toggling, setToggling] = useState<number | null>(null);

  const active = formData.data?.periodos.find((p) => p.activo)?.value ?? null;
  const periodoId = chosenPeriodo === undefined ? active : chosenPeriodo;
  useLoadErrorToast(formData.error, MSG.formDataLoadFailed);

  const star = async (row: ProfesorMateria) => {
    setToggling(row.id);
    try {
      const result = await toggle.mutateAsync(row.id);
      toast.success(result.mostrarEnTablero ? MSG.tableroAdded : MSG.tableroRemoved);
    } catch (error) {
      toast.error(failureMessage(error, MSG.tableroFailed));
    } finally {
      setToggling(null);
    }
  };

  const columns: DataTableColumn<ProfesorMateria>[] = [
    {
      accessor: 'mostrarEnTablero',
      title: 'Tablero',
      width: 80,
      textAlign: 'center',
      hidden: !showStar,
      render: (row) =>
        row.esPropia ? (
          <TableroStar on={row.mostrarEnTablero} pending={toggling === row.id} onToggle={() => void star(row)} />
        ) : null,
    },
    { accessor: 'profesores', title: 'Profesor', render: (row) => <ProfesoresCell profesores={row.profesores} /> },
    {
      accessor: 'codigoMateria',
      title: 'Código',
      width: 100,
      render: (row) => (
        <Badge variant="light" size="sm" radius="sm">
          {row.codigoMateria}
        </Badge>
      ),
    },
    {
      accessor: 'materia',
      title: 'Materia',
      render: (row) => `${row.codigoMateria} - ${row.materia} - ${row.seccion}`,
    },
    { accessor: 'periodo', title: 'Periodo', width: 150 },
    { accessor: 'malla', title: 'Malla' },
    { accessor: 'carrera', title: 'Carrera' },
    { accessor: 'numeroSemestre', title: 'Semestre', width: 100, render: (row) => `${row.numeroSemestre}º` },
    { accessor: 'cantidadInscriptos', title: 'Alumnos', width: 90, textAlign: 'right' },
    {
      accessor: 'acciones',
      title: 'Acción',
      width: 80,
      textAlign: 'right',
      render: (row) => (
        <RowAction label="Abrir materia" icon={<IconEdit size={18} />} to={paths.profesorSubjects.detail(row.id)} />
      ),
    },
  ];

  const periodos = (formData.data?.periodos ?? []).map((p) => ({ value: String(p.value), label: p.label }));
  return (
    <>
      <PageHeader
        title="Materias asignadas"
        description={
          showStar ? (
            <Group gap={4} component="span">
              Marque con <IconStarFilled size={14} color="var(--mantine-color-yellow-filled)" aria-hidden /> las
              materias que quiere ver en su tablero.
            </Group>
          ) : undefined
        }
        actions={
          <Select
            aria-label="Periodo"
            w={260}
            data={periodos}
            value={periodoId ? String(periodoId) : null}
            onChange={(v) => setPeriodoId(v ? Number(v) : null)}
            placeholder="Todos los periodos"
            clearable
          />
        }
      />
      <DataList<ProfesorMateria, ProfesorMateriasFilters>
        label="Materias asignadas"
        query={(request) => profesorMateriasQueryOptions({ periodoId, todos: staffView }, request)}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG.materiasLoadFailed}
        renderFilters={({ values, set }) => (
          <SearchInput
            label="Materia, código, malla o carrera"
            value={values.search}
            onChange={(v) => set('search', v)}
          />
        )}
      />
    </>
  );
}
