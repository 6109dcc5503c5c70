import { ENROL_MSG, Role, type InscripcionCheck, type InscripcionLine } from '@arandu/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconChecklist, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-errors';
import { isEditProfileFlow, setEditProfileFlow } from '../../../lib/edit-profile-flag';
import { userCan, useSession, useViewAs } from '../../../lib/session';
import {
  useMyAlumno,
  useSaveInscripcion,
  useMateriasBySemesters,
  useValidateInscripcion,
} from '../api/inscription-form';
import { InscripcionResult } from '../components/inscription-result';
import { ValidationResult } from '../components/validation-result';
import { SemesterCard } from '../components/semester-card';
import { AlumnoPicker } from '../components/student-picker';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

const NO_EDITS: ReadonlyMap<number, boolean> = new Map();
/** Clear of the shell's bottom bar when the answer is scrolled into view. */
const ANSWER_MARGIN = 'calc(var(--app-shell-footer-offset, 0rem) + var(--mantine-spacing-md))';

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
 * themselves; the staff views choose the student first. The answer, next to Guardar, counts what was done and
 * lists one line per changed subject; a refused subject also shows its reason under its box.
 */
export function InscripcionFormPage() {
  const navigate = useNavigate();
  const user = useSession();
  const view = useViewAs();
  const staffView = view === Role.Funcionario || view === Role.Admin;
  const me = useMyAlumno(!staffView);
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(null);
  const perfilAlumnoId = staffView ? (picked?.id ?? null) : (me.data?.perfilAlumnoId ?? null);
  const offer = useMateriasBySemesters(perfilAlumnoId);
  const save = useSaveInscripcion();
  const validate = useValidateInscripcion();
  const [checks, setChecks] = useState<InscripcionCheck[] | null>(null);
  const [result, setResult] = useState<{ lines: InscripcionLine[]; sent: Map<number, boolean> } | null>(null);
  const [pickError, setPickError] = useState<string | undefined>();
  const answer = useRef<HTMLDivElement>(null);
  const flow = isEditProfileFlow();

  useLoadErrorToast(me.error, failureMessage(me.error, ENROL_MSG.requiredDataLoadFailed));
  useLoadErrorToast(offer.error, ENROL_MSG.materiasLoadFailed);
  // The answer is shown by the button that was pressed, in view: a refusal scrolled out of sight would let a
  // partial save pass for a full one (issue 34).
  useEffect(() => {
    if (result) answer.current?.scrollIntoView?.({ block: 'nearest' });
  }, [result]);
  // The boxes the user changed, for one student and one load: another student or a fresh load (after a
  // save) starts again from what the server says.
  const editsKey = `${perfilAlumnoId}:${offer.dataUpdatedAt}`;
  const [edits, setEdits] = useState({ key: '', checked: new Map<number, boolean>() });
  const checked = edits.key === editsKey ? edits.checked : NO_EDITS;
  const toggle = (id: number, value: boolean) => setEdits({ key: editsKey, checked: new Map(checked).set(id, value) });

  const data = offer.data;
  // Staff (Funcionario) are locked out once the window closes; an Admin may still change (semi-disabled).
  // An Admin viewing as Admin writes with the window closed ('enrolment:any-closed'); nobody else.
  const canWrite = !!data && (data.enableInscription || (view === Role.Admin && userCan(user, 'enrolment:any-closed')));
  // A student enrols from the edit-profile flow, which ends in the Manifiesto, unless they accepted it already.
  const needsFlow = !staffView && !!data && !data.conforme && !flow;
  // With the window closed (or not open yet) a selection can still be ticked and checked with 'Validar', so a
  // student prepares it; Guardar stays disabled and says why (issue 29).
  const preparing = !!data && !!data.periodo && !canWrite;
  const boxesLocked = preparing ? false : !canWrite || needsFlow;

  const refusals = new Map(
    (result?.lines ?? []).flatMap((l) => (l.error ? [[l.materiaPeriodoId, l.error] as const] : [])),
  );

  const changed = data
    ? data.semestres
        .flatMap((s) => s.materias)
        .filter((m) => checked.has(m.materiaPeriodoId) && checked.get(m.materiaPeriodoId) !== m.inscripto)
        .map((m) => ({ materiaPeriodoId: m.materiaPeriodoId, inscripto: checked.get(m.materiaPeriodoId)! }))
    : [];

  /** Guardar and Validar need a student and a changed subject: the student's profile, or null with what is missing told. */
  const perfilToSend = (): number | null => {
    if (!perfilAlumnoId) {
      setPickError(ENROL_MSG.alumnoRequired);
      return null;
    }
    if (changed.length === 0) {
      toast.warning(ENROL_MSG.materiasRequired);
      return null;
    }
    return perfilAlumnoId;
  };

  const submit = async () => {
    const perfil = perfilToSend();
    if (perfil === null) return;
    let conforme = false;
    if (!staffView && flow) {
      conforme = await askManifiesto();
      if (!conforme) return;
    }
    try {
      const lines = await save.mutateAsync({ perfilAlumnoId: perfil, materiasModificadas: changed, conforme });
      setChecks(null);
      setResult({ lines, sent: new Map(changed.map((c) => [c.materiaPeriodoId, c.inscripto])) });
      if (!staffView) setEditProfileFlow(false);
      // The toast only for a full success: a partial one is told by the result next to the button.
      if (lines.every((l) => !l.error)) toast.success(ENROL_MSG.saved);
    } catch (error) {
      toast.error(failureMessage(error, ENROL_MSG.saveFailed));
    }
  };

  /** 'Validar' (issue 29): the same rules as Guardar, every reason per subject, nothing saved. */
  const check = async () => {
    const perfil = perfilToSend();
    if (perfil === null) return;
    try {
      setResult(null);
      // In the edit-profile flow Guardar asks for the Manifiesto itself, so its absence is no reason here.
      const conforme = !staffView && flow;
      setChecks(await validate.mutateAsync({ perfilAlumnoId: perfil, materiasModificadas: changed, conforme }));
    } catch (error) {
      toast.error(failureMessage(error, ENROL_MSG.validarFailed));
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
          <AlumnoPicker
            value={picked?.id ?? null}
            selectedLabel={picked?.label ?? null}
            error={pickError}
            onChange={(id, label) => {
              setPickError(undefined);
              setResult(null);
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
          {data.inscripcionPorAbrir ? ENROL_MSG.windowNotYet : ENROL_MSG.windowClosed}
          {canWrite ? '. Como administrador todavía puede cambiar las inscripciones.' : '.'}
          {preparing && !data.inscripcionPorAbrir && ` ${ENROL_MSG.prepareHint}`}
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
              disabled={boxesLocked || save.isPending}
              onToggle={toggle}
              refusals={refusals}
            />
          ))}
        </SimpleGrid>
      )}
      <Stack gap="sm" ref={answer} style={{ scrollMarginBottom: ANSWER_MARGIN }}>
        {checks && !result && <ValidationResult checks={checks} />}
        {result && <InscripcionResult lines={result.lines} sent={result.sent} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={cancel}>
            Cancelar
          </Button>
          <Button
            variant="light"
            leftSection={<IconChecklist size={16} />}
            onClick={() => void check()}
            loading={validate.isPending}
            disabled={(!!data && boxesLocked) || (!staffView && !data) || save.isPending}
          >
            {ENROL_MSG.validar}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={() => void submit()}
            loading={save.isPending}
            disabled={(!!data && (!canWrite || needsFlow)) || (!staffView && !data)}
            aria-describedby={preparing ? 'guardar-motivo' : undefined}
          >
            Guardar
          </Button>
        </Group>
        {preparing && (
          <Text id="guardar-motivo" size="sm" c="dimmed" ta="right">
            {ENROL_MSG.saveNeedsWindow}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
