import { MSG_TEACHING as T } from '@arandu/shared';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { formatDate, formatDocumentNumber } from '../../../lib/format';
import { savePresence, useAsistencia } from '../api/attendance';
import { teachingKey } from '../api/keys';
import { MarkSymbol } from './mark-symbol';

/** The next position after `i` in a list of `n`, wrapping from the last to the first. */
export const wrapIndex = (i: number, n: number) => (n === 0 ? 0 : ((i % n) + n) % n);

/**
 * 'Tomar asistencia' (spec 03 section 2.9): one student at a time; present or absent saves at once and
 * moves to the next, wrapping from the last to the first; n/total shows where the professor is.
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
  const [index, setIndex] = useState(0);
  const [marks, setMarks] = useState<Record<number, boolean | null>>({});
  const [saving, setSaving] = useState(false);

  const students = asistencia.data?.students ?? [];
  const current = students[wrapIndex(index, students.length)];

  const close = () => {
    void queryClient.invalidateQueries({ queryKey: teachingKey(materiaPeriodoId) });
    onClose();
  };

  const mark = async (present: boolean) => {
    // The buttons stay enabled while a mark saves (a disabled button would drop a keyboard user's focus,
    // Enter after Enter marking one student after the other); a press meanwhile is ignored.
    if (!current || saving) return;
    setSaving(true);
    try {
      const reply = await savePresence(asistenciaId, current.studentId, present);
      setMarks((m) => ({ ...m, [current.studentId]: reply.present }));
      toast.success(T.presenciaTomada);
      setIndex((i) => wrapIndex(i + 1, students.length));
    } catch (error) {
      toast.error(failureMessage(error, T.asistenciaSaveFailed));
    } finally {
      setSaving(false);
    }
  };

  const title = asistencia.data
    ? `Tomar asistencia · ${formatDate(asistencia.data.date)}${asistencia.data.reference ? ` · ${asistencia.data.reference}` : ''}`
    : 'Tomar asistencia';
  return (
    <Modal opened onClose={close} title={title} centered>
      {asistencia.isPending ? (
        <Group justify="center" p="lg">
          <Loader />
        </Group>
      ) : !current ? (
        <Alert color="yellow" variant="light">
          {T.asistenciaSinAlumnos}
        </Alert>
      ) : (
        <Stack gap="md" align="center">
          <Text size="sm" c="dimmed" aria-live="polite">
            {wrapIndex(index, students.length) + 1}/{students.length}
          </Text>
          <Stack gap={2} align="center">
            <Title order={3} fz="lg" ta="center">
              {current.surname}, {current.name}
            </Title>
            <Text size="sm" c="dimmed">
              {formatDocumentNumber(current.doc)}
            </Text>
            <Group gap={6}>
              <Text size="sm">Marca actual:</Text>
              <MarkSymbol present={current.studentId in marks ? marks[current.studentId] : current.present} />
            </Group>
          </Stack>
          <Group gap="sm" grow w="100%">
            <Button
              color="teal"
              size="lg"
              leftSection={saving ? <Loader size="sm" color="white" /> : <IconCheck />}
              onClick={() => void mark(true)}
            >
              Presente
            </Button>
            <Button
              color="red"
              size="lg"
              leftSection={saving ? <Loader size="sm" color="white" /> : <IconX />}
              onClick={() => void mark(false)}
            >
              Ausente
            </Button>
          </Group>
          <Group justify="space-between" w="100%">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} />}
              onClick={() => setIndex((i) => wrapIndex(i - 1, students.length))}
            >
              Anterior
            </Button>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} />}
              onClick={() => setIndex((i) => wrapIndex(i + 1, students.length))}
            >
              Siguiente
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
