import '@mantine/charts/styles.layer.css';
import { Button, Center, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

/** The figures a chart draws, as rows: its text alternative (issue 34 item 11). */
export interface ChartTable {
  /** The key of each row's label (the chart's dataKey) and its column's title. */
  dataKey: string;
  dataLabel: string;
  /** The series drawn, one column each (the chart's series names). */
  series: string[];
  data: Record<string, string | number>[];
}

export interface ChartCardProps {
  title: string;
  description?: string;
  loading: boolean;
  failed: boolean;
  /** True when there is nothing to draw. */
  empty: boolean;
  children: ReactNode;
  height?: number;
  /** The chart's figures, shown on demand under it ('Ver datos en tabla'). */
  table?: ChartTable;
}

const figure = (v: string | number | undefined) => (typeof v === 'number' ? v.toLocaleString('es-PY') : (v ?? ''));

/** The chart's figures as a table, with the chart's title as its caption. */
function ChartDataTable({ id, title, table }: { id: string; title: string; table: ChartTable }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table id={id} striped withTableBorder captionSide="top">
        <Table.Caption>{title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{table.dataLabel}</Table.Th>
            {table.series.map((s) => (
              <Table.Th key={s} scope="col" ta="right">
                {s}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.data.map((row, i) => (
            <Table.Tr key={`${String(row[table.dataKey])}-${i}`}>
              <Table.Th scope="row" fw={400}>
                {figure(row[table.dataKey])}
              </Table.Th>
              {table.series.map((s) => (
                <Table.Td key={s} ta="right">
                  {figure(row[s])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The small chart beside a report: its title, and a loader, a failure or an empty note instead of a blank box.
 * A chart is a picture a screen reader cannot read: it is a figure captioned by its title, and its figures can
 * be shown as a table under it.
 */
export function ChartCard({
  title,
  description,
  loading,
  failed,
  empty,
  children,
  height = 220,
  table,
}: ChartCardProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  let body: ReactNode = children;
  if (loading) body = <Loader size="sm" role="status" aria-label="Cargando gráfico" />;
  else if (failed) body = <Text c="red">No se pudo cargar el gráfico.</Text>;
  else if (empty) body = <Text c="dimmed">Sin datos para graficar con estos filtros.</Text>;
  const drawn = !(loading || failed || empty);
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
        {drawn ? (
          <figure style={{ margin: 0 }} aria-label={`Gráfico: ${title}`}>
            {body}
          </figure>
        ) : (
          <Center h={height}>{body}</Center>
        )}
        {drawn && table && (
          <>
            <div>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconTable size={14} aria-hidden />}
                aria-expanded={showTable}
                aria-controls={showTable ? tableId : undefined}
                onClick={() => setShowTable((v) => !v)}
              >
                {showTable ? 'Ocultar tabla' : 'Ver datos en tabla'}
              </Button>
            </div>
            {showTable && <ChartDataTable id={tableId} title={title} table={table} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
