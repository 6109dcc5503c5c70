import { ENROL_MSG, Role, type InscripcionItem } from '@arandu/shared';
import { Badge, Button, Group, Select, Text } from '@mantine/core';
import { IconClipboardList, IconPlus, IconWriting } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import { editDeleteColumn } from '../../../components/data-list/columns';
import { DataList } from '../../../components/data-list/data-list';
import { RowAction } from '../../../components/data-list/row-action';
import { SearchInput } from '../../../components/data-list/search-input';
import { EstadoBadge } from '../../../components/estado-badge';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-errors';
import { setEditProfileFlow } from '../../../lib/edit-profile-flag';
import { userCan, useSession, useViewAs } from '../../../lib/session';
import { useDeleteEnrolment, useToggleTablero } from '../api/enrolment';
import { enrolmentsQueryOptions, useEnrolmentListFormData, type EnrolmentFilters } from '../api/get-enrolments';
import { formatPercent } from '../../../lib/format';
import { TableroStar } from '../../../components/tablero-star';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

const EMPTY_FILTERS: EnrolmentFilters = { numeroSemestre: null, periodoId: null, materia: '', alumno: '' };

const percent = (value: number | null) => formatPercent(value, { sign: true, empty: '-' });

/** The star of 'Mis Materias': puts the subject on the student's dashboard or takes it off. */
function StarToggle({ row }: { row: InscripcionItem }) {
  const toggle = useToggleTablero();
  const star = async () => {
    try {
      const result = await toggle.mutateAsync(row.id);
      toast.success(result.mostrarEnTablero ? ENROL_MSG.tableroAdded : ENROL_MSG.tableroRemoved);
    } catch (error) {
      toast.error(failureMessage(error, ENROL_MSG.tableroFailed));
    }
  };
  return (
    <TableroStar
      on={row.mostrarEnTablero}
      pending={toggle.isPending}
      materia={row.materiaNombre}
      onToggle={() => void star()}
    />
  );
}

/**
 * 'Inscripciones a materias' (/pages/student-subjects, spec 02 section 2): the student's own enrolments
 * ('Mis Materias', with the dashboard star and 'Inscríbase Aquí' while the window is open) or, in the staff
 * views, every student's with their name, edit and delete ('Nueva inscripción' for an Admin).
 */
export function EnrolmentsPage() {
  const navigate = useNavigate();
  const user = useSession();
  const view = useViewAs();
  const staffView = view === Role.Funcionario || view === Role.Admin;
  // A user who is both admin and student sees the star only in the student view (spec 02 section 6).
  const alumnoView = !staffView && !!user?.esAlumno;
  const formData = useEnrolmentListFormData();
  const open = !!formData.data?.enableInscription;
  const askDelete = useConfirmDelete<InscripcionItem>({
    remove: useDeleteEnrolment(),
    title: 'Borrar inscripción',
    message: (row) =>
      `${ENROL_MSG.deleteConfirm} ${row.materiaNombre} (${row.seccion}) de ${row.apellidoAlumno}, ${row.nombreAlumno}`,
    done: ENROL_MSG.deleted,
    notFound: ENROL_MSG.inscripcionNotFound,
    failed: ENROL_MSG.deleteFailed,
  });

  const inscribase = () => {
    setEditProfileFlow(true);
    void navigate(paths.account.editProfile);
  };

  const columns: DataTableColumn<InscripcionItem>[] = [
    {
      accessor: 'mostrarEnTablero',
      title: 'Tablero',
      width: 80,
      textAlign: 'center',
      hidden: !alumnoView,
      render: (row) => <StarToggle row={row} />,
    },
    { accessor: 'numeroLegajo', title: 'Legajo', width: 90, textAlign: 'right', hidden: !staffView },
    {
      accessor: 'apellidoAlumno',
      title: 'Alumno',
      hidden: !staffView,
      render: (row) => `${row.apellidoAlumno}, ${row.nombreAlumno}`,
    },
    {
      accessor: 'materiaCodigo',
      title: 'Código',
      width: 100,
      render: (row) => (
        <Badge variant="light" size="sm" radius="sm">
          {row.materiaCodigo}
        </Badge>
      ),
    },
    { accessor: 'materiaNombre', title: 'Materia', render: (row) => `${row.materiaNombre} - ${row.seccion}` },
    { accessor: 'numeroSemestre', title: 'Semestre', width: 90, render: (row) => row.semestreNombre },
    { accessor: 'periodo', title: 'Periodo', width: 160, render: (row) => row.periodo.label },
    { accessor: 'nombreCarrera', title: 'Carrera', render: (row) => `${row.nombreCarrera} - ${row.nombreMalla}` },
    {
      accessor: 'porcentajeAsistencia',
      title: '% Asist.',
      width: 85,
      textAlign: 'right',
      render: (r) => percent(r.porcentajeAsistencia),
    },
    { accessor: 'porcentajePP', title: '% PP', width: 75, textAlign: 'right', render: (r) => percent(r.porcentajePP) },
    { accessor: 'estado', title: 'Estado', width: 130, render: (row) => <EstadoBadge estado={row.estado} /> },
    staffView
      ? editDeleteColumn({
          width: 130,
          before: (row) => (
            <RowAction
              label={ENROL_MSG.verTareas}
              icon={<IconClipboardList size={18} />}
              to={paths.studentTasks(row.materiaPeriodoId)}
            />
          ),
          editTo: (row) => paths.studentSubjects.edit(row.id),
          onDelete: (row) => void askDelete(row),
        })
      : {
          accessor: 'acciones',
          title: 'Acción',
          width: 80,
          textAlign: 'right',
          render: (row) => (
            <RowAction
              label={ENROL_MSG.verTareas}
              icon={<IconClipboardList size={18} />}
              to={paths.studentTasks(row.materiaPeriodoId)}
            />
          ),
        },
  ];

  useLoadErrorToast(formData.error, ENROL_MSG.requiredDataLoadFailed);

  const periodos = (formData.data?.periodos ?? []).map((p) => ({ value: String(p.value), label: p.label }));
  const semestres = (formData.data?.semestres ?? []).map((s) => ({ value: String(s.value), label: s.label }));
  const toolbar = (
    <Group gap="xs">
      {alumnoView && open && (
        <Button onClick={inscribase} leftSection={<IconWriting size={16} />}>
          {ENROL_MSG.inscribaseAqui}
        </Button>
      )}
      {staffView && (
        <Button
          component={Link}
          to={paths.studentSubjects.inscriptionForm}
          variant="light"
          leftSection={<IconWriting size={16} />}
        >
          {ENROL_MSG.formTitle}
        </Button>
      )}
      {view === Role.Admin && userCan(user, 'enrolment:create') && (
        <Button component={Link} to={paths.studentSubjects.inscriptionNew} leftSection={<IconPlus size={16} />}>
          {ENROL_MSG.nuevaInscripcion}
        </Button>
      )}
    </Group>
  );

  return (
    <>
      <PageHeader
        title={ENROL_MSG.listTitle}
        description={
          alumnoView ? (
            <Text span size="sm">
              Marque con la estrella las materias que quiere ver en su Tablero.
            </Text>
          ) : (
            'Inscripciones de los alumnos a las materias de cada periodo.'
          )
        }
      />
      <DataList<InscripcionItem, EnrolmentFilters>
        label={ENROL_MSG.listTitle}
        pinLastColumn
        query={(request) => enrolmentsQueryOptions(alumnoView, request)}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={ENROL_MSG.materiasLoadFailed}
        toolbar={toolbar}
        renderFilters={({ values, set }) => (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Periodo"
              w={220}
              data={periodos}
              value={values.periodoId}
              onChange={(v) => set('periodoId', v)}
              placeholder="Todos"
              clearable
            />
            <Select
              label="Semestre"
              w={130}
              data={semestres}
              value={values.numeroSemestre}
              onChange={(v) => set('numeroSemestre', v)}
              placeholder="Todos"
              clearable
            />
            <SearchInput label="Materia" w={220} value={values.materia} onChange={(v) => set('materia', v)} />
            {staffView && (
              <SearchInput
                label="Alumno"
                w={240}
                description="Nombre, apellido, documento o legajo"
                value={values.alumno}
                onChange={(v) => set('alumno', v)}
              />
            )}
          </Group>
        )}
      />
    </>
  );
}
