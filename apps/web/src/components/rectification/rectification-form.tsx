import { MSG_EXAMENES, RECTIFICACION_MOTIVO_MAX } from '@arandu/shared';
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { failureMessage, fieldErrorsOf } from '../../lib/api-errors';
import { formatDecimal, formatPercent } from '../../lib/format';
import { confirmDialog } from '../confirm-dialog';
import { DecimalInput } from '../decimal-input';
import { toast } from '../toast';

/** One student's figures: what a rectification may change, by field. */
export type Figures<F extends string> = Record<F, number | null>;

/**
 * The figures as the screen shows them (formatPercent: whole, halves up, DOMAIN.md's rounding): the form opens
 * with 69 where the list and 'Actual: 69' show a stored 68,85, never with the stored decimals.
 */
function shownFigures<F extends string>(figures: Figures<F>): Figures<F> {
  const shown = { ...figures };
  for (const field of Object.keys(shown) as F[]) {
    const value = shown[field];
    shown[field] = value === null ? null : Number(formatPercent(value));
  }
  return shown;
}

/**
 * The body's figure for a field: the stored one while the field still holds what the form opened with (an
 * untouched 69 keeps the acta's 68,85), else the one typed.
 */
function sentFigure(typed: number | null, stored: number | null): number | null {
  return stored !== null && typed === Number(formatPercent(stored)) ? stored : typed;
}

/** The part of a zod schema the form uses: it checks the body before it is sent. */
interface BodySchema<Body> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: Body }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export interface RectificationFormProps<Row extends { id: number }, F extends string, Body> {
  /** What sealing a rectification here means, above the fields. */
  intro: ReactNode;
  /** The enrolments that may be rectified (their id is what the body names). */
  rows: Row[];
  labelOf: (row: Row) => string;
  /** The figures a student's rectification may change, with their labels. */
  figuresOf: (row: Row) => readonly (readonly [F, string])[];
  /** A student's figures now: the last rectification's, else the sealed ones. */
  currentOf: (row: Row) => Figures<F>;
  /**
   * Subject-periods send only the figures changed and show each figure's value now; exams send all the
   * instance's figures. Both confirm before sealing (issue 43 item 2: nothing is sealed at once).
   */
  onlyChanged?: boolean;
  /** Under the fields once a student is chosen (e.g. the acta's grade). */
  noteOf?: (row: Row) => ReactNode;
  schema: BodySchema<Body>;
  save: { mutateAsync: (body: Body) => Promise<{ nroRectificacion: string | number }>; isPending: boolean };
  savedText: string;
  failedText: string;
  onDone: () => void;
}

/**
 * 'Rectificar': one student's new figures and the reason, sealed by the server as a rectification at once;
 * nothing here edits the sealed record. Shared by the exams' actas and the subject-periods' records.
 */
export function RectificationForm<Row extends { id: number }, F extends string, Body>({
  intro,
  rows,
  labelOf,
  figuresOf,
  currentOf,
  onlyChanged = false,
  noteOf,
  schema,
  save,
  savedText,
  failedText,
  onDone,
}: RectificationFormProps<Row, F, Body>) {
  const [row, setRow] = useState<Row | null>(null);
  const [values, setValues] = useState<Figures<F> | null>(null);
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const figures = row ? figuresOf(row) : [];

  const choose = (v: string | null) => {
    const found = rows.find((r) => String(r.id) === v) ?? null;
    setRow(found);
    setValues(found && shownFigures(currentOf(found)));
    setErrors({});
  };

  const confirmed = (chosen: Row, next: Figures<F>) => {
    const now = currentOf(chosen);
    return confirmDialog({
      title: 'Sellar rectificación',
      confirmLabel: 'Sí, sellar',
      message: (
        <Stack gap={4}>
          <Text size="sm">Se sellará la rectificación de {labelOf(chosen)}; una vez sellada no puede modificarse.</Text>
          {figures.map(([field, label]) => (
            <Text key={field} size="sm">
              {label}: {formatPercent(now[field])} → {formatDecimal(sentFigure(next[field], now[field]), 2) || '—'}
            </Text>
          ))}
        </Stack>
      ),
    });
  };

  const submit = async () => {
    if (!row || !values) {
      setErrors({ inscripcionId: MSG_EXAMENES.alumnoRequired });
      return;
    }
    const now = currentOf(row);
    const body: Record<string, unknown> = { inscripcionId: row.id, motivo };
    for (const [field] of figures) {
      const sent = sentFigure(values[field], now[field]);
      if (!onlyChanged || sent !== now[field]) body[field] = sent;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    if (!(await confirmed(row, values))) return;
    try {
      const saved = await save.mutateAsync(parsed.data);
      toast.success(`${savedText}: ${saved.nroRectificacion}`);
      onDone();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, failedText));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The modal renders in a portal, but React bubbles its submit to a form around the panel (the subject's).
        event.stopPropagation();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          {intro}
        </Alert>
        <Select
          label="Alumno"
          required
          searchable
          data-autofocus
          data={rows.map((r) => ({ value: String(r.id), label: labelOf(r) }))}
          value={row ? String(row.id) : null}
          onChange={choose}
          error={errors.inscripcionId}
        />
        {row && values && (
          <Group grow align="flex-start">
            {figures.map(([field, label]) => (
              <DecimalInput
                key={field}
                label={`${label} rectificado`}
                description={onlyChanged ? `Actual: ${formatPercent(currentOf(row)[field])}` : undefined}
                decimals={2}
                value={values[field]}
                onChange={(v) => setValues({ ...values, [field]: v })}
                error={errors[field]}
              />
            ))}
          </Group>
        )}
        {row && noteOf?.(row)}
        <Textarea
          label="Motivo de la rectificación"
          description="Entre 10 y 500 caracteres"
          required
          autosize
          minRows={3}
          maxLength={RECTIFICACION_MOTIVO_MAX}
          value={motivo}
          onChange={(event) => {
            setMotivo(event.currentTarget.value);
            setErrors((e) => ({ ...e, motivo: '' }));
          }}
          error={errors.motivo || undefined}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Sellar rectificación
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
