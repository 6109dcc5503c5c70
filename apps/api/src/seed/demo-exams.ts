import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  asuncionInstant,
  computeCalificacion,
  dateInAsuncion,
  EstadoExamen,
  EstadoPublicacion,
  InstanciaExamen,
  SETTINGS_DEFAULTS,
} from '@arandu/shared';
import type { Tx } from '../db/client.js';
import { NOTA_APROBACION } from '../db/schema/index.js';
import { rows } from '../db/sql.js';
import { chunks } from './chunks.js';
import { addDays } from './calendar.js';
import { correlativasPassed } from './demo-correlatives.js';
import { AULAS_DE_EXAMEN } from './demo-rooms.js';
import type { Random } from './random.js';

const DAY_MS = 86_400_000;
const CHUNK = 500;
const cfg = SETTINGS_DEFAULTS;

type Offering = {
  id: number;
  profesorId: number;
};
type Enrolment = {
  id: number;
  perfilAlumnoId: number;
  materiaPeriodoId: number;
  asistencia: number | null;
  pp: number | null;
};
interface ExamenRow {
  materiaPeriodoId: number;
  fecha: Date;
  profesorId: number;
  /** Another professor: the acta is signed by two different people. */
  interventorId: number;
  periodo: string;
  nroActa: string;
  aula: string;
}
interface EnrolmentRow {
  examenId: number;
  enrolment: Enrolment;
  instancia: number;
  pf: number | null;
  pc: number | null;
  calificacion: number;
  fecha: Date;
}

const iso = (d: Date) => d.toISOString();

async function insertExamenRows(tx: Tx, list: ExamenRow[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const part of chunks(list, CHUNK)) {
    const inserted = await rows<{ id: number; materiaPeriodoId: number }>(
      tx,
      sql`insert into examenes (materia_periodo_id, fecha, fecha_limite_inscripcion, interventor_id, profesor_id,
                                periodo, aula, nro_acta)
          values ${sql.join(
            part.map(
              (e) => sql`(${e.materiaPeriodoId}, ${iso(e.fecha)}, ${iso(new Date(e.fecha.getTime() - 4 * DAY_MS))},
                          ${e.interventorId}, ${e.profesorId}, ${e.periodo}, ${e.aula}, ${e.nroActa})`,
            ),
            sql`, `,
          )}
          returning id, materia_periodo_id as "materiaPeriodoId"`,
    );
    for (const r of inserted) ids.set(r.materiaPeriodoId, r.id);
  }
  return ids;
}

async function insertEnrolmentRows(tx: Tx, list: EnrolmentRow[]): Promise<void> {
  for (const part of chunks(list, CHUNK)) {
    await tx.execute(
      sql`insert into inscripciones_examen (examen_id, perfil_alumno_id, inscripcion_materia_id, fecha_inscripcion,
                                            porcentaje_asistencia, porcentaje_pp, porcentaje_pf, porcentaje_pc,
                                            calificacion, instancia)
          values ${sql.join(
            part.map(
              (r) => sql`(${r.examenId}, ${r.enrolment.perfilAlumnoId}, ${r.enrolment.id}, ${iso(r.fecha)},
                          ${r.enrolment.asistencia}, ${r.enrolment.pp}, ${r.pf}, ${r.pc}, ${r.calificacion}, ${r.instancia})`,
            ),
            sql`, `,
          )}`,
    );
  }
}

/** The instance the rules give a student of a published subject, or null when blocked by attendance. */
function instanciaOf(e: Enrolment): number | null {
  if ((e.asistencia ?? 0) < cfg.minAsistenciaExamen) return null;
  return (e.pp ?? 0) < cfg.minPPFinal ? InstanciaExamen.Recuperatorio : InstanciaExamen.Final;
}

/**
 * Exams of the demo (after publishSubjects): every published subject of the earlier period had its first
 * exam weeks ago, graded and mostly sealed (so 'Mi Malla', "already passed" and reports have results);
 * a second call is open now with some students already enrolled, and the demo student can still enrol.
 * Only students who passed the subject's correlatives sat or enrol (the demo student's Cálculo III waits for
 * Cálculo II, so that card shows the refusal).
 */
export async function insertExamenes(
  tx: Tx,
  random: Random,
  opts: {
    earlierId: number;
    earlierFinClases: string;
    demoStudentUserId: number;
    rootAdminId: number;
    rectifierId: number;
    now: Date;
  },
): Promise<{ examenes: number; inscripciones: number }> {
  const offerings = await rows<Offering>(
    tx,
    sql`select mp.id, pmp.usuario_id as "profesorId"
          from materias_periodo mp
          join profesores_materia_periodo pmp on pmp.materia_periodo_id = mp.id and pmp.rol = 'Encargado'
         where mp.periodo_id = ${opts.earlierId} and mp.estado > ${EstadoPublicacion.Preliminar}
         order by mp.id`,
  );
  const enrolments = await rows<Enrolment>(
    tx,
    sql`select im.id, im.perfil_alumno_id as "perfilAlumnoId", im.materia_periodo_id as "materiaPeriodoId",
               im.porcentaje_asistencia::float8 as asistencia, im.porcentaje_pp::float8 as pp
          from inscripciones_materia im
         where im.periodo_id = ${opts.earlierId}
           -- Sitting an exam asks for every correlative passed (issue 29): nobody sat one without them.
           and ${correlativasPassed(sql`im.perfil_alumno_id`, sql`im.materia_malla_id`, opts.now)}
         order by im.id`,
  );
  const [demo] = await rows<{ id: number }>(
    tx,
    sql`select id from perfiles_alumno where usuario_id = ${opts.demoStudentUserId}`,
  );

  // First call: after publication (five days after classes), and in any case before today.
  const now = opts.now.getTime();
  const first = new Date(Math.min(Date.parse(opts.earlierFinClases) + 12 * DAY_MS, now - 7 * DAY_MS));
  // Second call: two weeks ahead at 14:00, between the morning and the evening classes, so the rooms are free.
  const second = asuncionInstant(addDays(dateInAsuncion(opts.now), 14), '14:00');
  // Exams are sat in the faculty's classrooms and auditoriums (issue 45: rooms named from the list). The exams of
  // one day, one in `perDay` of the list, each get their own room; the two draws that named a room before are
  // skipped, so every later draw stays as it was.
  const aula = (i: number, perDay: number) => {
    random.skip(2);
    return AULAS_DE_EXAMEN[Math.floor(i / perDay) % AULAS_DE_EXAMEN.length]!;
  };
  const profesores = [...new Set(offerings.map((o) => o.profesorId))];
  const otherProfesor = (id: number) => {
    const others = profesores.filter((p) => p !== id);
    return others.length ? random.pick(others) : id;
  };
  const firstIds = await insertExamenRows(
    tx,
    offerings.map((o, i) => ({
      materiaPeriodoId: o.id,
      // Held by now, a day ago at the latest: scores and sealing come only after the exam (issue 30).
      fecha: new Date(Math.min(first.getTime() + (i % 10) * DAY_MS, now - DAY_MS)),
      profesorId: o.profesorId,
      interventorId: otherProfesor(o.profesorId),
      periodo: 'Primer periodo',
      nroActa: `${first.getUTCFullYear()}-1-${String(i + 1).padStart(4, '0')}`,
      aula: aula(i, 10),
    })),
  );
  const secondIds = await insertExamenRows(
    tx,
    offerings.map((o, i) => ({
      materiaPeriodoId: o.id,
      fecha: new Date(second.getTime() + (i % 7) * DAY_MS),
      profesorId: o.profesorId,
      interventorId: otherProfesor(o.profesorId),
      periodo: 'Segundo periodo',
      nroActa: `${second.getUTCFullYear()}-2-${String(i + 1).padStart(4, '0')}`,
      aula: aula(i, 7),
    })),
  );

  // The demo student misses two first calls: they are enrolled in the second call of one (an exam ahead in
  // 'Mi horario', issue 45), and the other waits for them to enrol. Their first absence takes no draw and the
  // second takes the draws it took when it was sat, so every later draw stays as it was.
  let demoAbsences = 0;
  const firstRows: EnrolmentRow[] = [];
  const passed = new Set<number>();
  for (const e of enrolments) {
    const examenId = firstIds.get(e.materiaPeriodoId);
    const instancia = instanciaOf(e);
    if (!examenId || instancia === null) continue;
    const isDemo = e.perfilAlumnoId === demo?.id;
    const firstAbsence = isDemo && demoAbsences === 0;
    const drawnAbsent = !firstAbsence && random.chance(0.1);
    const drawnMark = firstAbsence || drawnAbsent ? null : random.int(35, 100);
    const absent = firstAbsence || drawnAbsent || (isDemo && demoAbsences === 1);
    if (isDemo && absent) demoAbsences++;
    const mark = absent ? null : drawnMark;
    const pf = instancia === InstanciaExamen.Final ? mark : null;
    const pc = instancia === InstanciaExamen.Recuperatorio ? mark : null;
    const calificacion = computeCalificacion(
      { instancia, porcentajePP: e.pp, porcentajePF: pf, porcentajePC: pc },
      cfg,
    );
    if (calificacion >= NOTA_APROBACION) passed.add(e.id);
    firstRows.push({
      examenId,
      enrolment: e,
      instancia,
      pf,
      pc,
      calificacion,
      fecha: new Date(first.getTime() - 6 * DAY_MS),
    });
  }
  await insertEnrolmentRows(tx, firstRows);

  // Second call: some of those who have not passed are already enrolled; the demo student is left to do it.
  const secondRows: EnrolmentRow[] = [];
  for (const e of enrolments) {
    const examenId = secondIds.get(e.materiaPeriodoId);
    const instancia = instanciaOf(e);
    if (!examenId || instancia === null || passed.has(e.id) || e.perfilAlumnoId === demo?.id) continue;
    if (!random.chance(0.5)) continue;
    secondRows.push({ examenId, enrolment: e, instancia, pf: null, pc: null, calificacion: 0, fecha: opts.now });
  }
  // The demo student's second absence: enrolled in its second call now (the first is left for them to do).
  const demoSecond = firstRows
    .filter((r) => r.enrolment.perfilAlumnoId === demo?.id && r.pf === null && r.pc === null)
    .flatMap((r) => {
      const examenId = secondIds.get(r.enrolment.materiaPeriodoId);
      return examenId === undefined ? [] : [{ ...r, examenId }];
    })[1];
  if (demoSecond) secondRows.push({ ...demoSecond, pf: null, pc: null, calificacion: 0, fecha: opts.now });
  await insertEnrolmentRows(tx, secondRows);
  const demoExamenes = new Set(
    enrolments.filter((e) => e.perfilAlumnoId === demo?.id).map((e) => secondIds.get(e.materiaPeriodoId)),
  );
  await holdOneYesterday(
    tx,
    secondRows.filter((r) => !demoExamenes.has(r.examenId)),
    opts.now,
  );

  // Most first calls were sealed two days after the exam; a few still wait (shown as 'Activo expirado').
  const sealed = [...firstIds.values()].filter(() => random.chance(0.85));
  const actas = sealed.map((id) => ({
    id,
    codigo: createHash('sha256').update(`acta-demo-${id}`).digest('hex').slice(0, 12).toUpperCase(),
  }));
  for (const part of chunks(actas, CHUNK)) {
    const values = sql.join(
      part.map((a) => sql`(${a.id}::int, ${a.codigo}::varchar)`),
      sql`, `,
    );
    await tx.execute(
      sql`update examenes e set estado = ${EstadoExamen.Sellado}, fecha_sellado = e.fecha + interval '2 days',
                 codigo_verificacion = v.codigo
            from (values ${values}) v(id, codigo) where e.id = v.id`,
    );
    await tx.execute(
      sql`insert into actas_selladas (codigo, examen_id, nro_acta, fecha_sellado)
          select e.codigo_verificacion, e.id, e.nro_acta, e.fecha_sellado from examenes e
           where e.id in (${sql.join(
             part.map((a) => sql`${a.id}`),
             sql`, `,
           )})`,
    );
  }
  // One failing final of the demo student (else anyone's) was mis-transcribed: an acta rectificativa fixes it.
  const failing = (r: EnrolmentRow) =>
    r.pf !== null &&
    r.calificacion > 0 &&
    r.calificacion < NOTA_APROBACION &&
    r.instancia === InstanciaExamen.Final &&
    sealed.includes(r.examenId);
  const mistaken =
    firstRows.find((r) => failing(r) && r.enrolment.perfilAlumnoId === demo?.id && r.examenId !== actas[0]?.id) ??
    firstRows.find((r) => failing(r) && r.examenId !== actas[0]?.id);
  if (mistaken) await rectifyActa(tx, mistaken, opts.rectifierId);

  const corrected = actas[0];
  const row = firstRows.find((r) => r.examenId === corrected?.id && r.pf !== null && r.pf < 90);
  if (corrected && row) {
    const pf = row.pf! + 10;
    const calificacion = computeCalificacion(
      { instancia: row.instancia, porcentajePP: row.enrolment.pp, porcentajePF: pf, porcentajePC: null },
      cfg,
    );
    await correctActa(tx, corrected, opts.rootAdminId, {
      perfilAlumnoId: row.enrolment.perfilAlumnoId,
      pf,
      calificacion,
    });
  }
  return { examenes: firstIds.size + secondIds.size, inscripciones: firstRows.length + secondRows.length };
}

/**
 * One second-call exam was held yesterday and waits for its scores (issue 44): staff trying the demo can enter
 * a score at once, beside the calls still ahead. The one with the most students enrolled (the demo student has
 * none of them: their own second call stays ahead for them to enrol); its enrolments were made before it.
 */
async function holdOneYesterday(tx: Tx, secondRows: EnrolmentRow[], now: Date): Promise<void> {
  const count = new Map<number, number>();
  for (const r of secondRows) count.set(r.examenId, (count.get(r.examenId) ?? 0) + 1);
  const [examenId] = [...count].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [];
  if (examenId === undefined) return;
  const yesterday = new Date(now.getTime() - DAY_MS);
  await tx.execute(
    sql`update examenes set fecha = ${iso(yesterday)}, fecha_limite_inscripcion = ${iso(new Date(yesterday.getTime() - 4 * DAY_MS))}
         where id = ${examenId}`,
  );
  await tx.execute(
    sql`update inscripciones_examen set fecha_inscripcion = ${iso(new Date(yesterday.getTime() - 6 * DAY_MS))}
         where examen_id = ${examenId}`,
  );
}

/**
 * An acta rectificativa (issue 30) of one student's final: the professor's sheet had the PF a student below on
 * the list; the Funcionario the root granted 'actas:rectificar' sealed the correction. The database numbers it,
 * stamps it and keeps the figures it replaces; the acta itself is untouched.
 */
async function rectifyActa(tx: Tx, row: EnrolmentRow, rectifierId: number): Promise<void> {
  const pf = Math.min(100, row.pf! + 40);
  const calificacion = computeCalificacion(
    { instancia: row.instancia, porcentajePP: row.enrolment.pp, porcentajePF: pf, porcentajePC: null },
    cfg,
  );
  const codigo = createHash('sha256')
    .update(`rectificacion-demo-${row.examenId}`)
    .digest('hex')
    .slice(0, 12)
    .toUpperCase();
  await tx.execute(sql`select set_config('app.user_id', ${String(rectifierId)}, true)`);
  await tx.execute(
    sql`insert into rectificaciones_examen (examen_id, inscripcion_examen_id, codigo_acta, numero, nro_rectificacion,
                                            codigo_verificacion, motivo, usuario_id, anterior_calificacion,
                                            porcentaje_asistencia, porcentaje_pp, porcentaje_pf, porcentaje_pc, calificacion)
        select ie.examen_id, ie.id, '', 0, '', ${codigo},
               'El % PF se transcribió de la fila siguiente de la planilla del profesor', ${rectifierId}, 0,
               ie.porcentaje_asistencia, ie.porcentaje_pp, ${pf}, ie.porcentaje_pc, ${calificacion}
          from inscripciones_examen ie
         where ie.examen_id = ${row.examenId} and ie.perfil_alumno_id = ${row.enrolment.perfilAlumnoId}`,
  );
  await tx.execute(sql`select set_config('app.user_id', '', true)`);
}

/**
 * One sealed acta was replaced this week, as a faculty does when a resolution orders it: the root
 * administrator reopened it with the reason and the resolution, one student's final score was entered again,
 * and it was sealed again. Its first code now verifies as 'Acta
 * reemplazada' naming the new one (decision 017). The reopening is recorded under the root's id, which the
 * database takes from the transaction, so it is set for these statements and cleared afterwards.
 */
async function correctActa(
  tx: Tx,
  acta: { id: number; codigo: string },
  rootAdminId: number,
  fix: { perfilAlumnoId: number; pf: number; calificacion: number },
): Promise<void> {
  await tx.execute(sql`select set_config('app.user_id', ${String(rootAdminId)}, true)`);
  await tx.execute(
    sql`insert into reaperturas_examen (examen_id, codigo_reemplazado, usuario_id, motivo, resolucion, transaccion)
        values (${acta.id}, ${acta.codigo}, ${rootAdminId},
                'Mesa anulada para un alumno que rindió con la planilla de otra sección', 'Res. CD N.º 118/2026',
                txid_current())`,
  );
  await tx.execute(sql`update examenes set estado = ${EstadoExamen.Activo} where id = ${acta.id}`);
  await tx.execute(
    sql`update inscripciones_examen set porcentaje_pf = ${fix.pf}, calificacion = ${fix.calificacion}
         where examen_id = ${acta.id} and perfil_alumno_id = ${fix.perfilAlumnoId}`,
  );
  const codigo = createHash('sha256').update(`acta-demo-${acta.id}-corregida`).digest('hex').slice(0, 12).toUpperCase();
  await tx.execute(
    sql`update examenes set estado = ${EstadoExamen.Sellado}, fecha_sellado = now() + interval '1 second',
               codigo_verificacion = ${codigo} where id = ${acta.id}`,
  );
  await tx.execute(
    sql`insert into actas_selladas (codigo, examen_id, nro_acta, fecha_sellado)
        select codigo_verificacion, id, nro_acta, fecha_sellado from examenes where id = ${acta.id}`,
  );
  await tx.execute(sql`select set_config('app.user_id', '', true)`);
}
