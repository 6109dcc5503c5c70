import { ENROL_MSG, type InscripcionCheck } from '@arandu/shared';
import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { ResultPanel } from './result-panel';

/**
 * The answer of 'Validar' (issue 29): for each subject selected, whether saving would take it and, if not,
 * every reason, so a student can fix the whole selection at once. Nothing was saved.
 */
export function ValidationResult({ checks }: { checks: InscripcionCheck[] }) {
  const allOk = checks.every((c) => c.ok);
  return (
    <ResultPanel color={allOk ? 'teal' : 'yellow'} title={ENROL_MSG.validarTitle}>
      <Text size="sm" mb="sm" c="dimmed">
        {allOk
          ? ENROL_MSG.validarAllOk
          : 'Nada se guardó: corrija lo indicado y vuelva a validar, o guarde lo que sí se puede.'}
      </Text>
      <List spacing="xs">
        {checks.map((c) => (
          <List.Item
            key={c.materiaPeriodoId}
            data-check={c.ok ? 'ok' : 'blocked'}
            icon={
              <ThemeIcon color={c.ok ? 'teal' : 'red'} size={22} radius="xl" variant="light">
                {c.ok ? <IconCheck size={14} /> : <IconX size={14} />}
              </ThemeIcon>
            }
          >
            <Text size="sm" fw={600}>
              {c.materia}
            </Text>
            {c.ok ? (
              <Text size="sm">{ENROL_MSG.validarOk}</Text>
            ) : (
              <List size="sm" withPadding listStyleType="disc">
                {c.motivos.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            )}
          </List.Item>
        ))}
      </List>
    </ResultPanel>
  );
}
