import { MSG, type AlumnoListItem } from '@arandu/shared';
import { Button } from '@mantine/core';
import { IconPlus, IconReportAnalytics } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { DataList } from '../../../components/data-list/data-list';
import { editDeleteColumn, documentColumn } from '../../../components/data-list/columns';
import { RowAction } from '../../../components/data-list/row-action';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { paths } from '../../../config/paths';
import { alumnosQueryOptions, type AlumnoFilters } from '../api/get-students';
import { useDeleteAlumno } from '../api/save-student';
import { StaffOnly } from '../../../components/staff-only';

const EMPTY_FILTERS: AlumnoFilters = { search: '' };

/** 'Alumnos del Sistema' (/pages/students, spec 01 section 2). */
function AlumnosPageContent() {
  const askDelete = useConfirmDelete<AlumnoListItem>({
    remove: useDeleteAlumno(),
    title: 'Borrar alumno',
    message: (row) =>
      `¿Está seguro de que desea eliminar la ficha del alumno ${row.apellido}, ${row.nombre} (legajo ${row.numeroLegajo})?`,
    confirmLabel: 'Sí, borrar alumno',
    done: MSG.studentDeleted,
    notFound: MSG.studentNotFound,
    failed: MSG.studentDeleteFailed,
  });

  const columns: DataTableColumn<AlumnoListItem>[] = [
    { accessor: 'numeroLegajo', title: 'Legajo', textAlign: 'right', width: 100 },
    documentColumn('Documento'),
    { accessor: 'nombre', title: 'Nombre' },
    { accessor: 'apellido', title: 'Apellido' },
    { accessor: 'malla', title: 'Malla' },
    { accessor: 'carrera', title: 'Carrera' },
    editDeleteColumn({
      width: 130,
      before: (s) => (
        <RowAction
          label="Ver estado académico"
          icon={<IconReportAnalytics size={18} />}
          to={paths.reports.academicStatusOf(s.id)}
        />
      ),
      editTo: (s) => paths.students.edit(s.id),
      onDelete: (s) => void askDelete(s),
    }),
  ];

  return (
    <>
      <PageHeader title="Alumnos del Sistema" description="Fichas de alumno: legajo, malla y fecha de ingreso." />
      <DataList<AlumnoListItem, AlumnoFilters>
        label="Alumnos del Sistema"
        pinLastColumn
        query={alumnosQueryOptions}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG.studentListLoadFailed}
        toolbar={
          <Button component={Link} to={paths.students.new} leftSection={<IconPlus size={16} />}>
            Agregar nuevo alumno
          </Button>
        }
        renderFilters={({ values, set }) => (
          <SearchInput
            maw={480}
            description="Legajo, documento, nombre o apellido"
            value={values.search}
            onChange={(value) => set('search', value)}
          />
        )}
      />
    </>
  );
}

export function AlumnosPage() {
  return (
    <StaffOnly>
      <AlumnosPageContent />
    </StaffOnly>
  );
}
