import { MSG_PLANNING as M, type OldPlanning } from '@arandu/shared';
import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconCopy, IconFilePlus } from '@tabler/icons-react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { useOldPlannings } from '../api/get-planning';
import { useSavePlanningPage } from '../api/save-planning';

/**
 * 'Crear Planeamiento' (spec 03 section 2.4): a new, empty planning, or a copy of an earlier planning of the
 * same malla subject ('Copiar Planeamiento {year}/{section}'), each after its confirmation.
 */
export function CreatePlanningMenu({
  materiaPeriodoId,
  materiaMallaId,
}: {
  materiaPeriodoId: number;
  materiaMallaId: number;
}) {
  const old = useOldPlannings(materiaMallaId);
  const save = useSavePlanningPage(materiaPeriodoId);

  const create = async (from?: OldPlanning) => {
    const ok = await confirmDialog({
      title: M.confirmCreateTitle,
      message: from ? M.confirmCopyText(from.anho, from.seccion) : M.confirmCreateText,
      confirmLabel: from ? M.confirmCopy : M.confirmCreate,
      cancelLabel: M.confirmNo,
    });
    if (!ok) return;
    try {
      await save.mutateAsync({ page: 1, body: { materiaPeriodoId, oldMateriaPeriodoId: from?.id ?? null } });
      toast.success(from ? M.copied : M.created);
    } catch (error) {
      toast.warning(failureMessage(error, M.saveFailed));
    }
  };

  const copies = (old.data ?? []).filter((o) => o.id !== materiaPeriodoId);
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button rightSection={<IconChevronDown size={16} />} loading={save.isPending}>
          {M.create}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFilePlus size={16} />} onClick={() => void create()}>
          {M.createNew}
        </Menu.Item>
        {copies.map((o) => (
          <Menu.Item
            key={o.id}
            leftSection={<IconCopy size={16} />}
            rightSection={
              <Text size="xs" c="dimmed" aria-hidden>
                {o.periodo}
              </Text>
            }
            onClick={() => void create(o)}
          >
            {M.copyFrom(o.anho, o.seccion)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
