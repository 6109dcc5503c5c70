import { auditTableLabel, MSG } from '@arandu/shared';
import { Alert, Badge, Button, Drawer, Group, Loader, Pagination, Stack, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { failureMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format';
import { userCan, useSession } from '../../lib/session';
import { AuditChanges } from './audit-changes';
import { HISTORY_PAGE_SIZE, useRecordHistory, type RecordSet } from './record-history-api';

const TYPE_COLORS: Record<number, string> = { 1: 'teal', 2: 'blue', 3: 'red', 4: 'orange' };

/**
 * 'Historial' of a record (a student's record, an exam, a subject-period; issue 34 item 23): a button that
 * opens who changed what and when, read from the audit log. Staff only, like the log itself; nothing for
 * anyone else.
 */
export function RecordHistoryButton({ title, registros }: { title: string; registros: RecordSet[] }) {
  const user = useSession();
  const [opened, setOpened] = useState(false);
  const [page, setPage] = useState(1);
  const staff = userCan(user, 'audit:read');
  const history = useRecordHistory(registros, page, opened && staff);
  if (!staff || registros.every((r) => r.ids.length === 0)) return null;
  const data = history.data;
  const pages = Math.ceil((data?.totalItemsCount ?? 0) / HISTORY_PAGE_SIZE);
  return (
    <>
      <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setOpened(true)}>
        Historial
      </Button>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" size="lg" title={`Historial: ${title}`}>
        {history.isPending && opened ? (
          <Loader size="sm" />
        ) : history.error ? (
          <Alert color="red">{failureMessage(history.error, MSG.auditListLoadFailed)}</Alert>
        ) : !data || data.items.length === 0 ? (
          <Text c="dimmed">Sin cambios registrados.</Text>
        ) : (
          <Stack>
            <Text size="sm" c="dimmed">
              {data.totalItemsCount === 1 ? '1 cambio' : `${data.totalItemsCount} cambios`}, del más reciente al más
              antiguo.
            </Text>
            <Timeline bulletSize={14} lineWidth={2}>
              {data.items.map((a) => (
                <Timeline.Item
                  key={a.id}
                  title={
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={600}>
                        {formatDateTime(a.fecha)}
                      </Text>
                      <Badge variant="light" size="sm" color={TYPE_COLORS[a.tipo] ?? 'gray'}>
                        {a.tipoLabel}
                      </Badge>
                      <Text size="sm">{a.usuario}</Text>
                    </Group>
                  }
                >
                  <Text size="xs" c="dimmed">
                    {auditTableLabel(a.nombreTabla)}
                    {a.descripcion ? ` · ${a.descripcion}` : ''}
                  </Text>
                  <AuditChanges item={a} />
                </Timeline.Item>
              ))}
            </Timeline>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
          </Stack>
        )}
      </Drawer>
    </>
  );
}
