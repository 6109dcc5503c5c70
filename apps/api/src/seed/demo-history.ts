import { inArray, sql } from 'drizzle-orm';
import {
  computeCalificacion,
  EstadoExamen,
  InstanciaExamen,
  RolProfesorMateria,
  SETTINGS_DEFAULTS,
} from '@arandu/shared';
import type { Tx } from '../db/client.js';
import { inscripcionesMateria, materiasPeriodo, perfilesAlumno } from '../db/schema/index.js';
import { intArray, rows } from '../db/sql.js';
import type { PeriodoPlan } from './calendar.js';
import type { SeededMalla } from './catalog.js';
import { chunks } from './chunks.js';
import type { DemoAlumno } from './demo-students.js';
import { publishMaterias } from './publish.js';
import { AULAS_DE_EXAMEN } from './demo-rooms.js';

const DAY_MS = 86_400_000;

export interface PriorHistory {
  periodoId: number;
  plan: PeriodoPlan;
  mallas: SeededMalla[];
  /** Every demo student: those with a history and two semesters behind them took one here. */
  students: DemoAlumno[];
  professorIds: number[];
  /** A deliberate demo case: this student took this malla subject, regularised it and failed its exam. */
  failed: { userId: number; materiaMallaId: number };
}

/**
 * The period before the earlier one (issue 29): every student with a history took the semester two before their
 * current one, and passed it in its first exam call, sealed. Sitting an exam asks for each correlative passed,
 * so this is what makes the earlier period's exams (its results and the call still open) possible. It is the
 * oldest record the demo keeps: what came before it is not in the demo. Fixed figures, no generator draws, so
 * the rest of the demo stays as it was; one deliberate failure (`failed`) leaves a correlative unpassed.
 */
export async function insertPriorHistory(tx: Tx, h: PriorHistory): Promise<void> {
  const takers = h.students.filter((s) => s.history && s.semestre >= 3);
  const semestres = [...new Set(takers.map((s) => s.semestre - 2))];
  const offered = await tx
    .insert(materiasPeriodo)
    .values(
      h.mallas.flatMap((m) =>
        semestres.flatMap((n) =>
          m.semestres[n - 1]!.map((s) => ({ materiaMallaId: s.materiaMallaId, periodoId: h.periodoId, seccion: 'A' })),
        ),
      ),
    )
    .returning({ id: materiasPeriodo.id, materiaMallaId: materiasPeriodo.materiaMallaId });
  const offerOf = new Map(offered.map((o) => [o.materiaMallaId, o.id]));
  const ids = offered.map((o) => o.id);
  await tx.execute(
    sql`insert into profesores_materia_periodo (materia_periodo_id, usuario_id, rol)
        select o.id, (${intArray(h.professorIds)})[1 + o.id % ${h.professorIds.length}], ${RolProfesorMateria.Encargado}
          from unnest(${intArray(ids)}) as o(id)`,
  );

  const profiles = await tx.select({ id: perfilesAlumno.id, usuarioId: perfilesAlumno.usuarioId }).from(perfilesAlumno);
  const profileOf = new Map(profiles.map((p) => [p.usuarioId, p.id]));
  const start = Date.parse(h.plan.inicioPeriodoInscripcion);
  const values = takers.flatMap((s, k) =>
    s.malla.semestres[s.semestre - 3]!.map((materia, i) => ({
      perfilAlumnoId: profileOf.get(s.userId)!,
      materiaPeriodoId: offerOf.get(materia.materiaMallaId)!,
      materiaMallaId: materia.materiaMallaId,
      periodoId: h.periodoId,
      fechaInscripcion: new Date(start + ((k + i) % 10) * DAY_MS).toISOString(),
      porcentajeAsistencia: 75 + ((k * 7 + i * 3) % 26),
      porcentajePP: 55 + ((k * 11 + i * 5) % 46),
    })),
  );
  const enrolled: { id: number; perfilAlumnoId: number; materiaPeriodoId: number; pp: number | null }[] = [];
  for (const part of chunks(values, 1000)) {
    enrolled.push(
      ...(await tx.insert(inscripcionesMateria).values(part).returning({
        id: inscripcionesMateria.id,
        perfilAlumnoId: inscripcionesMateria.perfilAlumnoId,
        materiaPeriodoId: inscripcionesMateria.materiaPeriodoId,
        pp: inscripcionesMateria.porcentajePP,
      })),
    );
  }
  await publishMaterias(tx, h.plan.finClases, inArray(materiasPeriodo.id, ids), inArray(materiasPeriodo.id, ids));

  // One first call per subject, a fortnight after classes, sealed two days later; everyone sat it. The exams of
  // one day (one in ten) each in their own room of the list.
  const fecha = new Date(Date.parse(h.plan.finClases) + 14 * DAY_MS);
  const year = fecha.getUTCFullYear();
  const examenRows = await rows<{ id: number; materiaPeriodoId: number }>(
    tx,
    sql`insert into examenes (materia_periodo_id, fecha, fecha_limite_inscripcion, interventor_id, profesor_id,
                              periodo, aula, nro_acta)
        select o.id, ${fecha.toISOString()}::timestamptz + (o.n % 10) * interval '1 day',
               ${fecha.toISOString()}::timestamptz - interval '4 days',
               (${intArray(h.professorIds)})[1 + (o.id + 1) % ${h.professorIds.length}],
               (${intArray(h.professorIds)})[1 + o.id % ${h.professorIds.length}],
               'Primer periodo', ${JSON.stringify(AULAS_DE_EXAMEN)}::jsonb ->> (((o.n - 1) / 10) % ${AULAS_DE_EXAMEN.length})::int,
               ${`${year}-1-`} || (5001 + o.n)
          from unnest(${intArray(ids)}) with ordinality as o(id, n)
        returning id, materia_periodo_id as "materiaPeriodoId"`,
  );
  const examenOf = new Map(examenRows.map((e) => [e.materiaPeriodoId, e.id]));
  const failedProfile = profileOf.get(h.failed.userId);
  const failedOffer = offerOf.get(h.failed.materiaMallaId);
  const results = enrolled.map((e) => {
    const fails = e.perfilAlumnoId === failedProfile && e.materiaPeriodoId === failedOffer;
    const pf = fails ? 40 : 65 + ((e.id * 13) % 36);
    const calificacion = computeCalificacion(
      { instancia: InstanciaExamen.Final, porcentajePP: e.pp, porcentajePF: pf, porcentajePC: null },
      SETTINGS_DEFAULTS,
    );
    return sql`(${examenOf.get(e.materiaPeriodoId)!}::int, ${e.perfilAlumnoId}::int, ${e.id}::int, ${pf}::numeric, ${calificacion}::smallint)`;
  });
  for (const part of chunks(results, 1000)) {
    await tx.execute(
      sql`insert into inscripciones_examen (examen_id, perfil_alumno_id, inscripcion_materia_id, fecha_inscripcion,
                                            porcentaje_asistencia, porcentaje_pp, porcentaje_pf, calificacion, instancia)
          select v.examen_id, v.perfil, v.im, e.fecha - interval '6 days', im.porcentaje_asistencia, im.porcentaje_pp,
                 v.pf, v.calificacion, ${InstanciaExamen.Final}
            from (values ${sql.join(part, sql`, `)}) v(examen_id, perfil, im, pf, calificacion)
            join examenes e on e.id = v.examen_id
            join inscripciones_materia im on im.id = v.im`,
    );
  }
  await tx.execute(
    sql`update examenes set estado = ${EstadoExamen.Sellado}, fecha_sellado = fecha + interval '2 days',
               codigo_verificacion = upper(substr(md5('acta-anterior-' || id), 1, 12))
         where id in (select unnest(${intArray([...examenOf.values()])}))`,
  );
  await tx.execute(
    sql`insert into actas_selladas (codigo, examen_id, nro_acta, fecha_sellado)
        select codigo_verificacion, id, nro_acta, fecha_sellado from examenes
         where id in (select unnest(${intArray([...examenOf.values()])}))`,
  );
}
