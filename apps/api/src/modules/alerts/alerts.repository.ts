import { sql } from 'drizzle-orm';
import type { AlertasRun, CausaAlerta, OrigenEjecucion } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { isoInstant, offsetOf } from '../../lib/search.js';
import type { UnauditedWriter, WriteTx } from '../../db/tx.js';
import { materiaJoin } from '../access/access.sql.js';

/** The name of the early warnings' row in `trabajos_programados` (migration 0025). */
export const ALERTAS_JOB = 'alertas-tempranas';

/** Subject-periods still Preliminar with at least one student: the only ones whose figures can still change. */
export async function preliminaryMateriasPeriodo(db: DbOrTx) {
  return rows<{ id: number; materia: string; usaPesos: boolean; asistenciaManual: boolean }>(
    db,
    sql`select mp.id, m.nombre as materia, mp.utiliza_porcentaje_peso_materia as "usaPesos",
               mp.editar_asistencias as "asistenciaManual"
          from materias_periodo mp
          ${materiaJoin()}
         where mp.estado = 0
           and exists (select 1 from inscripciones_materia i where i.materia_periodo_id = mp.id)
         order by mp.id`,
  );
}

export async function alumnosOf(db: DbOrTx, materiaPeriodoId: number) {
  return rows<{ inscripcionId: number; perfilAlumnoId: number; porcentajeAsistencia: number | null }>(
    db,
    sql`select i.id as "inscripcionId", i.perfil_alumno_id as "perfilAlumnoId",
               i.porcentaje_asistencia::float8 as "porcentajeAsistencia"
          from inscripciones_materia i where i.materia_periodo_id = ${materiaPeriodoId} order by i.id`,
  );
}

/** The homework of a subject-period and every score of it, for the PP of the scored homework. */
export async function homeworkOf(db: DbOrTx, materiaPeriodoId: number) {
  const [count] = await rows<{ tareas: number }>(
    db,
    sql`select count(*)::int as tareas from tareas_materia where materia_periodo_id = ${materiaPeriodoId}`,
  );
  const calificaciones = await rows<{ inscripcionId: number; puntaje: number; total: number; peso: number }>(
    db,
    sql`select s.inscripcion_materia_id as "inscripcionId", s.puntaje_obtenido::float8 as puntaje,
               t.puntaje_total::float8 as total, t.porcentaje_peso_materia::float8 as peso
          from tareas_materia t join tareas_materia_alumnos s on s.tarea_materia_id = t.id
         where t.materia_periodo_id = ${materiaPeriodoId}`,
  );
  return { tareas: count?.tareas ?? 0, scores: calificaciones };
}

export interface NewAlerta {
  perfilAlumnoId: number;
  materiaPeriodoId: number;
  causa: CausaAlerta;
  detalle: string;
  fecha: string;
  /** The run that stores it (null: the demo's seed, which is no run). */
  ejecucionId?: number | null;
}

/**
 * Stores the warnings not stored yet (the unique constraint on student, cause and subject-period decides, so two
 * runs at once store each once); answers the ones this call stored, with what their mail needs.
 */
export async function insertNew(db: WriteTx, alertas: NewAlerta[]) {
  if (alertas.length === 0) return [];
  const values = sql.join(
    alertas.map(
      (a) =>
        sql`(${a.perfilAlumnoId}::int, ${a.materiaPeriodoId}::int, ${a.causa}, ${a.detalle}, ${a.fecha}::timestamptz,
             ${a.ejecucionId ?? null}::int)`,
    ),
    sql`, `,
  );
  return rows<{ id: number; perfilAlumnoId: number; causa: CausaAlerta; detalle: string; fecha: string }>(
    db,
    sql`insert into alertas_academicas (perfil_alumno_id, materia_periodo_id, causa, detalle, fecha, ejecucion_id)
        values ${values}
        on conflict (perfil_alumno_id, causa, materia_periodo_id) do nothing
        returning id, perfil_alumno_id as "perfilAlumnoId", causa, detalle, fecha::text as fecha`,
  );
}

/** A subject-period's warnings, newest first (the professor's plan page). */
export async function listOfMateriaPeriodo(db: DbOrTx, materiaPeriodoId: number) {
  return rows<{ perfilAlumnoId: number; alumno: string; causa: CausaAlerta; detalle: string; fecha: string }>(
    db,
    sql`select a.perfil_alumno_id as "perfilAlumnoId", u.apellido || ', ' || u.nombre as alumno, a.causa, a.detalle,
               ${isoInstant(sql`a.fecha`)} as fecha
          from alertas_academicas a
          join perfiles_alumno pa on pa.id = a.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
         where a.materia_periodo_id = ${materiaPeriodoId}
         order by a.fecha desc, sin_acentos(u.apellido), sin_acentos(u.nombre), a.causa`,
  );
}

/** A student's warnings in subject-periods still Preliminar (the dashboard's card). */
export async function listOfAlumno(db: DbOrTx, usuarioId: number) {
  return rows<{ materiaPeriodoId: number; materia: string; causa: CausaAlerta; detalle: string; fecha: string }>(
    db,
    sql`select a.materia_periodo_id as "materiaPeriodoId", m.nombre as materia, a.causa, a.detalle,
               ${isoInstant(sql`a.fecha`)} as fecha
          from alertas_academicas a
          join perfiles_alumno pa on pa.id = a.perfil_alumno_id
          join materias_periodo mp on mp.id = a.materia_periodo_id
          ${materiaJoin()}
         where pa.usuario_id = ${usuarioId} and mp.estado = 0
         order by a.fecha desc, m.nombre, a.causa`,
  );
}

/** How long a run may hold the job before another process may take it (a process that died mid-run). */
const HOLD_MINUTES = 30;

/**
 * Takes the job for a run, committed before the work starts: `due` takes it only when it has not run on `today`
 * (the daily tick), otherwise any time (the administrator's 'run now'). Never while another run holds it.
 * `FOR UPDATE SKIP LOCKED`: a process that finds the row being taken moves on instead of waiting for it.
 */
export async function claimJob(db: DbOrTx, opts: { today: string; due: boolean; now: Date }) {
  const [row] = await rows<{ nombre: string }>(
    db,
    sql`update trabajos_programados
           set ultimo_dia = ${opts.today}::date,
               en_curso_hasta = ${opts.now.toISOString()}::timestamptz + make_interval(mins => ${HOLD_MINUTES})
         where nombre in (
           select nombre from trabajos_programados
            where nombre = ${ALERTAS_JOB}
              and (en_curso_hasta is null or en_curso_hasta < ${opts.now.toISOString()}::timestamptz)
              ${opts.due ? sql`and (ultimo_dia is null or ultimo_dia < ${opts.today}::date)` : sql``}
            for update skip locked)
        returning nombre`,
  );
  return row !== undefined;
}

export async function releaseJob(db: UnauditedWriter) {
  await db.execute(sql`update trabajos_programados set en_curso_hasta = null where nombre = ${ALERTAS_JOB}`);
}

/** Records a run as it starts (issue 44): a run that dies before `finishRun` stays without an end. */
export async function startRun(tx: WriteTx, run: { origen: OrigenEjecucion; usuarioId: number | null; inicio: Date }) {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into ejecuciones_alertas (origen, usuario_id, inicio)
        values (${run.origen}, ${run.usuarioId}, ${run.inicio.toISOString()}::timestamptz)
        returning id`,
  );
  if (!row) throw new Error('ejecuciones_alertas: no row inserted');
  return row.id;
}

export async function finishRun(tx: WriteTx, id: number, fin: Date, result: AlertasRun) {
  await tx.execute(sql`update ejecuciones_alertas
                          set fin = ${fin.toISOString()}::timestamptz, materias = ${result.materias},
                              encontradas = ${result.encontradas}, nuevas = ${result.alertas},
                              correos = ${result.correos}
                        where id = ${id}`);
}

/** Whether a run holds the job now (its hold not lapsed): another would be refused. */
export async function jobHeld(db: DbOrTx, now: Date) {
  const [row] = await rows<{ held: boolean }>(
    db,
    sql`select coalesce(en_curso_hasta > ${now.toISOString()}::timestamptz, false) as held
          from trabajos_programados where nombre = ${ALERTAS_JOB}`,
  );
  return row?.held ?? false;
}

/** The last run that finished, with who ran it and its new warnings counted by cause. */
export async function lastFinishedRun(db: DbOrTx) {
  const [run] = await rows<{
    id: number;
    origen: OrigenEjecucion;
    usuario: string | null;
    inicio: string;
    fin: string;
    materias: number;
    encontradas: number;
    nuevas: number;
    correos: number;
  }>(
    db,
    sql`select e.id, e.origen, case when u.id is null then null else u.apellido || ', ' || u.nombre end as usuario,
               ${isoInstant(sql`e.inicio`)} as inicio, ${isoInstant(sql`e.fin`)} as fin,
               e.materias, e.encontradas, e.nuevas, e.correos
          from ejecuciones_alertas e
          left join usuarios u on u.id = e.usuario_id
         where e.fin is not null
         order by e.fin desc, e.id desc
         limit 1`,
  );
  if (!run) return null;
  const porCausa = await rows<{ causa: CausaAlerta; cantidad: number }>(
    db,
    sql`select causa, count(*)::int as cantidad from alertas_academicas
         where ejecucion_id = ${run.id} group by causa order by causa`,
  );
  return { ...run, porCausa };
}

/** A page of the warnings run `ejecucionId` stored, by student, subject and cause; `total` is the count of all. */
export function pageOfRun(
  db: DbOrTx,
  ejecucionId: number,
  q: { page: number; pageSize: number; causa?: CausaAlerta | undefined },
) {
  return rows<{
    perfilAlumnoId: number;
    alumno: string;
    documento: string;
    materiaPeriodoId: number;
    materia: string;
    causa: CausaAlerta;
    detalle: string;
    fecha: string;
    total: number;
  }>(
    db,
    sql`select a.perfil_alumno_id as "perfilAlumnoId", u.apellido || ', ' || u.nombre as alumno,
               u.numero_documento as documento, a.materia_periodo_id as "materiaPeriodoId",
               m.nombre || ' (' || mp.seccion || ')' as materia, a.causa, a.detalle,
               ${isoInstant(sql`a.fecha`)} as fecha, count(*) over ()::int as total
          from alertas_academicas a
          join perfiles_alumno pa on pa.id = a.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          join materias_periodo mp on mp.id = a.materia_periodo_id
          ${materiaJoin()}
         where a.ejecucion_id = ${ejecucionId}
           ${q.causa === undefined ? sql`` : sql`and a.causa = ${q.causa}`}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), u.id, m.nombre, a.causa
         limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}`,
  );
}
