import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AlumnoMateria, MateriaPeriodoRow, ProfesorRef, RolProfesorMateria } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  aulas,
  horarios,
  inscripcionesMateria,
  materiasPeriodo,
  profesoresMateriaPeriodo,
} from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { containsPersonText, containsText, isoInstant, offsetOf, toPage, whereAll } from '../../lib/search.js';
import { anhoJoin, materiaPeriodoJoins, periodoLabel, profesoresJson, teachesSql } from '../access/access.sql.js';
import type { WriteTx } from '../../db/tx.js';

export interface MateriaPeriodoListFilters {
  malla?: string | undefined;
  materia?: string | undefined;
  codigo?: string | undefined;
  profesor?: string | undefined;
  periodoId?: number | undefined;
  /** 0 or absent: every career. */
  carreraId?: number | undefined;
}

/**
 * How the malla subjects are ranked for each list (a small table: ranked once, not per subject-period row).
 * - list: malla, semester, subject name;
 * - period: semester, career, code.
 */
const MATERIA_RANK = {
  list: sql`sin_acentos(ma.nombre), mm.semestre_nro_orden, sin_acentos(m.nombre), mm.id`,
  period: sql`mm.semestre_nro_orden, sin_acentos(c.nombre), mm.codigo, mm.id`,
};

/**
 * The order of the (period, malla subject) groups over the rank columns of `t`: the subject-period list shows
 * the latest period first; a period's table holds one period (`periodoId` is always set there).
 */
const GROUP_ORDER = {
  list: (t: string) => sql`${sql.identifier(t)}.periodo_rango, ${sql.identifier(t)}.rango`,
  period: (t: string) => sql`${sql.identifier(t)}.rango, ${sql.identifier(t)}.periodo_rango`,
};

/**
 * The page's order over the columns of `pagina`: its groups' order, then the section. Sections are short codes
 * ('A', 'B'…): byte order sorts them as well as the locale would, and faster.
 */
const pageOrder = (order: keyof typeof GROUP_ORDER) =>
  sql`${GROUP_ORDER[order]('pagina')}, pagina.seccion collate "C", pagina.id`;

/**
 * One page of subject-periods. They are counted by (period, malla subject) group (780 groups for 31,980
 * subject-periods at 100,000 students, kept by triggers); the malla subjects that pass the text filters and
 * the periods are ranked (a few hundred rows), the groups put in that order with the number of rows before
 * each, and only the sections of the groups the page falls in are read (by the (materia_malla_id, periodo_id,
 * seccion) index) and numbered. Sorting every subject-period to cut one page cost 34 ms at page 1 and 48 ms at deep pages
 * there (bench/README.md). Staff, enrolment count and schedule flag are read for the page's rows only.
 */
export async function listMateriasPeriodo(
  db: DbOrTx,
  page: number,
  pageSize: number,
  filters: MateriaPeriodoListFilters,
  order: keyof typeof MATERIA_RANK,
) {
  const profesor = filters.profesor?.trim();
  const from = offsetOf(page, pageSize);
  const to = from + pageSize;
  // The professors whose name matches (a few of 300), as one array: a subject-period is kept when one of them
  // teaches it, which each row checks on its own staff index. Kept as a set to join, the planner expected
  // one match and, for every one of the 2,000 subject-periods it gave, walked the page's groups again.
  const taught = (mp: SQL) => teachesSql(sql`${mp}.id`, sql`any((select p.ids from profesores p)::int[])`);
  const profesores = profesor
    ? sql`profesores as (
          select coalesce(array_agg(u.id), '{}') as ids from usuarios u
           where u.es_profesor and ${containsText(sql`u.nombre || ' ' || u.apellido`, profesor)}),`
    : sql``;
  const materiaFilters = [
    filters.carreraId ? sql`ma.carrera_id = ${filters.carreraId}` : undefined,
    containsText(sql`ma.nombre`, filters.malla),
    containsText(sql`m.nombre`, filters.materia),
    containsText(sql`mm.codigo`, filters.codigo),
  ];
  const ofPeriodo = (t: SQL) => (filters.periodoId ? sql`${t}.periodo_id = ${filters.periodoId}` : undefined);
  // The (period, malla subject) groups and their sections: kept by triggers (migration 0018), or, for a
  // professor's subject-periods (a few thousand at most), grouped here.
  const grupos = profesor
    ? sql`select mp.periodo_id, mp.materia_malla_id, count(*)::int as n
            from materias_periodo mp ${whereAll([ofPeriodo(sql`mp`), taught(sql`mp`)])}
           group by mp.periodo_id, mp.materia_malla_id`
    : sql`select g.periodo_id, g.materia_malla_id, g.secciones as n
            from materias_periodo_grupo g ${whereAll([ofPeriodo(sql`g`)])}`;
  // The ranks are materialised: they are joined to the groups, not to every subject-period, and inlined the
  // planner once ranked them again for every row (a professor's name, which it expected to match once).
  const found = await rows<MateriaPeriodoRow & { total: number; estadoValue: number }>(
    db,
    sql`with ${profesores}
        materias_rango as materialized (
          select mm.id, row_number() over(order by ${MATERIA_RANK[order]})::int as rango
            from materias_malla mm
            join materias m on m.id = mm.materia_id
            join mallas ma on ma.id = mm.malla_id
            join carreras c on c.id = ma.carrera_id
          ${whereAll(materiaFilters)}
        ),
        periodos_rango as materialized (
          select p.id, row_number() over(order by al.anho desc, p.inicio_clases desc, p.id desc)::int as periodo_rango
            from periodos p ${anhoJoin()}
        ),
        grupos as (${grupos}),
        orden as materialized (
          select o.*, (sum(o.n) over (order by ${GROUP_ORDER[order]('o')} rows unbounded preceding) - o.n)::int as antes,
                 sum(o.n) over ()::int as total
            from (select g.periodo_id, g.materia_malla_id, g.n, r.rango, pr.periodo_rango
                    from grupos g
                    join materias_rango r on r.id = g.materia_malla_id
                    join periodos_rango pr on pr.id = g.periodo_id) o
        ),
        pagina as (
          select s.* from (
            select mp.id, mp.seccion, o.rango, o.periodo_rango, o.total,
                   o.antes + row_number() over (partition by o.periodo_id, o.materia_malla_id
                                                order by mp.seccion collate "C", mp.id) as posicion
              from orden o
              -- offset 0 keeps this a lookup per group: flattened into a join, the planner hashed all 31,980
              -- subject-periods for the page's one or two groups.
              cross join lateral (
                select mp.id, mp.seccion from materias_periodo mp
                 where mp.materia_malla_id = o.materia_malla_id and mp.periodo_id = o.periodo_id
                   ${profesor ? sql`and ${taught(sql`mp`)}` : sql``}
                offset 0) mp
             where o.antes < ${to} and o.antes + o.n > ${from}
          ) s
           where s.posicion > ${from} and s.posicion <= ${to}
        )
        select mp.id, mp.periodo_id as "periodoId", ${periodoLabel()} as periodo,
               ma.nombre as malla, c.nombre as carrera, mm.semestre_nro_orden::int as "semestreNroOrden",
               mm.codigo as "codigoMateria", m.nombre as materia, mp.seccion,
               ${profesoresJson(sql`mp.id`)} as profesores,
               (select count(*) from inscripciones_materia i where i.materia_periodo_id = mp.id)::int as "cantidadInscriptos",
               exists (select 1 from horarios h where h.materia_periodo_id = mp.id) as "tieneHorario",
               mp.estado::int as "estadoValue", pagina.total
          from pagina
          join materias_periodo mp on mp.id = pagina.id
          ${materiaPeriodoJoins()}
         order by ${pageOrder(order)}`,
  );
  return toPage(found);
}

export type MateriaPeriodoBase = {
  id: number;
  mallaId: number;
  mallaLabel: string;
  materiaMallaId: number;
  materiaMallaLabel: string;
  materiaId: number;
  materiaNombre: string;
  periodoId: number;
  periodoLabel: string;
  carrera: string;
  anho: number;
  semestreNroOrden: number;
  codigoMateria: string;
  seccion: string;
  editarAsistencias: boolean;
  utilizaPorcentajePesoMateria: boolean;
  estado: number;
  fechaPublicado: string | null;
  fechaSellado: string | null;
  fechaExpiracion: string | null;
  finClases: string;
  finCalificarTareas: string;
  finEditarPlaneamiento: string;
  cantidadInscriptos: number;
  cupo: number | null;
  enListaEspera: number;
  /** With homework, PP is computed from it (`calculatePPFromTasks`). */
  tieneTareas: boolean;
  profesores: ProfesorRef[];
};

export async function findMateriaPeriodo(db: DbOrTx, id: number): Promise<MateriaPeriodoBase | undefined> {
  const [row] = await rows<MateriaPeriodoBase>(
    db,
    sql`select mp.id, ma.id as "mallaId", c.nombre || ' - ' || ma.nombre as "mallaLabel",
               mm.id as "materiaMallaId", mm.codigo || ' - ' || m.nombre as "materiaMallaLabel",
               m.id as "materiaId", m.nombre as "materiaNombre",
               p.id as "periodoId", ${periodoLabel()} as "periodoLabel",
               c.nombre as carrera, al.anho::int as anho, mm.semestre_nro_orden::int as "semestreNroOrden",
               mm.codigo as "codigoMateria", mp.seccion, mp.editar_asistencias as "editarAsistencias",
               mp.utiliza_porcentaje_peso_materia as "utilizaPorcentajePesoMateria", mp.estado::int as estado,
               ${isoInstant(sql`mp.fecha_publicado`)} as "fechaPublicado",
               ${isoInstant(sql`mp.fecha_sellado`)} as "fechaSellado",
               ${isoInstant(sql`mp.fecha_expiracion`)} as "fechaExpiracion",
               ${isoInstant(sql`p.fin_clases`)} as "finClases",
               ${isoInstant(sql`p.fin_calificar_tareas`)} as "finCalificarTareas",
               ${isoInstant(sql`p.fin_editar_planeamiento`)} as "finEditarPlaneamiento",
               (select count(*) from inscripciones_materia i where i.materia_periodo_id = mp.id)::int as "cantidadInscriptos",
               mp.cupo, (select count(*) from lista_espera l where l.materia_periodo_id = mp.id)::int as "enListaEspera",
               exists (select 1 from tareas_materia t where t.materia_periodo_id = mp.id) as "tieneTareas",
               ${profesoresJson(sql`mp.id`)} as profesores
          from materias_periodo mp
          ${materiaPeriodoJoins()}
         where mp.id = ${id}`,
  );
  return row;
}

export async function horariosOf(db: DbOrTx, materiaPeriodoId: number) {
  return rows<{
    id: number;
    tipoActividadAcademicaHorario: number;
    profesorId: number;
    profesor: string;
    dia: number;
    horaInicio: string;
    horaFin: string;
    aulaId: number | null;
    aula: string | null;
  }>(
    db,
    sql`select h.id, h.tipo_actividad_academica_horario::int as "tipoActividadAcademicaHorario",
               h.profesor_id as "profesorId", u.apellido || ', ' || u.nombre as profesor, h.dia::int as dia,
               to_char(h.hora_inicio, 'HH24:MI') as "horaInicio", to_char(h.hora_fin, 'HH24:MI') as "horaFin",
               h.aula_id as "aulaId", a.nombre as aula
          from horarios h join usuarios u on u.id = h.profesor_id left join aulas a on a.id = h.aula_id
         where h.materia_periodo_id = ${materiaPeriodoId}
         order by h.dia, h.hora_inicio, h.id`,
  );
}

export async function profesorOptions(db: DbOrTx) {
  return rows<{ value: number; label: string }>(
    db,
    sql`select id as value, apellido || ', ' || nombre as label
          from usuarios where es_profesor and activo order by sin_acentos(apellido), sin_acentos(nombre), id`,
  );
}

/** Which of `ids` are active professors. */
export async function profesoresAmong(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    db,
    sql`select id from usuarios where es_profesor and activo and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(found.map((r) => r.id));
}

export async function mallaMaterias(db: DbOrTx, mallaId: number) {
  return rows<{ value: number; label: string; materiaId: number; semestre: number }>(
    db,
    sql`select mm.id as value, mm.codigo || ' - ' || m.nombre as label, m.id as "materiaId",
               mm.semestre_nro_orden::int as semestre
          from materias_malla mm join materias m on m.id = mm.materia_id
         where mm.malla_id = ${mallaId}
         order by mm.semestre_nro_orden, mm.codigo`,
  );
}

export async function findMallaMateria(db: DbOrTx, materiaMallaId: number) {
  const [row] = await rows<{ id: number; mallaId: number; nombre: string }>(
    db,
    sql`select mm.id, mm.malla_id as "mallaId", m.nombre
          from materias_malla mm join materias m on m.id = mm.materia_id where mm.id = ${materiaMallaId}`,
  );
  return row;
}

export interface MateriaPeriodoValues {
  materiaMallaId: number;
  periodoId: number;
  seccion: string;
  editarAsistencias: boolean;
  utilizaPorcentajePesoMateria: boolean;
}

export async function insertMateriaPeriodo(db: WriteTx, values: MateriaPeriodoValues): Promise<number> {
  const [row] = await db.insert(materiasPeriodo).values(values).returning({ id: materiasPeriodo.id });
  return row!.id;
}

/** Locks the row for the rest of the transaction; undefined when it does not exist. */
export async function lockMateriaPeriodo(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: materiasPeriodo.id,
      materiaMallaId: materiasPeriodo.materiaMallaId,
      periodoId: materiasPeriodo.periodoId,
      estado: materiasPeriodo.estado,
    })
    .from(materiasPeriodo)
    .where(eq(materiasPeriodo.id, id))
    .for('update');
  return row;
}

export async function updateMateriaPeriodo(db: WriteTx, id: number, values: MateriaPeriodoValues): Promise<void> {
  // Only what changed is written: the trigger that guards published subjects compares old and new.
  await db.update(materiasPeriodo).set(values).where(eq(materiasPeriodo.id, id));
}

export async function deleteMateriaPeriodo(db: WriteTx, id: number): Promise<boolean> {
  const done = await db.delete(materiasPeriodo).where(eq(materiasPeriodo.id, id)).returning({ id: materiasPeriodo.id });
  return done.length > 0;
}

export async function countInscriptos(db: DbOrTx, materiaPeriodoId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from inscripciones_materia where materia_periodo_id = ${materiaPeriodoId}`,
  );
  return row?.n ?? 0;
}

/**
 * Makes the staff rows equal `wanted` (user -> role), keeping the rows (and their dashboard stars) of those who
 * stay. Demotions are written before the promotion so the one-head index never sees two heads.
 */
export async function replaceStaff(db: WriteTx, materiaPeriodoId: number, wanted: Map<number, RolProfesorMateria>) {
  const current = await db
    .select({
      id: profesoresMateriaPeriodo.id,
      usuarioId: profesoresMateriaPeriodo.usuarioId,
      rol: profesoresMateriaPeriodo.rol,
    })
    .from(profesoresMateriaPeriodo)
    .where(eq(profesoresMateriaPeriodo.materiaPeriodoId, materiaPeriodoId));
  const gone = current.filter((c) => !wanted.has(c.usuarioId)).map((c) => c.id);
  if (gone.length > 0) await db.delete(profesoresMateriaPeriodo).where(inArray(profesoresMateriaPeriodo.id, gone));
  const changed = current.filter((c) => wanted.has(c.usuarioId) && wanted.get(c.usuarioId) !== c.rol);
  const byRole = (rol: RolProfesorMateria) => changed.filter((c) => wanted.get(c.usuarioId) === rol).map((c) => c.id);
  const demoted = byRole('Asistente');
  const promoted = byRole('Encargado');
  if (demoted.length > 0) {
    await db
      .update(profesoresMateriaPeriodo)
      .set({ rol: 'Asistente' })
      .where(inArray(profesoresMateriaPeriodo.id, demoted));
  }
  if (promoted.length > 0) {
    await db
      .update(profesoresMateriaPeriodo)
      .set({ rol: 'Encargado' })
      .where(inArray(profesoresMateriaPeriodo.id, promoted));
  }
  const known = new Set(current.map((c) => c.usuarioId));
  const added = [...wanted].filter(([usuarioId]) => !known.has(usuarioId));
  if (added.length > 0) {
    await db
      .insert(profesoresMateriaPeriodo)
      .values(added.map(([usuarioId, rol]) => ({ materiaPeriodoId, usuarioId, rol })));
  }
}

export interface HorarioValues {
  tipoActividadAcademicaHorario: number;
  profesorId: number;
  dia: number;
  horaInicio: string;
  horaFin: string;
  aulaId: number | null;
}

export async function horarioIdsOf(db: DbOrTx, materiaPeriodoId: number): Promise<Set<number>> {
  const found = await db
    .select({ id: horarios.id })
    .from(horarios)
    .where(eq(horarios.materiaPeriodoId, materiaPeriodoId));
  return new Set(found.map((h) => h.id));
}

/** Which of `ids` are rooms (read inside the save's transaction; the foreign key holds it after). */
export async function aulasAmong(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await db.select({ id: aulas.id }).from(aulas).where(inArray(aulas.id, ids));
  return new Set(found.map((a) => a.id));
}

export async function deleteHorarios(db: WriteTx, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(horarios).where(inArray(horarios.id, ids));
}

export async function updateHorario(db: WriteTx, id: number, values: HorarioValues): Promise<void> {
  await db.update(horarios).set(values).where(eq(horarios.id, id));
}

export async function insertHorarios(db: WriteTx, materiaPeriodoId: number, values: HorarioValues[]): Promise<void> {
  if (values.length > 0) await db.insert(horarios).values(values.map((v) => ({ materiaPeriodoId, ...v })));
}

// ---------------------------------------------------------------- students and grades

/**
 * The figures of a sealed subject-period's student come from inscripciones_materia_vigentes (issue 30): when a
 * rectification set them, the row names it so the screen marks them 'rectificada'.
 */
const RECTIFICACION = sql`case when i.rectificacion_id is null then null
  else json_build_object('id', i.rectificacion_id, 'nroRectificacion', i.nro_rectificacion) end as rectificacion`;

export async function listAlumnos(
  db: DbOrTx,
  materiaPeriodoId: number,
  page: number,
  pageSize: number,
  search?: string,
) {
  const found = await rows<AlumnoMateria & { total: number }>(
    db,
    sql`select i.id, pa.id as "perfilAlumnoId", u.numero_documento as "numeroDocumento",
               u.apellido as "apellidoAlumno", u.nombre as "nombreAlumno", u.email,
               u.telefono_celular as "phoneNumber", ${isoInstant(sql`i.fecha_inscripcion`)} as "fechaInscripcion",
               i.porcentaje_pp::float8 as "porcentajePP", i.porcentaje_asistencia::float8 as "porcentajeAsistencia",
               ${RECTIFICACION}, count(*) over()::int as total
          from inscripciones_materia_vigentes i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          ${whereAll([
            sql`i.materia_periodo_id = ${materiaPeriodoId}`,
            containsPersonText(
              sql`u.numero_documento || ' ' || u.nombre || ' ' || u.apellido || ' ' || u.email`,
              search,
            ),
          ])}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), i.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

export interface AlumnoKey {
  apellido: string;
  nombre: string;
  id: number;
}

/** The enrolments of the subject-period after `after` (in list order), one batch of the streamed download. */
export async function alumnosBatch(db: DbOrTx, materiaPeriodoId: number, after: AlumnoKey | undefined, size: number) {
  return rows<{
    id: number;
    numeroDocumento: string;
    apellido: string;
    nombre: string;
    email: string;
    porcentajePP: number | null;
    porcentajeAsistencia: number | null;
  }>(
    db,
    sql`select i.id, u.numero_documento as "numeroDocumento", u.apellido, u.nombre, u.email,
               i.porcentaje_pp::float8 as "porcentajePP", i.porcentaje_asistencia::float8 as "porcentajeAsistencia"
          from inscripciones_materia_vigentes i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          ${whereAll([
            sql`i.materia_periodo_id = ${materiaPeriodoId}`,
            after
              ? sql`(sin_acentos(u.apellido), sin_acentos(u.nombre), i.id) > (sin_acentos(${after.apellido}), sin_acentos(${after.nombre}), ${after.id})`
              : undefined,
          ])}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), i.id
         limit ${size}`,
  );
}

export async function findInscripcion(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: inscripcionesMateria.id, materiaPeriodoId: inscripcionesMateria.materiaPeriodoId })
    .from(inscripcionesMateria)
    .where(eq(inscripcionesMateria.id, id));
  return row;
}

/** Writes an enrolment's figures while it is still in `materiaPeriodoId`; false when it is not (or is gone). */
export async function updatePercentages(
  db: WriteTx,
  id: number,
  materiaPeriodoId: number,
  values: { porcentajePP?: number | null; porcentajeAsistencia?: number | null },
): Promise<boolean> {
  const updated = await db
    .update(inscripcionesMateria)
    .set(values)
    .where(and(eq(inscripcionesMateria.id, id), eq(inscripcionesMateria.materiaPeriodoId, materiaPeriodoId)))
    .returning({ id: inscripcionesMateria.id });
  return updated.length > 0;
}

export async function findAlumno(db: DbOrTx, inscripcionId: number): Promise<AlumnoMateria | undefined> {
  const [row] = await rows<AlumnoMateria>(
    db,
    sql`select i.id, pa.id as "perfilAlumnoId", u.numero_documento as "numeroDocumento",
               u.apellido as "apellidoAlumno", u.nombre as "nombreAlumno", u.email,
               u.telefono_celular as "phoneNumber", ${isoInstant(sql`i.fecha_inscripcion`)} as "fechaInscripcion",
               i.porcentaje_pp::float8 as "porcentajePP", i.porcentaje_asistencia::float8 as "porcentajeAsistencia",
               ${RECTIFICACION}
          from inscripciones_materia_vigentes i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
         where i.id = ${inscripcionId}`,
  );
  return row;
}

// ---------------------------------------------------------------- move section

export async function alumnosForMove(db: DbOrTx, materiaPeriodoId: number) {
  return rows<{ inscriptionId: number; studentId: number; doc: string; year: number; name: string; email: string }>(
    db,
    sql`select i.id as "inscriptionId", pa.id as "studentId", u.numero_documento as doc,
               extract(year from pa.fecha_ingreso)::int as year, u.apellido || ', ' || u.nombre as name, u.email
          from inscripciones_materia i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
         where i.materia_periodo_id = ${materiaPeriodoId}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), i.id`,
  );
}

/** The other sections of the same malla subject in the same period. */
export async function otherSections(db: DbOrTx, materiaPeriodoId: number) {
  return rows<{ value: number; label: string }>(
    db,
    sql`select o.id as value, o.seccion as label
          from materias_periodo mp
          join materias_periodo o on o.materia_malla_id = mp.materia_malla_id and o.periodo_id = mp.periodo_id
         where mp.id = ${materiaPeriodoId} and o.id <> mp.id
         order by o.seccion, o.id`,
  );
}

export async function lockInscripciones(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id: inscripcionesMateria.id,
      materiaPeriodoId: inscripcionesMateria.materiaPeriodoId,
      materiaMallaId: inscripcionesMateria.materiaMallaId,
      periodoId: inscripcionesMateria.periodoId,
    })
    .from(inscripcionesMateria)
    .where(inArray(inscripcionesMateria.id, ids))
    .for('update');
}

/** Moves enrolments in place: same ids, so their attendance marks and homework scores stay with them. */
export async function moveInscripciones(db: WriteTx, ids: number[], targetId: number): Promise<number> {
  const done = await db
    .update(inscripcionesMateria)
    .set({ materiaPeriodoId: targetId })
    .where(inArray(inscripcionesMateria.id, ids))
    .returning({ id: inscripcionesMateria.id });
  return done.length;
}
