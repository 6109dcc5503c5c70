import { sql, type SQL } from 'drizzle-orm';
import { NOTA_APROBACION } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';
import { fixedStatement, intArrayValue, preparedRows, rows } from '../../db/sql.js';
import { containsPersonText, containsText, isoInstant, offsetOf, whereAll } from '../../lib/search.js';
import { anhoJoin, carreraJoin, materiaJoin, periodoLabel } from '../access/access.sql.js';
import type { WriteTx } from '../../db/tx.js';

// ---------------------------------------------------------------- period and student

export interface ActivePeriodo {
  id: number;
  label: string;
  /** Now is inside the period's enrolment window (DOMAIN.md section 4). */
  open: boolean;
  /** The window is still ahead (the pre-check says so). */
  notYet: boolean;
}

/** The active period (at most one) and whether its enrolment window holds `now`. */
export async function activePeriodo(db: DbOrTx, now: Date): Promise<ActivePeriodo | undefined> {
  const [row] = await preparedRows<{ id: number; label: string; open: boolean; notYet: boolean }>(
    db,
    sql`select p.id, ${periodoLabel()} as label,
               (${now.toISOString()}::timestamptz between p.inicio_periodo_inscripcion and p.fin_periodo_inscripcion) as open,
               coalesce(${now.toISOString()}::timestamptz < p.inicio_periodo_inscripcion, false) as "notYet"
          from periodos p ${anhoJoin()}
         where p.activo`,
  );
  return row;
}

export interface AlumnoRef {
  id: number;
  usuarioId: number;
  mallaId: number;
  alumno: string;
  malla: string;
  carrera: string;
}

const alumnoColumns = sql`pa.id, pa.usuario_id as "usuarioId", pa.malla_id as "mallaId",
  u.apellido || ', ' || u.nombre as alumno, ma.nombre as malla, c.nombre as carrera`;
const alumnoJoins = sql`perfiles_alumno pa join usuarios u on u.id = pa.usuario_id
  join mallas ma on ma.id = pa.malla_id join carreras c on c.id = ma.carrera_id`;

export async function findAlumno(db: DbOrTx, perfilAlumnoId: number): Promise<AlumnoRef | undefined> {
  const [row] = await preparedRows<AlumnoRef & Record<string, unknown>>(
    db,
    sql`select ${alumnoColumns} from ${alumnoJoins} where pa.id = ${perfilAlumnoId}`,
  );
  return row;
}

export async function alumnoOfUser(db: DbOrTx, usuarioId: number): Promise<AlumnoRef | undefined> {
  const [row] = await rows<AlumnoRef & Record<string, unknown>>(
    db,
    sql`select ${alumnoColumns} from ${alumnoJoins} where pa.usuario_id = ${usuarioId}`,
  );
  return row;
}

/**
 * Locks the student's profile for the rest of the transaction: every enrolment write of one student runs
 * one after the other, so the clash check sees the enrolments saved just before (two tabs, a rush). NO KEY
 * UPDATE leaves the foreign-key checks of other tables (exam enrolments) free to read the row.
 */
export interface LockedAlumno {
  mallaId: number;
  /** The student's user: what their own enrolment requires of it (mustUpdateFicha). */
  esAlumno: boolean;
  fichaActualizada: boolean;
}

/** Locks the student's profile (not their user row) for the rest of the transaction. */
export async function lockAlumno(
  db: DbOrTx,
  perfilAlumnoId: number,
  /** `writeTxWithWriter`'s expression: the lock also records who writes. */
  writer: SQL = sql`null`,
): Promise<LockedAlumno | undefined> {
  const [row] = await preparedRows<{ mallaId: number; esAlumno: boolean; fichaActualizada: boolean }>(
    db,
    sql`select pa.malla_id as "mallaId", u.es_alumno as "esAlumno", u.ficha_actualizada as "fichaActualizada",
               ${writer} as escritor,
               -- For the rest of the transaction, the prepared statements run their generic plan: the lines'
               -- picture (lines.repository.ts) took 3 times as long replanned at each save as PostgreSQL's
               -- default for it does, and under the student's lock, where one student's saves queue.
               set_config('plan_cache_mode', 'force_generic_plan', true) as plan
          from perfiles_alumno pa join usuarios u on u.id = pa.usuario_id
         where pa.id = ${perfilAlumnoId}
           for no key update of pa`,
  );
  return row;
}

/** What the save opens with (`openSave`): the student's profile, locked, and the active period's window. */
export interface SaveOpening extends LockedAlumno {
  id: number;
  usuarioId: number;
  /** The active period, if any, and whether its enrolment window holds the save's instant. */
  periodo: { id: number; open: boolean; notYet: boolean } | undefined;
}

const openSaveStatement = fixedStatement<{
  perfilAlumnoId: number;
  /** The caller may act on any student's profile; else only a profile of their own is read and locked. */
  anyStudent: boolean;
  usuarioId: number;
  /** `writeTxWithWriter`'s value: the statement records who writes. */
  writer: string;
  /** ISO instant of the save. */
  now: string;
}>(
  (v) => sql`select pa.id, pa.usuario_id as "usuarioId", pa.malla_id as "mallaId", u.es_alumno as "esAlumno",
                    u.ficha_actualizada as "fichaActualizada",
                    p.id as "periodoId", p.open, p."notYet",
                    set_config('app.user_id', ${v.writer}, true) as escritor,
                    -- As lockAlumno: the rest of the save runs the generic plans of its prepared statements.
                    set_config('plan_cache_mode', 'force_generic_plan', true) as plan
               from perfiles_alumno pa join usuarios u on u.id = pa.usuario_id
               left join lateral (
                 select p.id,
                        (${v.now}::timestamptz between p.inicio_periodo_inscripcion and p.fin_periodo_inscripcion) as open,
                        coalesce(${v.now}::timestamptz < p.inicio_periodo_inscripcion, false) as "notYet"
                   from periodos p where p.activo
               ) p on true
              where pa.id = ${v.perfilAlumnoId}::int and (${v.anyStudent}::boolean or pa.usuario_id = ${v.usuarioId}::int)
                for no key update of pa`,
);

/**
 * The save's first statement (issue 42): what `findAlumno`, `activePeriodo` and `lockAlumno` read, in one round
 * trip inside the save's transaction, recording who writes (`writeTxWithWriter`). Only a profile the caller may
 * act on (`anyStudent`, or their own) is read, so a refused save never locks another student's row; undefined
 * when there is none.
 */
export async function openSave(
  tx: WriteTx,
  q: { perfilAlumnoId: number; anyStudent: boolean; usuarioId: number; writer: string; now: Date },
): Promise<SaveOpening | undefined> {
  const [row] = await openSaveStatement<
    Omit<SaveOpening, 'periodo'> & { periodoId: number | null; open: boolean | null; notYet: boolean | null }
  >(tx, { ...q, now: q.now.toISOString() });
  if (!row) return undefined;
  const { periodoId, open, notYet, ...alumno } = row;
  return { ...alumno, periodo: periodoId === null ? undefined : { id: periodoId, open: !!open, notYet: !!notYet } };
}

export async function hasConformidad(db: DbOrTx, perfilAlumnoId: number, periodoId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    db,
    sql`select 1 as one from conformidades_inscripcion where perfil_alumno_id = ${perfilAlumnoId} and periodo_id = ${periodoId}`,
  );
  return found.length > 0;
}

// ---------------------------------------------------------------- the lines of a save

export interface OfferedMateria {
  id: number;
  materiaMallaId: number;
  materiaId: number;
  periodoId: number;
  mallaId: number;
  estado: number;
  materia: string;
  seccion: string;
  /** Seat limit (null: none); the enrolment trigger enforces it (seats.ts). */
  cupo: number | null;
}

/** `1, 2, 3` for an `in (…)` list of ids, as bound parameters. */
export const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The columns of an `OfferedSubject`, over `offeredFrom` (the save's picture reads them too). */
export const offeredColumns = sql`mp.id, mp.materia_malla_id as "materiaMallaId", mm.materia_id as "materiaId", mp.periodo_id as "periodoId",
  mm.malla_id as "mallaId", mp.estado::int as estado, m.nombre as materia, mp.seccion, mp.cupo`;
export const offeredFrom = sql`materias_periodo mp
  ${materiaJoin()}`;

/** The subject-periods a save names, with what the rules need. */
export async function offeredMaterias(db: DbOrTx, ids: number[]): Promise<Map<number, OfferedMateria>> {
  if (ids.length === 0) return new Map();
  const found = await rows<OfferedMateria & Record<string, unknown>>(
    db,
    sql`select ${offeredColumns} from ${offeredFrom} where mp.id in (${idList(ids)})`,
  );
  return new Map(found.map((r) => [r.id, r]));
}

/**
 * `{1,2,3}` as one bound `int[]` parameter: a statement's text then does not change with the number of ids,
 * so it can be prepared once (`preparedRows`).
 */

export interface CurrentEnrolment {
  id: number;
  materiaPeriodoId: number;
  materiaMallaId: number;
  /** 'Subject (section)', as a clash names it. */
  materia: string;
  /** Carries hand-entered PP or attendance: a grade that un-enrolling would lose. */
  marked: boolean;
}

/** The columns of a `CurrentEnrolment`, over `currentFrom` (the save's picture reads them too). */
export const currentColumns = sql`i.id, i.materia_periodo_id as "materiaPeriodoId", i.materia_malla_id as "materiaMallaId",
  m.nombre || ' (' || mp.seccion || ')' as materia,
  (i.porcentaje_pp is not null or i.porcentaje_asistencia is not null) as marked`;
export const currentFrom = sql`inscripciones_materia i
  join materias_periodo mp on mp.id = i.materia_periodo_id
  ${materiaJoin()}`;

/** A weekly class slot; times as 'HH:MM', which compare as text. */
export interface Slot {
  dia: number;
  inicio: string;
  fin: string;
}

/** The student's enrolment of the subject in the period, in whichever section. */
export async function enrolmentOfMateria(
  db: DbOrTx,
  perfilAlumnoId: number,
  materiaMallaId: number,
  periodoId: number,
) {
  const [row] = await rows<{ id: number; materiaPeriodoId: number }>(
    db,
    sql`select id, materia_periodo_id as "materiaPeriodoId" from inscripciones_materia
         where perfil_alumno_id = ${perfilAlumnoId} and materia_malla_id = ${materiaMallaId} and periodo_id = ${periodoId}`,
  );
  return row;
}

const insertEnrolmentsStatement = fixedStatement<{ perfil: number; mp: string; mm: string; pe: string }>(
  (v) => sql`insert into inscripciones_materia (perfil_alumno_id, materia_periodo_id, materia_malla_id, periodo_id)
             select ${v.perfil}::int, x.mp, x.mm, x.pe
               from unnest(${v.mp}::int[], ${v.mm}::int[], ${v.pe}::int[]) with ordinality as x(mp, mm, pe, n)
              order by x.n
             on conflict do nothing
             returning materia_periodo_id as mp`,
);

/**
 * Inserts the enrolments in one statement, skipping those a unique constraint already holds: the ones written.
 * The rows go as arrays, in the order given, so the text is one and prepared.
 */
export async function insertEnrolments(db: WriteTx, perfilAlumnoId: number, materias: OfferedMateria[]) {
  const found = await insertEnrolmentsStatement<{ mp: number }>(db, {
    perfil: perfilAlumnoId,
    mp: intArrayValue(materias.map((s) => s.id)),
    mm: intArrayValue(materias.map((s) => s.materiaMallaId)),
    pe: intArrayValue(materias.map((s) => s.periodoId)),
  });
  return new Set(found.map((r) => r.mp));
}

// ---------------------------------------------------------------- one enrolment (staff)

export interface EnrolmentRef {
  id: number;
  perfilAlumnoId: number;
  usuarioId: number;
  materiaPeriodoId: number;
  materiaMallaId: number;
  periodoId: number;
  marked: boolean;
}

export async function findEnrolment(db: DbOrTx, id: number, lock = false): Promise<EnrolmentRef | undefined> {
  const [row] = await rows<EnrolmentRef & Record<string, unknown>>(
    db,
    sql`select i.id, i.perfil_alumno_id as "perfilAlumnoId", pa.usuario_id as "usuarioId",
               i.materia_periodo_id as "materiaPeriodoId", i.materia_malla_id as "materiaMallaId",
               i.periodo_id as "periodoId",
               (i.porcentaje_pp is not null or i.porcentaje_asistencia is not null) as marked
          from inscripciones_materia i join perfiles_alumno pa on pa.id = i.perfil_alumno_id
         where i.id = ${id}
         ${lock ? sql`for update of i` : sql``}`,
  );
  return row;
}

export async function enrolmentDetail(db: DbOrTx, id: number) {
  const [row] = await rows<{
    id: number;
    perfilAlumnoId: number;
    usuarioId: number;
    alumno: { value: number; label: string };
    mallaId: number;
    semestreId: number;
    materiaPeriodoId: number;
    materia: string;
    periodo: { value: number; label: string };
  }>(
    db,
    sql`select i.id, i.perfil_alumno_id as "perfilAlumnoId", pa.usuario_id as "usuarioId",
               json_build_object('value', pa.id, 'label', pa.numero_legajo || ' - ' || u.apellido || ', ' || u.nombre) as alumno,
               mm.malla_id as "mallaId", mm.semestre_nro_orden::int as "semestreId",
               i.materia_periodo_id as "materiaPeriodoId", mm.codigo || ' - ' || m.nombre || ' (' || mp.seccion || ')' as materia,
               json_build_object('value', p.id, 'label', ${periodoLabel()}) as periodo
          from inscripciones_materia i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          join materias_periodo mp on mp.id = i.materia_periodo_id
          ${materiaJoin()}
          join periodos p on p.id = i.periodo_id
          ${anhoJoin()}
         where i.id = ${id}`,
  );
  return row;
}

/** Moves an enrolment to another subject-period in place (same id: its marks and scores stay with it). */
export async function updateEnrolment(db: DbOrTx, id: number, s: OfferedMateria): Promise<void> {
  await db.execute(
    sql`update inscripciones_materia
           set materia_periodo_id = ${s.id}, materia_malla_id = ${s.materiaMallaId}, periodo_id = ${s.periodoId}
         where id = ${id}`,
  );
}

export async function removeEnrolment(db: WriteTx, id: number): Promise<boolean> {
  const done = await rows<{ id: number }>(db, sql`delete from inscripciones_materia where id = ${id} returning id`);
  return done.length > 0;
}

export async function toggleTablero(db: WriteTx, id: number): Promise<boolean | undefined> {
  const [row] = await rows<{ mostrarEnTablero: boolean }>(
    db,
    sql`update inscripciones_materia set mostrar_en_tablero = not mostrar_en_tablero where id = ${id}
        returning mostrar_en_tablero as "mostrarEnTablero"`,
  );
  return row?.mostrarEnTablero;
}

// ---------------------------------------------------------------- the enrolment list

export interface EnrolmentListQuery {
  page: number;
  pageSize: number;
  /** Set for a student's own list. */
  perfilAlumnoId?: number | undefined;
  numeroSemestre?: number | null | undefined;
  periodoId?: number | null | undefined;
  materia?: string | undefined;
  alumno?: string | undefined;
}

/**
 * 'Inscripciones a materias'. The page's ids come first, by integer keys (a student's own list is a few
 * dozen rows; the staff list is the newest enrolments first, off the primary key or the (period, id)
 * index), and the joins for display run on those 25 rows only.
 */
export async function listEnrolments(db: DbOrTx, q: EnrolmentListQuery) {
  const conditions: (SQL | undefined)[] = [
    q.perfilAlumnoId ? sql`i.perfil_alumno_id = ${q.perfilAlumnoId}` : undefined,
    q.periodoId ? sql`i.periodo_id = ${q.periodoId}` : undefined,
    q.numeroSemestre
      ? sql`i.materia_malla_id in (select id from materias_malla where semestre_nro_orden = ${q.numeroSemestre})`
      : undefined,
    q.materia?.trim()
      ? sql`i.materia_malla_id in (select mm.id from materias_malla mm join materias m on m.id = mm.materia_id
                                    where ${containsText(sql`mm.codigo || ' ' || m.nombre`, q.materia)})`
      : undefined,
    q.alumno?.trim()
      ? sql`i.perfil_alumno_id in (select pa.id from perfiles_alumno pa join usuarios u on u.id = pa.usuario_id
                                    where ${containsPersonText(sql`u.busqueda || ' ' || pa.numero_legajo`, q.alumno)})`
      : undefined,
  ];
  const order = q.perfilAlumnoId ? sql`p.inicio_clases desc, mm.semestre_nro_orden, m.nombre, i.id` : sql`i.id desc`;
  const found = await rows<Record<string, unknown> & { total: number }>(
    db,
    sql`with pagina as (
          select i.id, count(*) over()::int as total
            from inscripciones_materia i
            ${q.perfilAlumnoId ? sql`join periodos p on p.id = i.periodo_id join materias_malla mm on mm.id = i.materia_malla_id join materias m on m.id = mm.materia_id` : sql``}
            ${whereAll(conditions)}
           order by ${order}
           limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}
        )
        select i.id, i.perfil_alumno_id as "perfilAlumnoId", ma.id as "mallaId", ma.nombre as "mallaNombre",
               mm.semestre_nro_orden::int as "semestreId", mm.semestre_nro_orden || 'º' as "semestreNombre",
               m.id as "materiaId", mm.codigo as "materiaCodigo", m.nombre as "materiaNombre",
               i.materia_periodo_id as "materiaPeriodoId", mp.seccion, pa.numero_legajo as "numeroLegajo",
               u.nombre as "nombreAlumno", u.apellido as "apellidoAlumno", ma.nombre as "nombreMalla",
               c.nombre as "nombreCarrera", mm.semestre_nro_orden::int as "numeroSemestre",
               json_build_object('value', p.id, 'label', ${periodoLabel()}) as periodo,
               i.porcentaje_asistencia::float8 as "porcentajeAsistencia", i.porcentaje_pp::float8 as "porcentajePP",
               (select count(*) from tareas_materia t where t.materia_periodo_id = i.materia_periodo_id)::int as "cantidadTareas", i.mostrar_en_tablero as "mostrarEnTablero", mp.estado::int as "estadoValue",
               pagina.total
          from pagina
          join inscripciones_materia_vigentes i on i.id = pagina.id
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          join materias_periodo mp on mp.id = i.materia_periodo_id
          ${materiaJoin()}
          ${carreraJoin()}
          join periodos p on p.id = i.periodo_id
          ${anhoJoin()}
         order by ${order}`,
  );
  return found;
}

/** The periods a list may filter by: a student's own, or every one for staff. */
export async function periodoOptions(db: DbOrTx, perfilAlumnoId?: number) {
  return rows<{ value: number; label: string }>(
    db,
    sql`select p.id as value, ${periodoLabel()} as label
          from periodos p ${anhoJoin()}
         ${perfilAlumnoId ? sql`where p.id in (select periodo_id from inscripciones_materia where perfil_alumno_id = ${perfilAlumnoId})` : sql``}
         order by al.anho desc, p.inicio_clases desc, p.id desc`,
  );
}

// ---------------------------------------------------------------- form data

/**
 * The active period's offer of the student's malla, by semester, with each subject-period's schedule, whether
 * the student is enrolled in it and whether they already passed the subject.
 */
export async function offerForAlumno(db: DbOrTx, perfilAlumnoId: number, mallaId: number, periodoId: number) {
  return rows<{
    semestre: number;
    materiaPeriodoId: number;
    nombre: string;
    codigo: string;
    seccion: string;
    horarios: { id: number; dia: number; horaInicio: string; horaFin: string }[];
    inscripto: boolean;
    aprobada: boolean;
    /** The section's cap and the seats taken or offered (the counters of decision 024), null without a cap. */
    cupo: number | null;
    tomados: number | null;
  }>(
    db,
    sql`select mm.semestre_nro_orden::int as semestre, mp.id as "materiaPeriodoId", m.nombre, mm.codigo, mp.seccion,
               mp.cupo, (select a.ocupados + a.ofrecidos from asientos_materia_periodo a
                          where a.materia_periodo_id = mp.id)::int as tomados,
               (select coalesce(json_agg(json_build_object('id', h.id, 'dia', h.dia, 'horaInicio', to_char(h.hora_inicio, 'HH24:MI'),
                                                           'horaFin', to_char(h.hora_fin, 'HH24:MI'))
                                          order by h.dia, h.hora_inicio, h.id), '[]'::json)
                  from horarios h where h.materia_periodo_id = mp.id) as horarios,
               exists (select 1 from inscripciones_materia i
                        where i.perfil_alumno_id = ${perfilAlumnoId} and i.materia_periodo_id = mp.id) as inscripto,
               exists (select 1 from resultados_examen r join materias_malla rm on rm.id = r.materia_malla_id
                        where r.perfil_alumno_id = ${perfilAlumnoId} and r.calificacion >= ${NOTA_APROBACION}
                          and rm.materia_id = mm.materia_id) as aprobada
          from materias_periodo mp
          ${materiaJoin()}
         where mp.periodo_id = ${periodoId} and mm.malla_id = ${mallaId}
         order by mm.semestre_nro_orden, mm.codigo, mp.seccion collate "C", mp.id`,
  );
}

/** The active period's subject-periods of a malla, for the staff form's subject select. */
export async function offerOfMalla(db: DbOrTx, mallaId: number, periodoId: number) {
  return rows<{ value: number; label: string; semestreId: number }>(
    db,
    sql`select mp.id as value, mm.codigo || ' - ' || m.nombre || ' (' || mp.seccion || ')' as label,
               mm.semestre_nro_orden::int as "semestreId"
          from materias_periodo mp
          ${materiaJoin()}
         where mp.periodo_id = ${periodoId} and mm.malla_id = ${mallaId}
         order by mm.semestre_nro_orden, mm.codigo, mp.seccion collate "C", mp.id`,
  );
}

// ---------------------------------------------------------------- dashboard and Mi Malla

/** The student's starred subjects, latest period first. */
export async function tablero(db: DbOrTx, perfilAlumnoId: number) {
  return rows<Record<string, unknown>>(
    db,
    sql`select mp.id, i.id as "inscripcionId", mp.seccion, mm.codigo as "codigoMateria", m.nombre as materia,
               c.nombre as carrera, mm.semestre_nro_orden::int as semestre, al.anho::int as anho,
               round(i.porcentaje_asistencia)::int as "porcentajeAsistencia", round(i.porcentaje_pp)::int as "porcentajePP",
               mp.estado::int as "estadoValue",
               ${isoInstant(sql`mp.fecha_publicado`)} as "fechaPublicado",
               ${isoInstant(sql`mp.fecha_sellado`)} as "fechaSellado",
               ${isoInstant(sql`mp.fecha_expiracion`)} as "fechaExpiracion"
          from inscripciones_materia_vigentes i
          join materias_periodo mp on mp.id = i.materia_periodo_id
          ${materiaJoin()}
          ${carreraJoin()}
          join periodos p on p.id = i.periodo_id
          ${anhoJoin()}
         where i.perfil_alumno_id = ${perfilAlumnoId} and i.mostrar_en_tablero
         order by al.anho desc, p.inicio_clases desc, mm.semestre_nro_orden, m.nombre, i.id`,
  );
}

/**
 * Every subject of the student's malla with its best passing result (grade and exam date) and the section
 * the student is enrolled in during the active period, if any.
 */
export async function mallaProgress(
  db: DbOrTx,
  perfilAlumnoId: number,
  mallaId: number,
  activePeriodoId: number | null,
) {
  return rows<{
    semestre: number;
    materiaMallaId: number;
    codigo: string;
    nombre: string;
    calificacion: number | null;
    fechaExamen: string | null;
    seccion: string | null;
  }>(
    db,
    sql`select mm.semestre_nro_orden::int as semestre, mm.id as "materiaMallaId", mm.codigo, m.nombre,
               aprobado.calificacion::int as calificacion, ${isoInstant(sql`aprobado.fecha_examen`)} as "fechaExamen",
               actual.seccion
          from materias_malla mm
          join materias m on m.id = mm.materia_id
          left join lateral (
            select r.calificacion, r.fecha_examen
              from resultados_examen r join materias_malla rm on rm.id = r.materia_malla_id
             where r.perfil_alumno_id = ${perfilAlumnoId} and rm.materia_id = mm.materia_id
               and r.calificacion >= ${NOTA_APROBACION}
             order by r.fecha_examen desc
             limit 1
          ) aprobado on true
          left join lateral (
            select mp.seccion
              from inscripciones_materia i join materias_periodo mp on mp.id = i.materia_periodo_id
             where i.perfil_alumno_id = ${perfilAlumnoId} and i.materia_malla_id = mm.id
               and i.periodo_id = ${activePeriodoId ?? 0}
          ) actual on true
         where mm.malla_id = ${mallaId}
         order by mm.semestre_nro_orden, mm.codigo, mm.id`,
  );
}
