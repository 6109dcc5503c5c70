import { MSG, type StudentListItem } from '@arandu/shared';
import { Button, Group } from '@mantine/core';
import { IconEdit, IconPlus, IconReportAnalytics, IconTrash } from '@tabler/icons-react';
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
import { formatDocumentNumber } from '../../../lib/format';
import { studentsQueryOptions, type StudentFilters } from '../api/get-students';
import { useDeleteStudent } from '../api/save-student';
import { StaffOnly } from '../../../components/staff-only';

const EMPTY_FILTERS: StudentFilters = { search: '' };

/** 'Alumnos del Sistema' (/pages/students, spec 01 section 2). */
function StudentsPageContent() {
  const remove = useDeleteStudent();

  const askDelete = async (row: StudentListItem) => {
    const ok = await confirmDialog({
      title: 'Borrar alumno',
      message: `Estás seguro que deseas eliminar la ficha del alumno ${row.apellido}, ${row.nombre} (legajo ${row.numeroLegajo})?`,
      confirmLabel: 'Si, Borrar alumno',
      cancelLabel: 'No, Volver',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(MSG.studentDeleted);
    } catch (error) {
      if (isNotFound(error)) toast.error(MSG.studentNotFound);
      else toast.warning(failureMessage(error, MSG.studentDeleteFailed));
    }
  };

  const columns: DataTableColumn<StudentListItem>[] = [
    { accessor: 'numeroLegajo', title: 'Legajo', textAlign: 'right', width: 100 },
    {
      accessor: 'numeroDocumento',
      title: 'Documento',
      textAlign: 'right',
      render: (s) => formatDocumentNumber(s.numeroDocumento),
    },
    { accessor: 'nombre', title: 'Nombre' },
    { accessor: 'apellido', title: 'Apellido' },
    { accessor: 'malla', title: 'Malla' },
    { accessor: 'carrera', title: 'Carrera' },
    {
      accessor: 'acciones',
      title: 'Acción',
      textAlign: 'right',
      width: 130,
      render: (s) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction
            label="Ver estado académico"
            icon={<IconReportAnalytics size={18} />}
            to={paths.reports.academicStatusOf(s.id)}
          />
          <RowAction label="Editar" icon={<IconEdit size={18} />} to={paths.students.edit(s.id)} />
          <RowAction label="Borrar" color="red" icon={<IconTrash size={18} />} onClick={() => void askDelete(s)} />
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Alumnos del Sistema" description="Fichas de alumno: legajo, malla y fecha de ingreso." />
      <DataList<StudentListItem, StudentFilters>
        label="Alumnos del Sistema"
        pinLastColumn
        query={studentsQueryOptions}
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

export function StudentsPage() {
  return (
    <StaffOnly>
      <StudentsPageContent />
    </StaffOnly>
  );
}
