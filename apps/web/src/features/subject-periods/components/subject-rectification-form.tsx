import { MSG_EXAMENES, zRectificacionMateriaSave, type AlumnoMateria } from '@arandu/shared';
import { RectificationForm } from '../../../components/rectification/rectification-form';
import { useRectificarMateria } from '../api/subject-rectifications';

const FIGURES = [
  ['porcentajePP', '% PP'],
  ['porcentajeAsistencia', '% Asistencia'],
] as const;

/**
 * 'Rectificar registro' of a sealed subject-period (issue 30): one student's new % PP and/or % Asistencia and
 * the reason, confirmed, then sealed by the server as a rectification. Nothing here edits the sealed record.
 */
export function MateriaRectificationForm({
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
  return (
    <RectificationForm
      intro={
        <>
          El registro sellado de la materia no cambia: la corrección se sella al guardarla como rectificación, con su
          número y el motivo, y ya no puede modificarse. Pasa a ser el % PP o el % Asistencia del alumno en su derecho a
          examen y en los reportes.
        </>
      }
      rows={alumnos}
      labelOf={(a) => `${a.apellidoAlumno}, ${a.nombreAlumno}`}
      figuresOf={() => FIGURES}
      currentOf={(a) => ({ porcentajePP: a.porcentajePP, porcentajeAsistencia: a.porcentajeAsistencia })}
      onlyChanged
      schema={zRectificacionMateriaSave}
      save={rectificar}
      savedText={MSG_EXAMENES.rectificadaMateria}
      failedText={MSG_EXAMENES.rectificacionMateriaFailed}
      onDone={onDone}
    />
  );
}
