import { MSG_SCHEDULE } from '@arandu/shared';
import { Button, Card, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { useCalendarioEnlace, useRenovarEnlace } from '../api/calendar-link';

/** The private calendar feed: its link to copy into a calendar program, and another link when it leaked. */
export function FeedLink() {
  const enlace = useCalendarioEnlace(true);
  const renovar = useRenovarEnlace();
  const url = enlace.data?.url ?? '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(MSG_SCHEDULE.linkCopied);
    } catch {
      toast.error(MSG_SCHEDULE.linkCopyFailed);
    }
  };

  const renew = async () => {
    const ok = await confirmDialog({
      title: 'Generar otro enlace',
      message: MSG_SCHEDULE.linkRenewConfirm,
      confirmLabel: 'Sí, generar otro',
      danger: true,
    });
    if (!ok) return;
    try {
      await renovar.mutateAsync();
      toast.success(MSG_SCHEDULE.linkRenewed);
    } catch (error) {
      toast.error(failureMessage(error, MSG_SCHEDULE.loadFailed));
    }
  };

  return (
    <Card withBorder radius="md" className="no-print">
      <Stack gap="xs">
        <Text fw={600}>Calendario en el teléfono</Text>
        <Text size="sm" c="dimmed">
          Suscriba este enlace en Google Calendar, Outlook o el calendario del teléfono: sus clases y exámenes se
          actualizan solos. Es privado: quien lo tenga ve su horario.
        </Text>
        {enlace.isPending ? (
          <Skeleton height={36} />
        ) : (
          <TextInput
            label="Enlace del calendario"
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            data-testid="enlace-calendario"
            error={enlace.isError ? failureMessage(enlace.error, MSG_SCHEDULE.loadFailed) : undefined}
          />
        )}
        <Group gap="sm">
          <Button leftSection={<IconCopy size={16} />} onClick={() => void copy()} disabled={!url}>
            Copiar enlace
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void renew()}
            loading={renovar.isPending}
            disabled={!url}
          >
            Generar otro enlace
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
