import {
  InstanciaExamen,
  MSG_EXAMS,
  RECTIFICACION_MOTIVO_MAX,
  zRectificacionSave,
  type InscripcionExamen,
  type RectificacionSave,
} from '@arandu/shared';
import { Alert, Button, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { useRectificar } from '../api/exams-api';

type Figure = 'porcentajeAsistencia' | 'porcentajePP' | 'porcentajePF' | 'porcentajePC';

/** The figures each instance's grade is made of: a Final's PF with PP (and attendance), a Recuperatorio's PC. */
const FIGURES_OF: Record<number, [Figure, string][]> = {
  [InstanciaExamen.Final]: [
    ['porcentajePF', '% PF'],
    ['porcentajePP', '% PP'],
    ['porcentajeAsistencia', '% Asistencia'],
  ],
  [InstanciaExamen.Recuperatorio]: [['porcentajePC', '% PC']],
};

export interface CurrentFigures {
  porcentajeAsistencia: number | null;
  porcentajePP: number | null;
  porcentajePF: number | null;
  porcentajePC: number | null;
}

/**
 * 'Rectificar acta': one student's new figures and the reason. The server grades them and seals the acta
 * rectificativa at once; nothing here edits the sealed acta.
 */
export function RectificationForm({
  examenId,
  inscriptos,
  currentOf,
  onDone,
}: {
  examenId: number;
  inscriptos: InscripcionExamen[];
  /** A student's figures now: the last rectification's, else the acta's. */
  currentOf: (row: InscripcionExamen) => CurrentFigures;
  onDone: () => void;
}) {
  const rectificar = useRectificar(examenId);
  const [inscripcionId, setInscripcionId] = useState<number | null>(null);
  const [values, setValues] = useState<CurrentFigures | null>(null);
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const row = inscriptos.find((i) => i.id === inscripcionId);
  const figures = row ? (FIGURES_OF[row.instancia.value] ?? []) : [];

  const choose = (v: string | null) => {
    const found = inscriptos.find((i) => String(i.id) === v);
    setInscripcionId(found?.id ?? null);
    setValues(found ? currentOf(found) : null);
    setErrors({});
  };

  const submit = async () => {
    if (!row || !values) {
      setErrors({ inscripcionId: MSG_EXAMS.alumnoRequired });
      return;
    }
    const body: RectificacionSave = { inscripcionId: row.id, motivo };
    for (const [field] of figures) body[field] = values[field];
    const parsed = zRectificacionSave.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    try {
      const saved = await rectificar.mutateAsync(parsed.data);
      toast.success(`${MSG_EXAMS.rectificada}: ${saved.nroRectificacion}`);
      onDone();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, MSG_EXAMS.rectificacionFailed));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          El acta sellada no cambia: la corrección se sella al guardarla como acta rectificativa, con su número, su
          código de verificación y el motivo, y ya no puede modificarse. La calificación se calcula con la misma regla
          que cualquier nota.
        </Alert>
        <Select
          label="Alumno"
          required
          searchable
          data-autofocus
          data={inscriptos.map((i) => ({
            value: String(i.id),
            label: `${i.apellido}, ${i.nombre} (${i.instancia.label})`,
          }))}
          value={inscripcionId ? String(inscripcionId) : null}
          onChange={choose}
          error={errors.inscripcionId}
        />
        {row && values && (
          <Group grow align="flex-start">
            {figures.map(([field, label]) => (
              <NumberInput
                key={field}
                label={`${label} rectificado`}
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
        {row && (
          <Text size="sm" c="dimmed">
            Calificación en el acta: {row.calificacion}. La nueva se calcula al sellar la rectificación.
          </Text>
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
