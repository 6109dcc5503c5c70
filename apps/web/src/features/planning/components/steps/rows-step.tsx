import { PLANNING_HOURS_MAX, PLANNING_LABELS, type Option } from '@arandu/shared';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Group,
  NumberInput,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDialog } from '../../../../components/confirm-dialog';
import { DATE_FORMAT, parseDate } from '../../../../lib/format';
import { MSG_PLANNING as M } from '@arandu/shared';
import { maxLengthOf, type RowField, type RowList } from './step-config';
import type { PageForm, RowValues } from './page-values';

interface RowsStepProps {
  form: PageForm;
  config: RowList;
  /** The subject-period's professors: the only choices of 'Profesor'. */
  profesores: Option[];
  duraciones: string[];
  readOnly: boolean;
}

const EMPTY: Record<RowField['kind'], unknown> = {
  text: '',
  textarea: '',
  date: null,
  profesor: null,
  duracion: '',
  hours: null,
};

/**
 * Rows shown at a time: sixteen classes of four fields made step 5 5,616 px tall (issue 34 item 13). The
 * pages are numbered and say which rows they hold; nothing is left out of the step.
 */
export const ROWS_PER_PAGE = 4;

const plural = (noun: string) => (/[aeiouáéíóú]$/.test(noun) ? `${noun}s` : `${noun}es`);

/**
 * Steps 3, 5, 6, 7 and 8: a list of rows, each a card of its fields (readable on a phone). A new row has id 0
 * and the index above the highest; removing one only marks it deleted (hidden, skipped by validation, and
 * removed by the server when the page is saved), spec 03 section 4.
 */
export function RowsStep({ form, config, profesores, duraciones, readOnly }: RowsStepProps) {
  const rows = (form.values[config.list] as RowValues[] | undefined) ?? [];
  const visible = rows.map((row, i) => ({ row, i })).filter(({ row }) => !row.deleted);
  const listError = form.errors[config.list];
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(visible.length / ROWS_PER_PAGE));
  const current = Math.min(page, pages);
  const shown = visible.slice((current - 1) * ROWS_PER_PAGE, current * ROWS_PER_PAGE);

  // A refused save opens the page of the first row with an error: it must not wait on a page nobody sees.
  const firstErrorRow = visible.findIndex(({ i }) =>
    Object.keys(form.errors).some((key) => key.startsWith(`${config.list}.${i}.`)),
  );
  const [seenErrorRow, setSeenErrorRow] = useState(-1);
  if (firstErrorRow !== seenErrorRow) {
    setSeenErrorRow(firstErrorRow);
    if (firstErrorRow >= 0) setPage(Math.floor(firstErrorRow / ROWS_PER_PAGE) + 1);
  }

  const add = () => {
    const index = rows.reduce((max, r) => Math.max(max, r.index ?? 0), -1) + 1;
    const row: RowValues = { id: 0, index, deleted: false };
    for (const field of config.fields) row[field.key] = EMPTY[field.kind];
    // With one professor there is nothing to choose.
    if (config.fields.some((f) => f.kind === 'profesor') && profesores.length === 1) {
      row.profesorMateria = profesores[0]!.value;
    }
    form.insertListItem(config.list, row);
    // The new row is the last one: show its page.
    setPage(Math.floor(visible.length / ROWS_PER_PAGE) + 1);
  };

  const remove = async (i: number, position: number) => {
    const ok = await confirmDialog({
      title: M.deleteRow,
      message: `¿Desea quitar la fila #${position}? Se borra al guardar la página.`,
      confirmLabel: 'Sí, quitar',
      cancelLabel: 'No, Volver',
      danger: true,
    });
    if (ok) form.setFieldValue(`${config.list}.${i}.deleted`, true);
  };

  const input = (field: RowField, i: number) => {
    const path = `${config.list}.${i}.${field.key}`;
    const label = PLANNING_LABELS[field.key];
    const common = {
      label,
      withAsterisk: field.required && !readOnly,
      readOnly,
      variant: readOnly ? 'filled' : 'default',
      error: form.errors[path],
    };
    const value = rows[i]?.[field.key];
    const set = (v: unknown) => form.setFieldValue(path, v);
    switch (field.kind) {
      case 'textarea':
        return (
          <Textarea
            {...form.getInputProps(path)}
            {...common}
            autosize
            minRows={2}
            maxLength={maxLengthOf('textarea')}
          />
        );
      case 'text':
        return <TextInput {...form.getInputProps(path)} {...common} maxLength={maxLengthOf('text')} />;
      case 'duracion':
        return (
          <Autocomplete
            {...common}
            data={duraciones}
            maxLength={maxLengthOf('duracion')}
            value={(value as string) ?? ''}
            onChange={set}
          />
        );
      case 'date':
        return (
          <DateInput
            {...common}
            value={(value as string | null) ?? null}
            onChange={(v) => set(v)}
            valueFormat={DATE_FORMAT}
            dateParser={(text) => parseDate(text)}
            placeholder="dd/mm/aaaa"
            clearable={!readOnly}
          />
        );
      case 'profesor':
        return (
          <Select
            {...common}
            data={profesores.map((p) => ({ value: String(p.value), label: p.label }))}
            value={typeof value === 'number' ? String(value) : null}
            onChange={(v) => set(v ? Number(v) : null)}
            placeholder="Seleccione"
            allowDeselect={false}
          />
        );
      case 'hours':
        return (
          <NumberInput
            {...common}
            min={0}
            max={PLANNING_HOURS_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={(value as number | null) ?? ''}
            onChange={(v) => set(v === '' ? null : Number(v))}
          />
        );
    }
  };

  return (
    <Stack gap="sm">
      {typeof listError === 'string' && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} py="xs">
          {listError}
        </Alert>
      )}
      {visible.length === 0 && (
        <Text size="sm" c="dimmed">
          {M.emptyList}
        </Text>
      )}
      {pages > 1 && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {plural(config.noun).replace(/^./, (c) => c.toUpperCase())} {(current - 1) * ROWS_PER_PAGE + 1} -{' '}
          {(current - 1) * ROWS_PER_PAGE + shown.length} de {visible.length}
        </Text>
      )}
      {shown.map(({ row, i }, k) => {
        const position = (current - 1) * ROWS_PER_PAGE + k;
        return (
          <Paper key={`${row.id}-${row.index}`} withBorder p="sm" radius="md" data-testid={`${config.list}-row`}>
            <Group justify="space-between" mb="xs">
              <Text fw={600} size="sm">
                #{position + 1}
              </Text>
              {!readOnly && (
                <Tooltip label={M.deleteRow}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${M.deleteRow} ${position + 1}`}
                    onClick={() => void remove(i, position + 1)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: config.fields.length > 1 ? 2 : 1 }} spacing="sm">
              {config.fields.map((field) => (
                <div key={field.key} style={field.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
                  {input(field, i)}
                </div>
              ))}
            </SimpleGrid>
          </Paper>
        );
      })}
      {pages > 1 && (
        <nav aria-label={`Páginas de ${plural(config.noun)}`}>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            withEdges
            size="sm"
            getControlProps={(control) => ({ 'aria-label': PAGE_LABELS[control] ?? control })}
            getItemProps={(n) => ({ 'aria-label': `Página ${n}` })}
          />
        </nav>
      )}
      {!readOnly && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
            {M.addRow} {config.noun}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

// Not 'Página siguiente' / 'anterior': the wizard's own 'Siguiente' and 'Anterior' must stay the only ones.
const PAGE_LABELS: Record<string, string> = {
  first: 'Primeras filas',
  previous: 'Filas previas',
  next: 'Próximas filas',
  last: 'Últimas filas',
};
