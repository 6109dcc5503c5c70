import { InstanciaExamen, MSG_EXAMENES, zRectificacionSave, type InscripcionExamen } from '@arandu/shared';
import { Text } from '@mantine/core';
import { RectificationForm as SealForm, type Figures } from '../../../components/rectification/rectification-form';
import { useRectificar } from '../api/exams-api';

type Figure = 'porcentajeAsistencia' | 'porcentajePP' | 'porcentajePF' | 'porcentajePC';
export type CurrentFigures = Figures<Figure>;

/** The figures each instance's grade is made of: a Final's PF with PP (and attendance), a Recuperatorio's PC. */
const FIGURES_OF: Record<number, [Figure, string][]> = {
  [InstanciaExamen.Final]: [
    ['porcentajePF', '% PF'],
    ['porcentajePP', '% PP'],
    ['porcentajeAsistencia', '% Asistencia'],
  ],
  [InstanciaExamen.Recuperatorio]: [['porcentajePC', '% PC']],
};

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
  return (
    <SealForm
      intro={
        <>
          El acta sellada no cambia: la corrección se sella al guardarla como acta rectificativa, con su número, su
          código de verificación y el motivo, y ya no puede modificarse. La calificación se calcula con la misma regla
          que cualquier nota.
        </>
      }
      rows={inscriptos}
      labelOf={(i) => `${i.apellido}, ${i.nombre} (${i.instancia.label})`}
      figuresOf={(i) => FIGURES_OF[i.instancia.value] ?? []}
      currentOf={currentOf}
      noteOf={(i) => (
        <Text size="sm" c="dimmed">
          Calificación en el acta: {i.calificacion}. La nueva se calcula al sellar la rectificación.
        </Text>
      )}
      schema={zRectificacionSave}
      save={rectificar}
      savedText={MSG_EXAMENES.rectificada}
      failedText={MSG_EXAMENES.rectificacionFailed}
      onDone={onDone}
    />
  );
}
