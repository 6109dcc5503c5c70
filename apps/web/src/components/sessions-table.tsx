import type { SessionInfo } from '@arandu/shared';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { confirmDialog } from './confirm-dialog';
import { PageLoader } from './page-loader';
import { toast } from './toast';
import { ApiError, endedSession } from '../lib/api-client';
import { formatDateTime } from '../lib/format';
import { useEndSessions, useSessions } from '../lib/sessions-api';
import { browserName } from '../lib/user-agent';

/**
 * 'Mis sesiones' (userId null) or a user's sessions from the user's record (staff): start, last use, address
 * and browser, the current one marked; 'Cerrar' on any other and 'Cerrar todas las demás'.
 */
export function SessionsTable({ userId = null, title }: { userId?: number | null; title: string }) {
  const sessions = useSessions(userId);
  const end = useEndSessions(userId);
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const endOne = async (session: SessionInfo) => {
    const ok = await confirmDialog({
      title: 'Cerrar sesión',
      message: `¿Cerrar la sesión de ${browserName(session.userAgent)} (${session.address ?? 'dirección desconocida'})?`,
      confirmLabel: 'Sí, cerrar',
      danger: true,
    });
    if (ok) await run(session.id, 'Se cerró la sesión.');
  };
  const endOthers = async () => {
    const ok = await confirmDialog({
      title: userId === null ? 'Cerrar todas las demás' : 'Cerrar todas las sesiones',
      message:
        userId === null
          ? '¿Cerrar todas sus sesiones menos ésta? Deberá ingresar de nuevo en esos dispositivos.'
          : '¿Cerrar todas las sesiones de este usuario? Deberá ingresar de nuevo.',
      confirmLabel: 'Sí, cerrar',
      danger: true,
    });
    if (ok) await run(null, 'Se cerraron las sesiones.');
  };
  const run = async (id: number | null, done: string) => {
    try {
      await end.mutateAsync(id);
      toast.success(done);
    } catch (error) {
      if (!endedSession(error)) toast.error(error instanceof ApiError ? error.message : undefined);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md">
            {title}
          </Title>
          <Button
            variant="light"
            color="red"
            size="xs"
            disabled={others.length === 0 || end.isPending}
            onClick={() => void endOthers()}
          >
            {userId === null ? 'Cerrar todas las demás' : 'Cerrar todas'}
          </Button>
        </Group>
        {sessions.isPending ? (
          <PageLoader />
        ) : sessions.isError ? (
          <Text c="red" size="sm">
            {sessions.error instanceof ApiError ? sessions.error.message : 'No se pudieron cargar las sesiones.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Navegador</Table.Th>
                  <Table.Th>Dirección</Table.Th>
                  <Table.Th>Inicio</Table.Th>
                  <Table.Th>Último uso</Table.Th>
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td title={s.userAgent ?? undefined}>
                      {browserName(s.userAgent)}{' '}
                      {s.current && (
                        <Badge size="sm" variant="light" color="teal">
                          Sesión actual
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{s.address ?? '—'}</Table.Td>
                    <Table.Td>{formatDateTime(s.createdAt)}</Table.Td>
                    <Table.Td>{formatDateTime(s.lastUsedAt)}</Table.Td>
                    <Table.Td>
                      {!s.current && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          disabled={end.isPending}
                          onClick={() => void endOne(s)}
                        >
                          Cerrar
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
