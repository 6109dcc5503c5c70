import { MSG_TEACHING as T, type AsistenciaAlumno } from '@arandu/shared';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { formatDate, formatDocumentNumber } from '../../../lib/format';
import { savePresence, useAsistencia } from '../api/attendance';
import { queryKeys } from '../../../lib/query-keys';
import { MarkSymbol } from './mark-symbol';
import { FormModal } from '../../../components/form-modal';

type Mark = boolean | null;
const markLabel = (mark: Mark | undefined) => (mark === true ? 'Presente' : mark === false ? 'Ausente' : 'Sin tomar');

/**
 * 'Tomar asistencia' (spec 03 section 2.9): one student at a time, from the first without a mark; present or
 * absent saves at once and moves to the next, with n/total and the last mark taken. After the last student it stops ('Asistencia
 * completa'), so one Enter too many changes nothing; the spec's wrap to the first is 'Volver al primero'.
 * A student already marked shows the mark, and changing it takes its own button ('Cambiar a Presente').
 */
export function QuickTakeModal({
  materiaPeriodoId,
  asistenciaId,
  onClose,
}: {
  materiaPeriodoId: number;
  asistenciaId: number;
  onClose: () => void;
}) {
  const asistencia = useAsistencia(materiaPeriodoId, asistenciaId);
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const [position, setPosition] = useState<number | null>(null);
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  // The other mark, asked for a student already marked: it waits for 'Cambiar a …'.
  const [asked, setAsked] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  // The spec's 'Asistencia tomada éxitosamente' for the last mark, in the modal: a toast per student would
  // pile up over the take (on a phone, over the student and the counter).
  const [taken, setTaken] = useState<string | null>(null);
  // 'Cambiar a …' and 'Dejar …' go away once pressed: the focus moves to 'Presente' for the next student, not to
  // the page's body (where Enter marks nobody and Escape no longer reaches the pop-up).
  const presentButton = useRef<HTMLButtonElement>(null);

  const alumnos = asistencia.data?.students ?? [];
  const markOf = (s: AsistenciaAlumno): Mark => (s.studentId in marks ? (marks[s.studentId] ?? null) : s.present);
  const firstUnmarked = alumnos.findIndex((s) => markOf(s) === null);
  const at = position ?? Math.max(firstUnmarked, 0);
  const current = alumnos[at];

  const go = (index: number) => {
    setPosition(index);
    setAsked(null);
  };
  const close = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.teaching.materiaPeriodo(materiaPeriodoId) });
    onClose();
  };

  const save = async (present: boolean) => {
    if (!current || saving) return;
    setSaving(true);
    try {
      const reply = await savePresence(asistenciaId, current.studentId, present);
      setMarks((m) => ({ ...m, [current.studentId]: reply.present }));
      setTaken(`${T.presenciaTomada}: ${current.surname}, ${current.name}, ${markLabel(reply.present)}`);
      go(at + 1);
    } catch (error) {
      toast.error(failureMessage(error, T.asistenciaSaveFailed));
    } finally {
      setSaving(false);
    }
  };

  // The buttons stay enabled while a mark saves (a disabled button would drop a keyboard user's focus,
  // Enter after Enter marking one student after the other); a press meanwhile is ignored.
  const press = (present: boolean) => {
    if (!current || saving) return;
    const mark = markOf(current);
    if (mark === null) void save(present);
    else if (mark === present) go(at + 1);
    else setAsked(present);
  };

  const title = asistencia.data
    ? `Tomar asistencia · ${formatDate(asistencia.data.date)}${asistencia.data.reference ? ` · ${asistencia.data.reference}` : ''}`
    : 'Tomar asistencia';
  return (
    <FormModal opened onClose={close} title={title} centered fullScreen={phone} dirty={false}>
      {asistencia.isPending ? (
        <Group justify="center" p="lg">
          <Loader />
        </Group>
      ) : alumnos.length === 0 ? (
        <Alert color="yellow" variant="light">
          {T.asistenciaSinAlumnos}
        </Alert>
      ) : !current ? (
        <TakeFinished
          marks={alumnos.map(markOf)}
          onFirst={() => go(0)}
          onFirstUnmarked={() => go(firstUnmarked)}
          onClose={close}
        />
      ) : (
        <Stack gap="md" align="center">
          <Text size="sm" c="dimmed" aria-live="polite">
            {at + 1}/{alumnos.length}
          </Text>
          <Stack gap={2} align="center">
            <Title order={3} fz="lg" ta="center">
              {current.surname}, {current.name}
            </Title>
            <Text size="sm" c="dimmed">
              {formatDocumentNumber(current.doc)}
            </Text>
            <Group gap={6}>
              <MarkSymbol present={markOf(current)} />
              <Text size="sm">Marca actual: {markLabel(markOf(current))}</Text>
            </Group>
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" w="100%">
            {[true, false].map((present) => {
              const mark = markOf(current);
              return (
                <Button
                  key={String(present)}
                  color={present ? 'teal' : 'red'}
                  size="lg"
                  // The student's saved mark is the pressed one; the other is lighter until asked for.
                  variant={mark !== null && mark !== present ? 'light' : 'filled'}
                  aria-pressed={mark === present}
                  ref={present ? presentButton : undefined}
                  leftSection={saving ? <Loader size="sm" color="white" /> : present ? <IconCheck /> : <IconX />}
                  onClick={() => press(present)}
                >
                  {markLabel(present)}
                </Button>
              );
            })}
          </SimpleGrid>
          {asked !== null && (
            <Alert color="yellow" variant="light" w="100%" title={`Ya tiene la marca ${markLabel(markOf(current))}`}>
              <Group gap="sm" mt="xs">
                <Button
                  color={asked ? 'teal' : 'red'}
                  loading={saving}
                  onClick={() => void save(asked).then(() => presentButton.current?.focus())}
                >
                  Cambiar a {markLabel(asked)}
                </Button>
                <Button
                  variant="default"
                  onClick={() => {
                    go(at + 1);
                    presentButton.current?.focus();
                  }}
                >
                  Dejar {markLabel(markOf(current))}
                </Button>
              </Group>
            </Alert>
          )}
          <Group justify="space-between" w="100%">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} />}
              disabled={at === 0}
              onClick={() => go(at - 1)}
            >
              Anterior
            </Button>
            <Button variant="default" rightSection={<IconChevronRight size={16} />} onClick={() => go(at + 1)}>
              Siguiente
            </Button>
          </Group>
        </Stack>
      )}
      <Text size="sm" ta="center" mt="md" role="status">
        {taken}
      </Text>
    </FormModal>
  );
}

/** After the last student: what the take came to, and where to go from there. */
function TakeFinished({
  marks,
  onFirst,
  onFirstUnmarked,
  onClose,
}: {
  marks: Mark[];
  onFirst: () => void;
  onFirstUnmarked: () => void;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The focus leaves the marking buttons for the heading: one Enter too many does nothing.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const count = (mark: Mark) => marks.filter((m) => m === mark).length;
  const unmarked = count(null);
  return (
    <Stack gap="md" align="center">
      <Title order={3} fz="lg" ta="center" ref={heading} tabIndex={-1}>
        {unmarked === 0 ? 'Asistencia completa' : 'Fin de la lista'}
      </Title>
      <Text size="sm" ta="center">
        Presentes: {count(true)} · Ausentes: {count(false)}
        {unmarked > 0 && ` · Sin marcar: ${unmarked}`}
      </Text>
      <Group gap="sm" justify="center">
        {unmarked > 0 && <Button onClick={onFirstUnmarked}>Ir al primero sin marcar</Button>}
        <Button variant="default" onClick={onFirst}>
          Volver al primero
        </Button>
        <Button variant="default" onClick={onClose}>
          Cerrar
        </Button>
      </Group>
    </Stack>
  );
}
