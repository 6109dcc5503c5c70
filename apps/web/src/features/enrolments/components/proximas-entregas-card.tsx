import { type EntregaProxima } from '@arandu/shared';
import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { venceLabel } from '../../../lib/vence-label';
import { useEntregasProximas } from '../api/get-entregas-proximas';

/** Handed in already: when, and whether late; else nothing. */
function EntregadaBadge({ p }: { p: EntregaProxima }) {
  if (!p.entregada) return null;
  return (
    <Badge color={p.entregada.atrasada ? 'orange' : 'green'} variant="light" size="sm">
      {p.entregada.atrasada ? 'Entregada con atraso' : 'Entregada'} el {formatDateTime(p.entregada.fecha)}
    </Badge>
  );
}

/**
 * 'Entregas próximas' on the student's dashboard (issue 46): the homework handed in through Arandu that closes
 * in the next two weeks (or still takes late work), soonest first: 'Vence hoy 23:59', 'Vence mañana 23:59' or
 * the date, in Asunción's time; each links to its hand-in, and what is handed in already says so. Nothing is
 * shown when there is none.
 */
export function ProximasEntregasCard({ now }: { now?: Date }) {
  const proximas = useEntregasProximas();
  if (!proximas.data || proximas.data.length === 0) return null;
  return (
    <Paper withBorder p="md" aria-label="Entregas próximas">
      <Stack gap="xs">
        <Group gap="xs">
          <IconUpload size={18} />
          <Title order={2} fz="h4">
            Entregas próximas
          </Title>
        </Group>
        <List spacing="xs" listStyleType="none" p={0}>
          {proximas.data.map((p) => (
            <List.Item key={p.tareaId}>
              <Group gap="xs" wrap="wrap">
                <Anchor
                  component={Link}
                  to={`${paths.studentTasks(p.materiaPeriodoId)}?tarea=${p.tareaId}`}
                  fw={600}
                  size="sm"
                >
                  {p.descripcion}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {p.materia}
                </Text>
              </Group>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={p.entregada ? undefined : 600}>
                  {venceLabel(p, now)}
                </Text>
                <EntregadaBadge p={p} />
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
