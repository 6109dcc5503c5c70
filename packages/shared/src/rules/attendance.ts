/**
 * What may be said of a student's attendance against the exam minimum (`minAsistenciaExamen`): the minimum is
 * still within reach, it is not any more, or nothing can be said because there is no planning to project on.
 */
export const PROYECCIONES_ASISTENCIA = ['alcanza', 'no-alcanza', 'sin-planeamiento'] as const;
export type ProyeccionAsistencia = (typeof PROYECCIONES_ASISTENCIA)[number];

export interface AttendanceFigures {
  presentes: number;
  /** Sessions taken so far. */
  tomadas: number;
  /** Sessions of the planning's dated class schedule (0 without planning). */
  planificadas: number;
  minimo: number;
  /** The percentage entered by hand (`editarAsistencias`), or null. */
  manual: number | null;
}

/**
 * The sessions still to come count as present; the term has as many sessions as the planning schedules, or as
 * were taken when more were. Without a planning the term's length is unknown: the sessions taken so far are
 * no term (one absence in three would be a third of it), so there is no verdict (issue 34).
 */
export function attendanceOutlook(f: AttendanceFigures): ProyeccionAsistencia {
  const best = bestAttendance(f);
  if (best === null) return 'sin-planeamiento';
  return best >= f.minimo ? 'alcanza' : 'no-alcanza';
}

/**
 * The highest attendance % the student can still end the term with (the projection `attendanceOutlook` judges),
 * or null without a planning to project on. The early warnings quote it (issue 30).
 */
export function bestAttendance(f: Omit<AttendanceFigures, 'minimo'>): number | null {
  // A hand-entered percentage with nothing taken or planned is the figure itself, not a projection.
  if (f.manual !== null && f.planificadas === 0 && f.tomadas === 0) return f.manual;
  if (f.planificadas === 0) return null;
  const total = Math.max(f.planificadas, f.tomadas);
  return ((f.presentes + (total - f.tomadas)) / total) * 100;
}
