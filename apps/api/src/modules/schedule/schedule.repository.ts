import { FACULTY_TIME_ZONE } from '@arandu/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';

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

/** The weekly class rows of the titular's periods whose class days overlap `desde`..`hasta` (aaaa-mm-dd). */
export function clases(db: DbOrTx, t: Titular, desde: string, hasta: string): Promise<ClaseRow[]> {
  return rows<ClaseRow>(
    db,
    sql`select h.id as "horarioId", h.materia_periodo_id as "materiaPeriodoId", mp.periodo_id as "periodoId",
               h.dia::int as dia, to_char(h.hora_inicio, 'HH24:MI') as "horaInicio",
               to_char(h.hora_fin, 'HH24:MI') as "horaFin", m.nombre as materia, mp.seccion,
               a.nombre as aula, u.apellido || ', ' || u.nombre as profesor,
               to_char(${dayOf(sql`p.inicio_clases`)}, 'YYYY-MM-DD') as "primerDia",
               to_char(${dayOf(sql`p.fin_clases`)}, 'YYYY-MM-DD') as "ultimoDia"
          from horarios h
          join materias_periodo mp on mp.id = h.materia_periodo_id
          join periodos p on p.id = mp.periodo_id
          join materias_malla mm on mm.id = mp.materia_malla_id
          join materias m on m.id = mm.materia_id
          join usuarios u on u.id = h.profesor_id
          left join aulas a on a.id = h.aula_id
         where ${clasesWhere(t)}
           and ${dayOf(sql`p.fin_clases`)} >= ${desde}::date
           and ${dayOf(sql`p.inicio_clases`)} <= ${hasta}::date
         order by h.dia, h.hora_inicio, h.id`,
  );
}

/** The titular's exams on the days `desde`..`hasta` (Asunción), by date. */
export function examenes(db: DbOrTx, t: Titular, desde: string, hasta: string): Promise<ExamenRow[]> {
  return rows<ExamenRow>(
    db,
    sql`select e.id as "examenId", (extract(epoch from e.fecha) * 1000)::float8 as "fechaMs", m.nombre as materia, mp.seccion, e.aula,
               u.apellido || ', ' || u.nombre as profesor
          from examenes e
          join materias_periodo mp on mp.id = e.materia_periodo_id
          join materias_malla mm on mm.id = mp.materia_malla_id
          join materias m on m.id = mm.materia_id
          left join usuarios u on u.id = e.profesor_id
         where ${examenesWhere(t)}
           and ${dayOf(sql`e.fecha`)} between ${desde}::date and ${hasta}::date
         order by e.fecha, e.id`,
  );
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
