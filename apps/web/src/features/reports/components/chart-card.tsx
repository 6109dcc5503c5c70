import '@mantine/charts/styles.layer.css';
import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ChartCardProps {
  title: string;
  description?: string;
  loading: boolean;
  failed: boolean;
  /** True when there is nothing to draw. */
  empty: boolean;
  children: ReactNode;
  height?: number;
}

/** The small chart beside a report: its title, and a loader, a failure or an empty note instead of a blank box. */
export function ChartCard({ title, description, loading, failed, empty, children, height = 220 }: ChartCardProps) {
  let body: ReactNode = children;
  if (loading) body = <Loader size="sm" role="status" aria-label="Cargando gráfico" />;
  else if (failed) body = <Text c="red">No se pudo cargar el gráfico.</Text>;
  else if (empty) body = <Text c="dimmed">Sin datos para graficar con estos filtros.</Text>;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <div>
          <Title order={2} fz="md">
            {title}
          </Title>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {loading || failed || empty ? <Center h={height}>{body}</Center> : body}
      </Stack>
    </Paper>
  );
}
