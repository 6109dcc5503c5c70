import { auditColumnLabel } from '@arandu/shared';
import { Button, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';

const SHOWN = 3;

function show(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The values of an audit row: the first few columns inline, all of them in a popover. `order` is the row's
 * affected columns in table order (the stored JSON sorts its keys alphabetically). The popover takes the focus
 * (its list a tab stop, so the keyboard scrolls a long one), so Escape closes it and the focus goes back to
 * 'Ver todo'.
 */
export function ChangesCell({
  values,
  title,
  order,
}: {
  values: Record<string, unknown> | null;
  title: string;
  order: string[];
}) {
  if (!values) {
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  }
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const entries = Object.entries(values).sort(([a], [b]) => rank(a) - rank(b));
  return (
    <Stack gap={2} maw={280}>
      {entries.slice(0, SHOWN).map(([key, value]) => (
        <Text key={key} size="xs" lineClamp={1} title={`${auditColumnLabel(key)}: ${show(value)}`}>
          <Text span fw={600} size="xs">
            {auditColumnLabel(key)}:
          </Text>{' '}
          {show(value)}
        </Text>
      ))}
      {entries.length > SHOWN && (
        <Popover width={420} position="bottom-start" withArrow shadow="md" trapFocus returnFocus>
          <Popover.Target>
            <Button variant="subtle" size="compact-xs" w="fit-content">
              Ver todo ({entries.length})
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Text fw={600} size="sm" mb="xs">
              {title}
            </Text>
            <ScrollArea.Autosize mah={320} viewportProps={{ tabIndex: 0 }}>
              <Stack gap={6}>
                {entries.map(([key, value]) => (
                  <Group key={key} gap="sm" wrap="nowrap" align="flex-start">
                    <Text size="xs" fw={600} style={{ flex: 'none' }} title={key}>
                      {auditColumnLabel(key)}
                    </Text>
                    <Text size="xs" style={{ wordBreak: 'break-word' }}>
                      {show(value)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Popover.Dropdown>
        </Popover>
      )}
    </Stack>
  );
}
