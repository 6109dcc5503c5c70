import type { AlumnoMateria, RectificacionMateria } from '@arandu/shared';
import { RectificationsPanel } from '../../../components/rectification/rectifications-panel';
import { formatPercent } from '../../../lib/format';
import { MateriaRectificationForm } from './subject-rectification-form';

const figures = (f: RectificacionMateria['nuevo']) =>
  `PP ${formatPercent(f.porcentajePP)} · Asist. ${formatPercent(f.porcentajeAsistencia)}`;

/**
 * A sealed subject-period's rectifications (issue 30): for each one the figures before and after, the reason,
 * who and when. Whoever holds 'actas:rectificar' may add one.
 */
export function MateriaRectificationsPanel({
  materiaPeriodoId,
  alumnos,
  rectificaciones,
  failed,
  canRectify,
}: {
  materiaPeriodoId: number;
  alumnos: AlumnoMateria[];
  rectificaciones: RectificacionMateria[];
  failed: boolean;
  canRectify: boolean;
}) {
  return (
    <RectificationsPanel
      title="Rectificaciones"
      titleOrder={3}
      intro={
        <>
          La materia quedó sellada como está. Un % PP o % Asistencia mal registrado se corrige con una rectificación: se
          sella al guardarla y pasa a ser el valor del alumno.
        </>
      }
      actionLabel="Rectificar registro"
      canRectify={canRectify}
      failed={failed}
      failedText="Error al intentar cargar las rectificaciones"
      emptyText="Esta materia no tiene rectificaciones."
      tableLabel="Rectificaciones de la materia"
      antesHeader="Antes"
      minWidth={760}
      lines={rectificaciones.map((r) => ({
        id: r.id,
        nro: r.nroRectificacion,
        alumno: r.alumno,
        numeroDocumento: r.numeroDocumento,
        antes: figures(r.anterior),
        nuevo: figures(r.nuevo),
        motivo: r.motivo,
        fecha: r.fecha,
        sealedBy: r.usuario,
      }))}
      modalTitle="Rectificar registro de la materia"
      form={(close) => (
        <MateriaRectificationForm materiaPeriodoId={materiaPeriodoId} alumnos={alumnos} onDone={close} />
      )}
    />
  );
}
