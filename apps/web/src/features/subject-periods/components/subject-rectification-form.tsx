import {
  MSG_EXAMS,
  RECTIFICACION_MOTIVO_MAX,
  zRectificacionMateriaSave,
  type AlumnoMateria,
  type RectificacionMateriaSave,
} from '@arandu/shared';
import { Alert, Button, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { formatPercent } from '../../../lib/format';
import { useRectificarMateria } from '../api/subject-rectifications';

type Figure = 'porcentajePP' | 'porcentajeAsistencia';
const FIGURES: [Figure, string][] = [
  ['porcentajePP', '% PP'],
  ['porcentajeAsistencia', '% Asistencia'],
];
type Values = Record<Figure, number | null>;

/**
 * 'Rectificar registro' of a sealed subject-period (issue 30): one student's new % PP and/or % Asistencia and
 * the reason, confirmed, then sealed by the server as a rectification. Nothing here edits the sealed record.
 */
export function SubjectRectificationForm({
  materiaPeriodoId,
  alumnos,
  onDone,
}: {
  materiaPeriodoId: number;
  /** The students with their figures now (the last rectification's, else the sealed ones). */
  alumnos: AlumnoMateria[];
  onDone: () => void;
}) {
  const rectificar = useRectificarMateria(materiaPeriodoId);
  const [row, setRow] = useState<AlumnoMateria | null>(null);
  const [values, setValues] = useState<Values | null>(null);
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nameOf = (a: AlumnoMateria) => `${a.apellidoAlumno}, ${a.nombreAlumno}`;

  const choose = (v: string | null) => {
    const found = alumnos.find((a) => String(a.id) === v) ?? null;
    setRow(found);
    setValues(found && { porcentajePP: found.porcentajePP, porcentajeAsistencia: found.porcentajeAsistencia });
    setErrors({});
  };

  const submit = async () => {
    if (!row || !values) {
      setErrors({ inscripcionId: MSG_EXAMS.alumnoRequired });
      return;
    }
    const body: RectificacionMateriaSave = { inscripcionId: row.id, motivo };
    for (const [field] of FIGURES) if (values[field] !== row[field]) body[field] = values[field];
    const parsed = zRectificacionMateriaSave.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    const ok = await confirmDialog({
      title: 'Sellar rectificación',
      confirmLabel: 'Si, Sellar',
      message: (
        <Stack gap={4}>
          <Text size="sm">Se sellará la rectificación de {nameOf(row)}; una vez sellada no puede modificarse.</Text>
          {FIGURES.map(([field, label]) => (
            <Text key={field} size="sm">
              {label}: {formatPercent(row[field])} → {formatPercent(values[field])}
            </Text>
          ))}
        </Stack>
      ),
    });
    if (!ok) return;
    try {
      const saved = await rectificar.mutateAsync(parsed.data);
      toast.success(`${MSG_EXAMS.rectificadaMateria}: ${saved.nroRectificacion}`);
      onDone();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, MSG_EXAMS.rectificacionMateriaFailed));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The modal renders in a portal, but React bubbles its submit to the subject-period's own form.
        event.stopPropagation();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          El registro sellado de la materia no cambia: la corrección se sella al guardarla como rectificación, con su
          número y el motivo, y ya no puede modificarse. Pasa a ser el % PP o el % Asistencia del alumno en su derecho a
          examen y en los reportes.
        </Alert>
        <Select
          label="Alumno"
          required
          searchable
          data-autofocus
          data={alumnos.map((a) => ({ value: String(a.id), label: nameOf(a) }))}
          value={row ? String(row.id) : null}
          onChange={choose}
          error={errors.inscripcionId}
        />
        {row && values && (
          <Group grow align="flex-start">
            {FIGURES.map(([field, label]) => (
              <NumberInput
                key={field}
                label={`${label} rectificado`}
                description={`Actual: ${formatPercent(row[field])}`}
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
          <Button type="submit" loading={rectificar.isPending}>
            Sellar rectificación
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
