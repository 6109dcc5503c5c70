import { FACULTY_TIME_ZONE } from '@arandu/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedRows, rows } from '../../db/sql.js';

/** Whose classes and exams: a student's profile, a professor (user id), a room; any of them together. */
export interface Titular {
  perfilAlumnoId?: number | undefined;
  profesorId?: number | undefined;
  aulaId?: number | undefined;
}

/** A weekly class row with what its occurrences show and the dates of its period. */
export interface ClaseRow extends Record<string, unknown> {
  horarioId: number;
  materiaPeriodoId: number;
  periodoId: number;
  dia: number;
  horaInicio: string;
  horaFin: string;
  materia: string;
  seccion: string;
  aula: string | null;
  profesor: string;
  primerDia: string;
  ultimoDia: string;
}

export interface ExamenRow extends Record<string, unknown> {
  examenId: number;
  /** The exam's instant, ms since the epoch (whatever the driver makes of a timestamptz). */
  fechaMs: number;
  materia: string;
  seccion: string;
  aula: string | null;
  profesor: string | null;
}

/** A day in Asunción of a timestamptz column (the faculty's calendar decides first and last class day). */
const dayOf = (column: SQL) => sql`(${column} at time zone ${FACULTY_TIME_ZONE})::date`;

function clasesWhere(t: Titular): SQL {
  const any: SQL[] = [];
  if (t.perfilAlumnoId !== undefined) {
    any.push(sql`h.materia_periodo_id in (select im.materia_periodo_id from inscripciones_materia im
                                           where im.perfil_alumno_id = ${t.perfilAlumnoId})`);
  }
  if (t.profesorId !== undefined) any.push(sql`h.profesor_id = ${t.profesorId}`);
  if (t.aulaId !== undefined) any.push(sql`h.aula_id = ${t.aulaId}`);
  return any.length === 0 ? sql`false` : sql`(${sql.join(any, sql` or `)})`;
}

function examenesWhere(t: Titular): SQL {
  const any: SQL[] = [];
  if (t.perfilAlumnoId !== undefined) {
    any.push(
      sql`e.id in (select ie.examen_id from inscripciones_examen ie where ie.perfil_alumno_id = ${t.perfilAlumnoId})`,
    );
  }
  if (t.profesorId !== undefined) {
    any.push(sql`${t.profesorId} in (e.profesor_id, e.interventor_id, e.interventor_auxiliar_id)`);
  }
  // An exam names its room as text (issue 45 left exams out of the room list): the room of that name.
  if (t.aulaId !== undefined)
    any.push(sql`lower(e.aula) = (select lower(a.nombre) from aulas a where a.id = ${t.aulaId})`);
  return any.length === 0 ? sql`false` : sql`(${sql.join(any, sql` or `)})`;
}

/** The stored state of an event's UID as a feed last carried it (calendario_eventos), when asked for. */
export interface Guardado {
  digesto: string | null;
  secuencia: number | null;
}

/**
 * The UIDs the feed gives a class row and an exam ('horario-{id}@arandu', 'examen-{id}@arandu'): the SQL below
 * joins the stored sequences by them, and feed.ics.ts writes them, from these same parts.
 */
export const UID = { clase: 'horario-', examen: 'examen-', dominio: '@arandu' } as const;

type FuenteRow = ClaseRow &
  ExamenRow &
  Guardado & { tipo: 'clase' | 'examen'; id: number; diasSinClases: string[] | null };

/**
 * The titular's weekly class rows whose period's class days overlap `desde`..`hasta` (aaaa-mm-dd), each with
 * its period's days without classes, and the titular's exams on those days, in ONE statement (issue 45's
 * feed: one round trip where four stages of queries were), prepared on the PostgreSQL server so its plan is
 * made once per connection. `guardados`: each row also brings its UID's stored digest and SEQUENCE.
 */
export async function fuentesRows(
  db: DbOrTx,
  t: Titular,
  desde: string,
  hasta: string,
  guardados: boolean,
): Promise<{ clases: (ClaseRow & Guardado & { diasSinClases: string[] })[]; examenes: (ExamenRow & Guardado)[] }> {
  const stored = (prefix: string, id: SQL) =>
    guardados ? sql`left join calendario_eventos ev on ev.uid = ${prefix} || ${id} || ${UID.dominio}` : sql``;
  const storedColumns = guardados ? sql`ev.digesto, ev.secuencia` : sql`null::text as digesto, null::int as secuencia`;
  // The titular's class rows and exams first, each through its own index (materialized: planned apart, so the
  // joins below start from those few rows instead of hashing every schedule row of the faculty).
  const found = await preparedRows<FuenteRow>(
    db,
    sql`with cl as materialized (select h.id from horarios h where ${clasesWhere(t)}),
             ex as materialized (select e.id from examenes e where ${examenesWhere(t)})
        select * from (
        select 'clase' as tipo, h.id, h.materia_periodo_id as "materiaPeriodoId", mp.periodo_id as "periodoId",
               h.dia::int as dia, to_char(h.hora_inicio, 'HH24:MI') as "horaInicio",
               to_char(h.hora_fin, 'HH24:MI') as "horaFin", m.nombre as materia, mp.seccion,
               a.nombre as aula, u.apellido || ', ' || u.nombre as profesor,
               to_char(${dayOf(sql`p.inicio_clases`)}, 'YYYY-MM-DD') as "primerDia",
               to_char(${dayOf(sql`p.fin_clases`)}, 'YYYY-MM-DD') as "ultimoDia",
               array(select to_char(d.fecha, 'YYYY-MM-DD') from dias_sin_clases d
                      where d.periodo_id = mp.periodo_id order by d.fecha) as "diasSinClases",
               null::float8 as "fechaMs", ${storedColumns}
          from cl
          join horarios h on h.id = cl.id
          join materias_periodo mp on mp.id = h.materia_periodo_id
          join periodos p on p.id = mp.periodo_id
          join materias_malla mm on mm.id = mp.materia_malla_id
          join materias m on m.id = mm.materia_id
          join usuarios u on u.id = h.profesor_id
          left join aulas a on a.id = h.aula_id
          ${stored(UID.clase, sql`h.id`)}
         where ${dayOf(sql`p.fin_clases`)} >= ${desde}::date
           and ${dayOf(sql`p.inicio_clases`)} <= ${hasta}::date
        union all
        select 'examen', e.id, e.materia_periodo_id, mp.periodo_id, null, null, null, m.nombre, mp.seccion, e.aula,
               u.apellido || ', ' || u.nombre, null, null, null,
               (extract(epoch from e.fecha) * 1000)::float8, ${storedColumns}
          from ex
          join examenes e on e.id = ex.id
          join materias_periodo mp on mp.id = e.materia_periodo_id
          join materias_malla mm on mm.id = mp.materia_malla_id
          join materias m on m.id = mm.materia_id
          left join usuarios u on u.id = e.profesor_id
          ${stored(UID.examen, sql`e.id`)}
         where ${dayOf(sql`e.fecha`)} between ${desde}::date and ${hasta}::date) f
       order by tipo, dia, "horaInicio", "fechaMs", id`,
  );
  const guardado = (r: FuenteRow): Guardado => ({ digesto: r.digesto, secuencia: r.secuencia });
  return {
    clases: found
      .filter((r) => r.tipo === 'clase')
      .map((r) => ({
        horarioId: r.id,
        materiaPeriodoId: r.materiaPeriodoId,
        periodoId: r.periodoId,
        dia: r.dia,
        horaInicio: r.horaInicio,
        horaFin: r.horaFin,
        materia: r.materia,
        seccion: r.seccion,
        aula: r.aula,
        profesor: r.profesor ?? '',
        primerDia: r.primerDia,
        ultimoDia: r.ultimoDia,
        diasSinClases: r.diasSinClases ?? [],
        ...guardado(r),
      })),
    examenes: found
      .filter((r) => r.tipo === 'examen')
      .map((r) => ({
        examenId: r.id,
        fechaMs: r.fechaMs,
        materia: r.materia,
        seccion: r.seccion,
        aula: r.aula,
        profesor: r.profesor,
        ...guardado(r),
      })),
  };
}

/** The user's student profile, if any. */
export async function perfilAlumnoOfUsuario(db: DbOrTx, usuarioId: number): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(db, sql`select id from perfiles_alumno where usuario_id = ${usuarioId}`);
  return row?.id;
}

/** The owner of a student profile, when it exists. */
export async function usuarioOfPerfilAlumno(db: DbOrTx, perfilAlumnoId: number): Promise<number | undefined> {
  const [row] = await rows<{ usuarioId: number }>(
    db,
    sql`select usuario_id as "usuarioId" from perfiles_alumno where id = ${perfilAlumnoId}`,
  );
  return row?.usuarioId;
}

export async function isProfesor(db: DbOrTx, usuarioId: number): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(db, sql`select es_profesor as ok from usuarios where id = ${usuarioId}`);
  return row?.ok === true;
}

export async function aulaExists(db: DbOrTx, aulaId: number): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(db, sql`select true as ok from aulas where id = ${aulaId}`);
  return row?.ok === true;
}
