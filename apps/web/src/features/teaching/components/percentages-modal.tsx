import { MSG, type AlumnoMateria, type MateriaPeriodo } from '@arandu/shared';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DecimalInput } from '../../../components/decimal-input';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { useSaveNotas } from '../api/get-plan';
import { ModalFormFooter } from '../../../components/modal-form-footer';
import { FormModal } from '../../../components/form-modal';

type Value = number | null;
const valid = (v: Value) => v === null || (v >= 0 && v <= 100);

/**
 * 'Editar Asistencia / Notas' (spec 03 section 2.10): the student's percentages, each editable only where
 * the rules allow (PP without homework, attendance with `editarAsistencias`, both while editing is open).
 */
export function PercentagesModal({
  mp,
  alumno,
  onClose,
}: {
  mp: MateriaPeriodo;
  alumno: AlumnoMateria;
  onClose: () => void;
}) {
  const save = useSaveNotas(mp.id);
  const [asistencia, setAsistencia] = useState<Value>(alumno.porcentajeAsistencia);
  const [pp, setPP] = useState<Value>(alumno.porcentajePP);
  const ppEditable = mp.canEditTask && !mp.calculatePPFromTasks;
  const asistenciaEditable = mp.canEditTask && mp.editarAsistencias;

  const submit = async () => {
    if (!valid(asistencia) || !valid(pp)) return;
    try {
      await save.mutateAsync({
        inscripcionMateriaId: alumno.id,
        ...(ppEditable ? { porcentajePP: pp } : {}),
        ...(asistenciaEditable ? { porcentajeAsistencia: asistencia } : {}),
      });
      toast.success(MSG.gradesSaved);
      onClose();
    } catch (error) {
      toast.error(failureMessage(error, MSG.gradesSaveFailed));
    }
  };

  const input = (label: string, value: Value, set: (v: Value) => void, editable: boolean) => (
    <DecimalInput
      label={label}
      value={value}
      onChange={set}
      decimals={2}
      readOnly={!editable}
      variant={editable ? 'default' : 'filled'}
      error={valid(value) ? undefined : MSG.percentageInvalid}
      data-autofocus={editable || undefined}
    />
  );

  return (
    <FormModal opened onClose={onClose} title="Editar Asistencia / Notas" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text fw={500}>
            {alumno.apellidoAlumno}, {alumno.nombreAlumno}
          </Text>
          <Text size="sm" c="dimmed">
            Fecha de inscripción: {formatDate(alumno.fechaInscripcion)}
          </Text>
          {input('Porcentaje de asistencia', asistencia, setAsistencia, asistenciaEditable)}
          {input('Porcentaje PP', pp, setPP, ppEditable)}
          <ModalFormFooter
            onCancel={onClose}
            cancelLabel="Cancelar"
            saving={save.isPending}
            // The spec hides Guardar while PP is empty or 0.
            canSave={!!pp && (ppEditable || asistenciaEditable)}
          />
        </Stack>
      </form>
    </FormModal>
  );
}
