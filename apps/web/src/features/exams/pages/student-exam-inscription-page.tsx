import { InstanciaExamen, MSG_EXAMENES, type MiExamen } from '@arandu/shared';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent, IconCheck, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-errors';
import { formatDateTime, formatPercent } from '../../../lib/format';
import { useAvailableExamenes, useInscribirme } from '../api/exams-api';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

const INSTANCIA_COLOR: Record<number, string> = { 0: 'teal', 1: 'blue', 3: 'red' };
const pct = (v: number | null) => formatPercent(v, { sign: true });

/** One exam as a card: enrolled ones are disabled, blocked ones say why (spec 02 section 2). */
export function ExamenCard({ item, onEnrol }: { item: MiExamen; onEnrol: (item: MiExamen) => void }) {
  const blocked = item.instancia.value === InstanciaExamen.Invalido;
  const disabled = item.inscripto || blocked;
  const red = (cause: 'asistencia' | 'pp') => (item.causa === cause && blocked ? 'red' : undefined);
  const body = (
    <Card withBorder padding="md" radius="md" h="100%" style={{ opacity: disabled ? 0.75 : 1 }}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{item.materia}</Text>
          {item.inscripto ? (
            <Badge color="teal" leftSection={<IconCheck size={12} />} miw="max-content">
              Inscripto
            </Badge>
          ) : (
            <Badge variant="light" color={INSTANCIA_COLOR[item.instancia.value] ?? 'gray'} miw="max-content">
              {item.instancia.label}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {item.codMateria} · {item.carrera} · Semestre {item.semestre}
        </Text>
        <Group gap={6}>
          <IconCalendarEvent size={16} aria-hidden />
          <Text size="sm">Examen: {formatDateTime(item.fechaExamen)}</Text>
        </Group>
        <Text size="sm">Inscripción hasta: {formatDateTime(item.fechaLimiteInscripcionExamen)}</Text>
        <Group gap="md">
          <Text size="sm" c={red('asistencia')} fw={red('asistencia') ? 700 : undefined}>
            Asistencia: {pct(item.porcentajeAsistencia)}
          </Text>
          <Text size="sm" c={red('pp')} fw={red('pp') ? 700 : undefined}>
            PP: {pct(item.porcentajePP)}
          </Text>
        </Group>
        {blocked && item.instancia.item.motivo && (
          // The lock stays beside its reason when a long one ('Correlativa pendiente: …') wraps.
          <Group gap={6} c="red" wrap="nowrap" align="flex-start">
            <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" c="red">
              {item.instancia.item.motivo}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
  if (disabled) return <div aria-disabled="true">{body}</div>;
  return (
    <UnstyledButton onClick={() => onEnrol(item)} aria-label={`Inscribirme a ${item.materia}`} h="100%">
      {body}
    </UnstyledButton>
  );
}

/** 'Lista de mis exámenes' (spec 02 section 2): the exams the student can enrol in, as cards. */
export function AlumnoExamenInscripcionPage() {
  const available = useAvailableExamenes();
  const enrol = useInscribirme();

  useLoadErrorToast(available.error, MSG_EXAMENES.availableLoadFailed);

  const ask = async (item: MiExamen) => {
    const ok = await confirmDialog({
      title: 'Inscripción a examen',
      message: `¿Desea inscribirse al examen de ${item.materia} del ${formatDateTime(item.fechaExamen)} (${item.instancia.label})?`,
      confirmLabel: 'Sí, inscribirme',
    });
    if (!ok) return;
    try {
      await enrol.mutateAsync({ examenId: item.examenId, perfilAlumnoId: item.studentId });
      toast.success(MSG_EXAMENES.enrolled);
    } catch (error) {
      toast.error(failureMessage(error, MSG_EXAMENES.enrolFailed));
    }
  };

  if (available.isPending) return <PageLoader />;
  const items = available.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="Lista de mis exámenes"
        description="Elija un examen para inscribirse."
        actions={
          <Button
            component={Link}
            to={paths.studentExams.list}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Cancelar - Volver
          </Button>
        }
      />
      {items.length === 0 ? (
        <Alert color="gray" variant="light">
          {MSG_EXAMENES.noPendingExams}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {items.map((item) => (
            <ExamenCard key={item.examenId} item={item} onEnrol={(i) => void ask(i)} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
