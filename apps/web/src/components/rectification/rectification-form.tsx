import { MSG_EXAMENES, RECTIFICACION_MOTIVO_MAX } from '@arandu/shared';
import { Alert, Button, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { failureMessage, fieldErrorsOf } from '../../lib/api-errors';
import { formatPercent } from '../../lib/format';
import { confirmDialog } from '../confirm-dialog';
import { toast } from '../toast';

/** One student's figures: what a rectification may change, by field. */
export type Figures<F extends string> = Record<F, number | null>;

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
   * Subject-periods send only the figures changed, confirm before sealing and show each figure's value now;
   * exams send all the instance's figures and seal at once.
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
    setValues(found && currentOf(found));
    setErrors({});
  };

  const confirmed = (chosen: Row, next: Figures<F>) => {
    const now = currentOf(chosen);
    return confirmDialog({
      title: 'Sellar rectificación',
      confirmLabel: 'Si, Sellar',
      message: (
        <Stack gap={4}>
          <Text size="sm">Se sellará la rectificación de {labelOf(chosen)}; una vez sellada no puede modificarse.</Text>
          {figures.map(([field, label]) => (
            <Text key={field} size="sm">
              {label}: {formatPercent(now[field])} → {formatPercent(next[field])}
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
    for (const [field] of figures) if (!onlyChanged || values[field] !== now[field]) body[field] = values[field];
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    if (onlyChanged && !(await confirmed(row, values))) return;
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
              <NumberInput
                key={field}
                label={`${label} rectificado`}
                description={onlyChanged ? `Actual: ${formatPercent(currentOf(row)[field])}` : undefined}
                min={0}
                max={100}
                decimalScale={2}
                value={values[field] ?? ''}
                onChange={(v) => setValues({ ...values, [field]: typeof v === 'number' ? v : null })}
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
