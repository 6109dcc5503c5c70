import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { correlativas } from '../db/schema/index.js';
import { rows } from '../db/sql.js';
import type { SeededMalla } from './catalog.js';

/**
 * Correlatives in the demo (issue 29). Each subject of a semester offered in the active period and later than
 * alumno@demo's requires, regularised, the subject in the same position of the semester before (the first one
 * also the second): alumno@demo, who has not taken that semester yet, finds them locked in Mi Malla and
 * 'Validar' names the missing subject. Only later semesters: the subjects the demo's own semester offers and the
 * first semester card (what the enrolment and keyboard e2e specs take) stay free, and so do the earlier period's
 * subjects, whose exams would otherwise ask for passes nobody in the demo has.
 */
export async function insertCorrelativesDemo(
  tx: Tx,
  mallas: SeededMalla[],
  opts: { activeSemesters: number[]; alumnoSemestre: number; grantedBy: number; alumnoUserId: number },
): Promise<void> {
  const values: (typeof correlativas.$inferInsert)[] = [];
  for (const malla of mallas) {
    for (const n of opts.activeSemesters) {
      if (n <= opts.alumnoSemestre || n < 2) continue;
      const subjects = malla.semestres[n - 1] ?? [];
      const before = malla.semestres[n - 2] ?? [];
      if (before.length === 0) continue;
      subjects.forEach((s, i) => {
        const required = i === 0 ? before.slice(0, 2) : [before[Math.min(i, before.length - 1)]!];
        for (const r of required)
          values.push({ materiaMallaId: s.materiaMallaId, requiereId: r.materiaMallaId, condicion: 'regular' });
      });
    }
  }
  if (values.length > 0) await tx.insert(correlativas).values(values);
  await insertDemoException(tx, opts.grantedBy, opts.alumnoUserId);
}

/**
 * One documented exception: a student enrolled in a semester with correlatives, for a subject of it they did
 * not take, granted by funcionario@demo (the staff's exception list and the student's lock lifted show it).
 */
async function insertDemoException(tx: Tx, grantedBy: number, alumnoUserId: number): Promise<void> {
  const [pick] = await rows<{ perfilAlumnoId: number; materiaMallaId: number }>(
    tx,
    sql`select i.perfil_alumno_id as "perfilAlumnoId", mm.id as "materiaMallaId"
          from inscripciones_materia i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join materias_malla im on im.id = i.materia_malla_id
          join materias_malla mm on mm.malla_id = im.malla_id and mm.semestre_nro_orden = im.semestre_nro_orden
         where pa.usuario_id <> ${alumnoUserId}
           and exists (select 1 from correlativas c where c.materia_malla_id = mm.id)
           and not exists (select 1 from inscripciones_materia o
                            where o.perfil_alumno_id = i.perfil_alumno_id and o.materia_malla_id = mm.id)
         order by i.perfil_alumno_id, mm.id
         limit 1`,
  );
  if (!pick) return;
  await tx.execute(
    sql`insert into excepciones_correlativa (perfil_alumno_id, materia_malla_id, motivo, otorgada_por)
        values (${pick.perfilAlumnoId}, ${pick.materiaMallaId},
                'Equivalencia de la correlativa aprobada en otra facultad, en trámite (Res. FI N.º 204/2026)',
                ${grantedBy})`,
  );
}
