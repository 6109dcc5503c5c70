import { inscripcionSummary, type InscripcionLine, type LineCount } from '@arandu/shared';
import { Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconHourglass, IconX } from '@tabler/icons-react';
import { ResultPanel } from './result-panel';

export interface InscripcionResultProps {
  lines: InscripcionLine[];
  /** What each line asked for: enrol (true) or leave (false). */
  sent: ReadonlyMap<number, boolean>;
}

function counts(lines: InscripcionLine[], sent: ReadonlyMap<number, boolean>) {
  const enrolled: LineCount = { done: 0, of: 0 };
  const left: LineCount = { done: 0, of: 0 };
  for (const l of lines) {
    const c = (sent.get(l.materiaPeriodoId) ?? true) ? enrolled : left;
    c.of += 1;
    if (!l.error) c.done += 1;
  }
  return { enrolled, left };
}

/**
 * The answer of a save (spec 02 section 2, issue 34): how many lines were done, then one success or error line
 * per changed subject.
 */
export function InscripcionResult({ lines, sent }: InscripcionResultProps) {
  const { enrolled, left } = counts(lines, sent);
  const failed = lines.filter((l) => l.error).length;
  const color = failed === 0 ? 'teal' : failed === lines.length ? 'red' : 'yellow';
  return (
    <ResultPanel color={color} title="Resultado de la inscripción">
      <Group gap="xs" wrap="nowrap" mb="sm">
        <ThemeIcon color={color} size={24} radius="xl" variant="light">
          {failed === 0 ? <IconCheck size={16} /> : <IconAlertTriangle size={16} />}
        </ThemeIcon>
        <Text fw={600}>{inscripcionSummary(enrolled, left)}</Text>
      </Group>
      <List spacing="xs" center>
        {lines.map((l) => (
          <List.Item
            key={l.materiaPeriodoId}
            data-result={l.listaEspera ? 'waiting' : l.error ? 'error' : 'success'}
            icon={
              // A full subject is not a failure like the others: the student is in line for it.
              <ThemeIcon
                color={l.listaEspera ? 'yellow' : l.error ? 'red' : 'teal'}
                size={22}
                radius="xl"
                variant="light"
              >
                {l.listaEspera ? <IconHourglass size={14} /> : l.error ? <IconX size={14} /> : <IconCheck size={14} />}
              </ThemeIcon>
            }
          >
            <Text size="sm" c={l.listaEspera ? 'yellow.8' : l.error ? 'red' : undefined}>
              <strong>{l.materia || `#${l.materiaPeriodoId}`}</strong>: {l.error ?? l.success}
            </Text>
          </List.Item>
        ))}
      </List>
    </ResultPanel>
  );
}
