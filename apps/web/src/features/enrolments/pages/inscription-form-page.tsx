import { ENROL_MSG, Role, type InscriptionLine } from '@arandu/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-errors';
import { isEditProfileFlow, setEditProfileFlow } from '../../../lib/edit-profile-flag';
import { useSession, useViewAs } from '../../../lib/session';
import { useMyStudent, useSaveInscription, useSubjectsBySemesters } from '../api/inscription-form';
import { InscriptionResult } from '../components/inscription-result';
import { SemesterCard } from '../components/semester-card';
import { StudentPicker } from '../components/student-picker';

const NO_EDITS: ReadonlyMap<number, boolean> = new Map();

/** 'Manifiesto de Conformidad' (spec 02 section 2): asked before a student's own save in the edit-profile flow. */
function askManifiesto(): Promise<boolean> {
  return confirmDialog({
    title: ENROL_MSG.manifiestoTitle,
    message: <Text size="sm">{ENROL_MSG.manifiestoText}</Text>,
    confirmLabel: ENROL_MSG.manifiestoAccept,
    cancelLabel: ENROL_MSG.manifiestoBack,
  });
}

/**
 * 'Inscripción a materias' (/pages/student-subjects/inscription/form): the active period's offer of the
 * student's malla by semester, a checkbox per subject-period. The student view enrols the student
 * themselves; the staff views choose the student first. The answer lists one line per changed subject.
 */
export function InscriptionFormPage() {
  const navigate = useNavigate();
  const user = useSession();
  const view = useViewAs();
  const staffView = view === Role.Funcionario || view === Role.Admin;
  const me = useMyStudent(!staffView);
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(null);
  const perfilAlumnoId = staffView ? (picked?.id ?? null) : (me.data?.perfilAlumnoId ?? null);
  const offer = useSubjectsBySemesters(perfilAlumnoId);
  const save = useSaveInscription();
  const [lines, setLines] = useState<InscriptionLine[] | null>(null);
  const [pickError, setPickError] = useState<string | undefined>();
  const flow = isEditProfileFlow();

  useEffect(() => {
    if (me.error) toast.error(failureMessage(me.error, ENROL_MSG.requiredDataLoadFailed));
  }, [me.error]);
  useEffect(() => {
    if (offer.error) toast.error(ENROL_MSG.materiasLoadFailed);
  }, [offer.error]);
  // The boxes the user changed, for one student and one load: another student or a fresh load (after a
  // save) starts again from what the server says.
  const editsKey = `${perfilAlumnoId}:${offer.dataUpdatedAt}`;
  const [edits, setEdits] = useState({ key: '', checked: new Map<number, boolean>() });
  const checked = edits.key === editsKey ? edits.checked : NO_EDITS;
  const toggle = (id: number, value: boolean) => setEdits({ key: editsKey, checked: new Map(checked).set(id, value) });

  const data = offer.data;
  // Staff (Funcionario) are locked out once the window closes; an Admin may still change (semi-disabled).
  const canWrite = !!data && (data.enableInscription || (staffView && view === Role.Admin && !!user?.esAdmin));
  // A student enrols from the edit-profile flow, which ends in the Manifiesto, unless they accepted it already.
  const needsFlow = !staffView && !!data && !data.conforme && !flow;

  const changed = data
    ? data.semestres
        .flatMap((s) => s.materias)
        .filter((m) => checked.has(m.materiaPeriodoId) && checked.get(m.materiaPeriodoId) !== m.inscripto)
        .map((m) => ({ materiaPeriodoId: m.materiaPeriodoId, inscripto: checked.get(m.materiaPeriodoId)! }))
    : [];

  const submit = async () => {
    if (!perfilAlumnoId) {
      setPickError(ENROL_MSG.alumnoRequired);
      return;
    }
    if (changed.length === 0) {
      toast.warning(ENROL_MSG.materiasRequired);
      return;
    }
    let conforme = false;
    if (!staffView && flow) {
      conforme = await askManifiesto();
      if (!conforme) return;
    }
    try {
      const result = await save.mutateAsync({ perfilAlumnoId, materiasModificadas: changed, conforme });
      setLines(result);
      if (!staffView) setEditProfileFlow(false);
      if (result.some((l) => l.success)) toast.success(ENROL_MSG.saved);
      else toast.error(ENROL_MSG.saveFailed);
    } catch (error) {
      toast.error(failureMessage(error, ENROL_MSG.saveFailed));
    }
  };

  const cancel = () => {
    setEditProfileFlow(false);
    void navigate(paths.studentSubjects.list);
  };

  const toUpdateProfile = () => {
    setEditProfileFlow(true);
    void navigate(paths.account.editProfile);
  };

  if (!staffView && me.isPending) return <PageLoader />;
  return (
    <Stack gap="md" maw={1300}>
      <PageHeader
        title={ENROL_MSG.formTitle}
        description={
          data ? `${data.alumno} · ${data.malla}${data.periodo ? ` · ${data.periodo.label}` : ''}` : undefined
        }
      />
      {staffView && (
        <Paper withBorder radius="md" p="md">
          <StudentPicker
            value={picked?.id ?? null}
            selectedLabel={picked?.label ?? null}
            error={pickError}
            onChange={(id, label) => {
              setPickError(undefined);
              setLines(null);
              setPicked(id && label ? { id, label } : null);
            }}
          />
        </Paper>
      )}
      {data && !data.enableInscription && (
        <Alert
          color={canWrite ? 'yellow' : 'gray'}
          icon={canWrite ? <IconAlertTriangle size={20} /> : <IconLock size={20} />}
        >
          {ENROL_MSG.windowClosed}
          {canWrite ? '. Como administrador todavía puede cambiar las inscripciones.' : '.'}
        </Alert>
      )}
      {needsFlow && data.enableInscription && (
        <Alert color="blue" title="Antes de inscribirse">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Actualice su ficha y acepte el Manifiesto de Conformidad para inscribirse en este periodo.
            </Text>
            <Button size="xs" onClick={toUpdateProfile}>
              {ENROL_MSG.inscribaseAqui}
            </Button>
          </Stack>
        </Alert>
      )}
      {lines && <InscriptionResult lines={lines} />}
      {perfilAlumnoId !== null && offer.isPending && <PageLoader />}
      {data && data.semestres.length === 0 && (
        <Alert color="gray">No hay materias de la malla del alumno ofrecidas en el periodo activo.</Alert>
      )}
      {data && (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {data.semestres.map((s) => (
            <SemesterCard
              key={s.id}
              nombre={s.nombre}
              materias={s.materias}
              checked={checked}
              disabled={!canWrite || needsFlow || save.isPending}
              onToggle={toggle}
            />
          ))}
        </SimpleGrid>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={cancel}>
          Cancelar
        </Button>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={() => void submit()}
          loading={save.isPending}
          disabled={(!!data && (!canWrite || needsFlow)) || (!staffView && !data)}
        >
          Guardar
        </Button>
      </Group>
    </Stack>
  );
}
