import { MSG_PLANNING as M } from '@arandu/shared';
import { Alert, Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCalendarDue, IconDownload, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import { saveBlob } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { downloadPlanning, isCreationMode, usePlanningPage } from '../api/get-planning';
import { CreatePlanningMenu } from './create-planning-menu';
import { PlanningWizard } from './planning-wizard';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

/**
 * The 'Planeamiento' tab (spec 03 sections 2.4 and 2.6): the plan page (teaching) mounts it editable for the
 * subject's professors, the subject-period form read-only for staff. `editable` is false once the subject is
 * sealed or for a reader who may not edit; the server's `canEditarPlaneamiento` (deadline, seal) has the
 * last word, and a read-only planning shows its deadline banner and no validation.
 */
export interface PlanningTabProps {
  materiaPeriodoId: number;
  editable: boolean;
}

export function PlanningTab({ materiaPeriodoId, editable }: PlanningTabProps) {
  const first = usePlanningPage(materiaPeriodoId, 1);
  const [downloading, setDownloading] = useState(false);

  useLoadErrorToast(first.error, M.loadFailed);

  if (first.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (first.isError) return <Alert color="red">{M.loadFailed}</Alert>;

  const data = first.data;
  const canEdit = editable && data.canEditarPlaneamiento;
  const creation = isCreationMode(data);

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadPlanning(materiaPeriodoId), 'Planeamiento.xlsx');
      toast.success(M.downloaded);
    } catch {
      toast.error(M.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3}>{M.title}</Title>
        {!creation && (
          <Anchor component="button" type="button" onClick={() => void download()} disabled={downloading}>
            <Group gap={4} component="span">
              {downloading ? <Loader size={14} /> : <IconDownload size={16} />}
              {M.download}
            </Group>
          </Anchor>
        )}
      </Group>
      <Alert
        color={canEdit ? 'blue' : 'yellow'}
        icon={canEdit ? <IconCalendarDue size={18} /> : <IconLock size={18} />}
        py="xs"
      >
        <Text size="sm" fw={500}>
          {M.deadline}: {formatDateTime(data.finEditarPlaneamiento)}
        </Text>
        {!canEdit && <Text size="sm">{M.readOnly}</Text>}
      </Alert>
      {creation ? (
        canEdit ? (
          <Group>
            <Text size="sm" c="dimmed">
              {M.notCreatedYet}
            </Text>
            <CreatePlanningMenu materiaPeriodoId={materiaPeriodoId} materiaMallaId={data.materiaMallaId} />
          </Group>
        ) : (
          <Text c="dimmed">{M.notCreatedYet}</Text>
        )
      ) : (
        <PlanningWizard materiaPeriodoId={materiaPeriodoId} editable={canEdit} />
      )}
    </Stack>
  );
}
