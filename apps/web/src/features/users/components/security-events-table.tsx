import {
  SECURITY_EVENT_KINDS,
  securityEventLabel,
  securityEventText,
  type SecurityEventItem,
  type SecurityEventKind,
} from '@arandu/shared';
import { Group, Pagination, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { browserName } from '../../../lib/user-agent';
import { SECURITY_EVENTS_PAGE_SIZE, useUserSecurityEvents } from '../api/security-events';

const KIND_OPTIONS = SECURITY_EVENT_KINDS.map((tipo) => ({ value: tipo, label: securityEventLabel(tipo) }));

/** Who did it when it was not the user, the e-mail typed, the reason: what staff need to read an event. */
function detailOf(e: SecurityEventItem): string {
  return [e.actor && `Por ${e.actor}`, e.email && `Correo: ${e.email}`, e.motivo].filter(Boolean).join(' · ');
}

/**
 * A user's identity events on the 'Seguridad' tab of their record (staff, issue 41): sign-ins and their
 * refusals, lockouts, second-factor changes and sessions ended, newest first, a page at a time from the server.
 */
export function SecurityEventsTable({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const [tipo, setTipo] = useState<SecurityEventKind | null>(null);
  const events = useUserSecurityEvents(userId, page, tipo);
  const total = events.data?.totalItemsCount ?? 0;
  const pages = Math.ceil(total / SECURITY_EVENTS_PAGE_SIZE);

  return (
    <Paper withBorder p="md" component="section" aria-label="Eventos de seguridad">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="md">
            Eventos de seguridad
          </Title>
          <Select
            label="Tipo de evento"
            placeholder="Todos"
            data={KIND_OPTIONS}
            value={tipo}
            onChange={(value) => {
              setTipo(value);
              setPage(1);
            }}
            clearable
            w={280}
          />
        </Group>
        {events.isPending ? (
          <PageLoader />
        ) : events.isError ? (
          <Text c="red" size="sm">
            {events.error instanceof ApiError ? events.error.message : 'No se pudieron cargar los eventos.'}
          </Text>
        ) : events.data.items.length === 0 ? (
          <Text size="sm">No se encontraron resultados</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {total === 1 ? '1 evento' : `${total} eventos`}, del más reciente al más antiguo.
            </Text>
            <Table.ScrollContainer minWidth={760}>
              <Table striped aria-label="Eventos de seguridad">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Fecha</Table.Th>
                    <Table.Th>Evento</Table.Th>
                    <Table.Th>Navegador</Table.Th>
                    <Table.Th>Dirección</Table.Th>
                    <Table.Th>Detalle</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {events.data.items.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{formatDateTime(e.fecha)}</Table.Td>
                      <Table.Td>{securityEventText(e)}</Table.Td>
                      <Table.Td title={e.agenteUsuario ?? undefined}>
                        {e.agenteUsuario ? browserName(e.agenteUsuario) : '—'}
                      </Table.Td>
                      <Table.Td>{e.direccion ?? '—'}</Table.Td>
                      <Table.Td>{detailOf(e)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && (
              <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Páginas de eventos" />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
