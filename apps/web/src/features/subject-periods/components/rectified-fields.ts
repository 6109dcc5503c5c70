import type { AlumnoMateria, RectificacionMateria } from '@arandu/shared';

type Field = 'porcentajePP' | 'porcentajeAsistencia';
const FIELDS: Field[] = ['porcentajePP', 'porcentajeAsistencia'];

/**
 * Which figures of a sealed subject-period a rectification changed, keyed 'inscripcionId:field' with the last
 * rectification's number: the grades table marks them 'rectificada'. A row the server says is rectified but
 * whose rectifications are not listed (the list failed) has both figures marked.
 */
export function rectifiedFields(alumnos: AlumnoMateria[], list: RectificacionMateria[]): Map<string, string> {
  const marks = new Map<string, string>();
  for (const r of list) {
    for (const f of FIELDS) if (r.anterior[f] !== r.nuevo[f]) marks.set(`${r.inscripcionId}:${f}`, r.nroRectificacion);
  }
  for (const a of alumnos) {
    if (!a.rectificacion || list.some((r) => r.inscripcionId === a.id)) continue;
    for (const f of FIELDS) marks.set(`${a.id}:${f}`, a.rectificacion.nroRectificacion);
  }
  return marks;
}
