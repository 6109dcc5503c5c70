import { MSG_TEACHING as T, type MateriaPeriodo } from '@arandu/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconSend } from '@tabler/icons-react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { EstadoBadge } from '../../../components/estado-badge';
import { toast } from '../../../components/toast';
import { failureMessage, isNotFound } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { usePublish } from '../api/get-plan';

/**
 * What 'Publicar' asks (spec 03 section 4: "Una vez publicado ya no será editable."), with the date the classes
 * end and what freezes: publishing cannot be undone, and before that date classes are still to be held.
 */
function PublishWarning({ finClases, now }: { finClases: string; now: Date }) {
  const ended = now.getTime() >= Date.parse(finClases);
  const fecha = formatDate(finClases);
  return (
    <Stack gap="xs">
      <Text size="sm">{ended ? T.publicarClasesTerminaron(fecha) : T.publicarClasesTerminan(fecha)}</Text>
      {!ended && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          {T.publicarAntesDeFin}
        </Alert>
      )}
      <Text size="sm" fw={600}>
        {T.publicarConfirm}
      </Text>
      <Text size="sm">{T.publicarIrreversible}</Text>
    </Stack>
  );
}

/**
 * The state badge with 'Publicar' (Preliminar) or 'Sellar' (Publicado) and their confirmations (spec 03
 * section 4); nothing for Sellado. Shown only to who may change the subject's figures.
 */
export function EstadoActions({ mp, canAct }: { mp: MateriaPeriodo; canAct: boolean }) {
  const publish = usePublish(mp, 'publish');
  const stamp = usePublish(mp, 'stamp');
  const { fechaPublicado, fechaSellado, fechaExpiracion } = mp.rendimientoAlumno;

  const run = async (to: 'publish' | 'stamp') => {
    const publishing = to === 'publish';
    const ok = await confirmDialog({
      title: publishing ? 'Publicar materia' : 'Sellar materia',
      message: publishing ? <PublishWarning finClases={mp.finClases} now={new Date()} /> : T.sellarConfirm,
      confirmLabel: publishing ? 'Sí, publicar' : 'Sí, sellar',
    });
    if (!ok) return;
    try {
      await (publishing ? publish : stamp).mutateAsync(undefined);
      toast.success(publishing ? T.materiaPublicada : T.materiaSellada);
    } catch (error) {
      if (isNotFound(error)) toast.error(T.materiaNotFound);
      else toast.error(failureMessage(error, publishing ? T.publicarFailed : T.sellarFailed));
    }
  };

  return (
    <Stack gap={6} align="flex-end">
      <Group gap="xs">
        <EstadoBadge estado={mp.estado} />
        {canAct && mp.estado.value === 0 && (
          <Button
            size="xs"
            leftSection={<IconSend size={14} />}
            loading={publish.isPending}
            onClick={() => void run('publish')}
          >
            Publicar
          </Button>
        )}
        {canAct && mp.estado.value === 1 && (
          <Button
            size="xs"
            color="teal"
            leftSection={<IconLock size={14} />}
            loading={stamp.isPending}
            onClick={() => void run('stamp')}
          >
            Sellar
          </Button>
        )}
      </Group>
      {fechaPublicado && (
        <Text size="xs" c="dimmed" ta="right">
          Publicado {formatDate(fechaPublicado)}
          {fechaSellado ? ` · Sellado ${formatDate(fechaSellado)}` : ''}
          {fechaExpiracion ? ` · Vence ${formatDate(fechaExpiracion)}` : ''}
        </Text>
      )}
    </Stack>
  );
}
