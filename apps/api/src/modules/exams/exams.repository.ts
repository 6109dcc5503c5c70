import { EstadoExamen } from '@arandu/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { NOTA_APROBACION } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { containsPersonText, containsText, isoInstant, offsetOf, toPage, whereAll } from '../../lib/search.js';
import {
  materiaJoin,
  materiaPeriodoJoins,
  periodoJoin,
  periodoLabel,
  calificacionesExamenSql,
} from '../access/access.sql.js';
import type { WriteTx } from '../../db/tx.js';
import { rectificacionColumn, rectificacionJoin, type RectificacionVigente } from './rectified-figures.js';

/** Numeric columns as JS numbers (node-postgres hands `numeric` over as text). */
const num = (column: SQL) => sql`${column}::float8`;
const fullName = (u: string) => sql`${sql.identifier(u)}.apellido || ', ' || ${sql.identifier(u)}.nombre`;

export interface ExamenListFilters {
  estado?: number[] | undefined;
  periodo?: number[] | undefined;
}

/** The subject, career and period of exam `e` (joined as mp, mm, m, ma, c, p, al). */
const EXAMEN_JOINS = sql`
  join materias_periodo mp on mp.id = e.materia_periodo_id
  ${materiaPeriodoJoins()}`;

export type ExamenRowDb = {
  id: number;
  fecha: string;
  fechaLimiteInscripcion: string;
  materia: string;
  codigoMateria: string;
  seccion: string;
  carrera: string;
  periodo: string;
  periodoLectivo: string;
  nroActa: string;
  estadoValue: number;
  cantidadInscriptos: number;
};

/** One page of exams, latest first, filtered on the indexed state and the subject-period's period. */
export async function listExamenes(
  db: DbOrTx,
  page: number,
  pageSize: number,
  filters: ExamenListFilters,
  onlyProfesor: number | null,
) {
  const found = await rows<ExamenRowDb & { total: number }>(
    db,
    sql`select e.id, ${isoInstant(sql`e.fecha`)} as fecha,
               ${isoInstant(sql`e.fecha_limite_inscripcion`)} as "fechaLimiteInscripcion",
               m.nombre as materia, mm.codigo as "codigoMateria", mp.seccion, c.nombre as carrera, e.periodo,
               ${periodoLabel()} as "periodoLectivo", e.nro_acta as "nroActa",
               e.estado::int as "estadoValue",
               (select count(*) from inscripciones_examen ie where ie.examen_id = e.id)::int as "cantidadInscriptos",
               count(*) over()::int as total
          from examenes e ${EXAMEN_JOINS}
        ${whereAll([
          filters.estado?.length
            ? sql`e.estado in (${sql.join(
                filters.estado.map((v) => sql`${v}`),
                sql`, `,
              )})`
            : undefined,
          filters.periodo?.length
            ? sql`mp.periodo_id in (${sql.join(
                filters.periodo.map((v) => sql`${v}`),
                sql`, `,
              )})`
            : undefined,
          onlyProfesor === null ? undefined : calificacionesExamenSql(onlyProfesor),
        ])}
         order by e.fecha desc, e.id desc
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

export type ExamenDb = {
  id: number;
  fecha: string;
  fechaLimiteInscripcion: string;
  materiaPeriodoId: number;
  materia: string;
  codigoMateria: string;
  seccion: string;
  semestre: number;
  interventorId: number;
  interventor: string;
  interventorAuxiliarId: number | null;
  interventorAuxiliar: string | null;
  profesorId: number | null;
  profesor: string | null;
  periodo: string;
  periodoLectivoId: number;
  periodoLectivo: string;
  carreraId: number;
  carrera: string;
  notasObservaciones: string | null;
  aula: string | null;
  nroActa: string;
  estado: number;
  fechaSellado: string | null;
  codigoVerificacion: string | null;
  cantidadInscriptos: number;
};

export async function findExamen(db: DbOrTx, id: number, lock = false): Promise<ExamenDb | undefined> {
  const [row] = await rows<ExamenDb>(
    db,
    sql`select e.id, ${isoInstant(sql`e.fecha`)} as fecha,
               ${isoInstant(sql`e.fecha_limite_inscripcion`)} as "fechaLimiteInscripcion",
               e.materia_periodo_id as "materiaPeriodoId", m.nombre as materia, mm.codigo as "codigoMateria",
               mp.seccion, mm.semestre_nro_orden::int as semestre,
               e.interventor_id as "interventorId", ${fullName('ui')} as interventor,
               e.interventor_auxiliar_id as "interventorAuxiliarId", ${fullName('ua')} as "interventorAuxiliar",
               e.profesor_id as "profesorId", ${fullName('up')} as profesor,
               e.periodo, p.id as "periodoLectivoId", ${periodoLabel()} as "periodoLectivo",
               c.id as "carreraId", c.nombre as carrera, e.notas_observaciones as "notasObservaciones", e.aula,
               e.nro_acta as "nroActa", e.estado::int as estado, ${isoInstant(sql`e.fecha_sellado`)} as "fechaSellado",
               e.codigo_verificacion as "codigoVerificacion",
               (select count(*) from inscripciones_examen ie where ie.examen_id = e.id)::int as "cantidadInscriptos"
          from examenes e ${EXAMEN_JOINS}
          join usuarios ui on ui.id = e.interventor_id
          left join usuarios ua on ua.id = e.interventor_auxiliar_id
          left join usuarios up on up.id = e.profesor_id
         where e.id = ${id}
         ${lock ? sql`for update of e` : sql``}`,
  );
  return row;
}

export type InscripcionDb = {
  id: number;
  examenId: number;
  perfilAlumnoId: number;
  usuarioId: number;
  fechaInscripcion: string;
  usuarioInscripcion: string | null;
  porcentajeAsistencia: number | null;
  porcentajePP: number | null;
  porcentajePF: number | null;
  porcentajePC: number | null;
  calificacion: number;
  instancia: number;
  asistenciaMateria: number | null;
  ppMateria: number | null;
  esInconsistente: boolean;
  numeroDocumento: string;
  nombre: string;
  apellido: string;
  email: string;
  /** The exam's date and state: whether a missing score is 'Ausente' yet depends on them. */
  fechaExamen: string;
  estadoExamen: number;
  /** The acta rectificativa in force for the row, with its figures (the columns above are the acta's). */
  rectificacion: RectificacionVigente | null;
};

const INSCRIPCION_COLUMNS = sql`ie.id, ie.examen_id as "examenId", ie.perfil_alumno_id as "perfilAlumnoId",
  u.id as "usuarioId", ${isoInstant(sql`ie.fecha_inscripcion`)} as "fechaInscripcion",
  (select ${fullName('ux')} from usuarios ux where ux.id = ie.usuario_inscripcion_id) as "usuarioInscripcion",
  ${num(sql`ie.porcentaje_asistencia`)} as "porcentajeAsistencia", ${num(sql`ie.porcentaje_pp`)} as "porcentajePP",
  ${num(sql`ie.porcentaje_pf`)} as "porcentajePF", ${num(sql`ie.porcentaje_pc`)} as "porcentajePC",
  ie.calificacion::int as calificacion, ie.instancia::int as instancia,
  ${num(sql`im.porcentaje_asistencia`)} as "asistenciaMateria", ${num(sql`im.porcentaje_pp`)} as "ppMateria",
  ie.es_inconsistente as "esInconsistente", u.numero_documento as "numeroDocumento", u.nombre, u.apellido, u.email,
  ${isoInstant(sql`ex.fecha`)} as "fechaExamen", ex.estado::int as "estadoExamen",
  ${rectificacionColumn} as rectificacion`;

const INSCRIPCION_FROM = sql`inscripciones_examen ie
  join examenes ex on ex.id = ie.examen_id
  join perfiles_alumno pa on pa.id = ie.perfil_alumno_id
  join usuarios u on u.id = pa.usuario_id
  join inscripciones_materia_vigentes im on im.id = ie.inscripcion_materia_id
  ${rectificacionJoin('ie', 'ex')}`;

/** The exam's enrolments in the acta's order: surname, name. */
export async function inscriptosOf(db: DbOrTx, examenId: number, instancia?: number): Promise<InscripcionDb[]> {
  return rows<InscripcionDb>(
    db,
    sql`select ${INSCRIPCION_COLUMNS} from ${INSCRIPCION_FROM}
         where ie.examen_id = ${examenId} ${instancia === undefined ? sql`` : sql`and ie.instancia = ${instancia}`}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), ie.id`,
  );
}

export async function findInscripcion(db: DbOrTx, id: number): Promise<InscripcionDb | undefined> {
  const [row] = await rows<InscripcionDb>(
    db,
    sql`select ${INSCRIPCION_COLUMNS} from ${INSCRIPCION_FROM} where ie.id = ${id}`,
  );
  return row;
}

export interface ExamenValues {
  materiaPeriodoId: number;
  fecha: string;
  fechaLimiteInscripcion: string;
  interventorId: number;
  interventorAuxiliarId: number | null;
  profesorId: number | null;
  periodo: string;
  notasObservaciones: string | null;
  aula: string | null;
  nroActa: string;
}

export async function insertExamen(db: WriteTx, v: ExamenValues): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into examenes (materia_periodo_id, fecha, fecha_limite_inscripcion, interventor_id,
                              interventor_auxiliar_id, profesor_id, periodo, notas_observaciones, aula, nro_acta)
        values (${v.materiaPeriodoId}, ${v.fecha}, ${v.fechaLimiteInscripcion}, ${v.interventorId},
                ${v.interventorAuxiliarId}, ${v.profesorId}, ${v.periodo}, ${v.notasObservaciones}, ${v.aula},
                ${v.nroActa})
        returning id`,
  );
  return row!.id;
}

export async function updateExamen(db: WriteTx, id: number, v: ExamenValues): Promise<void> {
  await db.execute(
    sql`update examenes set materia_periodo_id = ${v.materiaPeriodoId}, fecha = ${v.fecha},
               fecha_limite_inscripcion = ${v.fechaLimiteInscripcion}, interventor_id = ${v.interventorId},
               interventor_auxiliar_id = ${v.interventorAuxiliarId}, profesor_id = ${v.profesorId},
               periodo = ${v.periodo}, notas_observaciones = ${v.notasObservaciones}, aula = ${v.aula},
               nro_acta = ${v.nroActa}
         where id = ${id}`,
  );
}

export async function deleteExamen(db: WriteTx, id: number): Promise<void> {
  await db.execute(sql`delete from examenes where id = ${id}`);
}

export async function setEstado(
  db: WriteTx,
  id: number,
  estado: number,
  sello: { fecha: string; codigo: string } | null,
): Promise<void> {
  await db.execute(
    sql`update examenes set estado = ${estado}, fecha_sellado = ${sello?.fecha ?? null},
               codigo_verificacion = ${sello?.codigo ?? null}
         where id = ${id}`,
  );
}

/** After a reopening: Inconsistencia de datos again if a row still differs from the subject's figures. */
export async function recomputeEstado(db: WriteTx, id: number): Promise<void> {
  await db.execute(
    sql`update examenes e set estado = ${EstadoExamen.Inconsistente} where e.id = ${id} and e.estado = ${EstadoExamen.Activo}
           and exists (select 1 from inscripciones_examen ie where ie.examen_id = e.id and ie.es_inconsistente)`,
  );
}

export async function insertActaSellada(db: WriteTx, codigo: string, examenId: number, nroActa: string, fecha: string) {
  await db.execute(
    sql`insert into actas_selladas (codigo, examen_id, nro_acta, fecha_sellado)
        values (${codigo}, ${examenId}, ${nroActa}, ${fecha}) on conflict (codigo) do nothing`,
  );
}

/** A reopening of the version `codigo` of an exam, by `usuarioId`; the database records when (migration 0021). */
export async function insertReapertura(
  tx: WriteTx,
  r: { examenId: number; codigo: string; usuarioId: number; motivo: string | null; resolucion: string | null },
): Promise<void> {
  await tx.execute(
    sql`insert into reaperturas_examen (examen_id, codigo_reemplazado, usuario_id, motivo, resolucion, transaccion)
        values (${r.examenId}, ${r.codigo}, ${r.usuarioId}, ${r.motivo}, ${r.resolucion}, txid_current())`,
  );
}

/** The exam's last reopening (printed on the acta that replaces the reopened one), if it was ever reopened. */
export async function ultimaReapertura(db: DbOrTx, examenId: number) {
  const [row] = await rows<{
    motivo: string | null;
    resolucion: string | null;
    fecha: string;
    codigoReemplazado: string;
  }>(
    db,
    sql`select motivo, resolucion, ${isoInstant(sql`fecha`)} as fecha, codigo_reemplazado as "codigoReemplazado"
          from reaperturas_examen where examen_id = ${examenId} order by fecha desc, id desc limit 1`,
  );
  return row;
}

export interface ActaSelladaDb extends Record<string, unknown> {
  codigo: string;
  nroActa: string;
  materia: string;
  fechaSellado: string;
  cantidadAlumnos: number | null;
  distribucion: Record<string, number> | null;
  digesto: string | null;
  fechaReapertura: string | null;
  codigoSiguiente: string | null;
  fechaSelladoSiguiente: string | null;
}

/** One sealed version, whether it was reopened, and the version sealed next after that reopening. */
export async function findActaSellada(db: DbOrTx, codigo: string): Promise<ActaSelladaDb | undefined> {
  const [row] = await rows<ActaSelladaDb>(
    db,
    sql`select a.codigo, a.nro_acta as "nroActa", m.nombre as materia, ${isoInstant(sql`a.fecha_sellado`)} as "fechaSellado",
               a.cantidad_alumnos as "cantidadAlumnos", a.distribucion, a.digesto,
               ${isoInstant(sql`r.fecha`)} as "fechaReapertura", s.codigo as "codigoSiguiente",
               ${isoInstant(sql`s.fecha_sellado`)} as "fechaSelladoSiguiente"
          from actas_selladas a join examenes e on e.id = a.examen_id ${EXAMEN_JOINS}
          left join reaperturas_examen r on r.codigo_reemplazado = a.codigo
          left join lateral (
            select a2.codigo, a2.fecha_sellado from actas_selladas a2
             where a2.examen_id = a.examen_id and a2.fecha_sellado > r.fecha
             order by a2.fecha_sellado limit 1) s on true
         where a.codigo = ${codigo}`,
  );
  return row;
}

/** The summary of the version an exam is sealed with now (printed on its actas). */
export async function actaSelladaActual(
  db: DbOrTx,
  examenId: number,
): Promise<{ digesto: string | null; cantidadAlumnos: number | null } | undefined> {
  const [row] = await rows<{ digesto: string | null; cantidadAlumnos: number | null }>(
    db,
    sql`select a.digesto, a.cantidad_alumnos as "cantidadAlumnos"
          from actas_selladas a join examenes e on e.id = a.examen_id and e.codigo_verificacion = a.codigo
         where e.id = ${examenId} and e.estado = ${EstadoExamen.Sellado}`,
  );
  return row;
}

/** Subject-periods of a period for the exam form, with the career and the head professor. */
export async function materiaOptions(db: DbOrTx, periodoId: number) {
  return rows<{ value: number; label: string; carreraId: number; profesorId: number | null }>(
    db,
    sql`select mp.id as value, mm.codigo || ' - ' || m.nombre || ' (' || mp.seccion || ')' as label,
               ma.carrera_id as "carreraId",
               (select pmp.usuario_id from profesores_materia_periodo pmp
                 where pmp.materia_periodo_id = mp.id and pmp.rol = 'Encargado') as "profesorId"
          from materias_periodo mp
          ${materiaJoin()}
          join mallas ma on ma.id = mm.malla_id
         where mp.periodo_id = ${periodoId}
         order by mm.semestre_nro_orden, sin_acentos(m.nombre), mp.seccion, mp.id`,
  );
}

export async function carreraOptions(db: DbOrTx) {
  return rows<{ value: number; label: string }>(
    db,
    sql`select id as value, nombre as label from carreras order by sin_acentos(nombre), id`,
  );
}

export type MateriaPeriodoForExamen = { id: number; estado: number };
export async function materiaPeriodoState(db: DbOrTx, id: number): Promise<MateriaPeriodoForExamen | undefined> {
  const [row] = await rows<MateriaPeriodoForExamen>(
    db,
    sql`select id, estado::int as estado from materias_periodo where id = ${id}`,
  );
  return row;
}

/** What decides a student's eligibility for an exam: their subject enrolment and the subject's state. */
export type Derecho = {
  inscripcionMateriaId: number;
  perfilAlumnoId: number;
  porcentajeAsistencia: number | null;
  porcentajePP: number | null;
  estadoMateria: number;
  fechaExpiracion: string | null;
  yaAprobada: boolean;
  /** Correlatives of the subject the student has not passed (issue 29), none under a staff exception. */
  correlativasPendientes: string[];
};

/**
 * The names of the enrolment's subject's correlatives not yet passed (by catalogue subject, as any pass
 * counts), unless staff waived them: to sit an exam every correlative must be 'aprobada' (issue 29).
 */
const CORRELATIVAS_NO_APROBADAS = sql`coalesce((
  select json_agg(rm.nombre order by rmm.semestre_nro_orden, rm.nombre)
    from correlativas c
    join materias_malla rmm on rmm.id = c.requiere_id
    join materias rm on rm.id = rmm.materia_id
   where c.materia_malla_id = im.materia_malla_id
     and not exists (select 1 from resultados_examen r join materias_malla x on x.id = r.materia_malla_id
                      where r.perfil_alumno_id = im.perfil_alumno_id and x.materia_id = rmm.materia_id
                        and r.calificacion >= ${NOTA_APROBACION})
     and not exists (select 1 from excepciones_correlativa ex
                      where ex.perfil_alumno_id = im.perfil_alumno_id and ex.materia_malla_id = im.materia_malla_id)
  ), '[]'::json)`;

const DERECHO_COLUMNS = sql`im.id as "inscripcionMateriaId", im.perfil_alumno_id as "perfilAlumnoId",
  ${num(sql`im.porcentaje_asistencia`)} as "porcentajeAsistencia", ${num(sql`im.porcentaje_pp`)} as "porcentajePP",
  mp.estado::int as "estadoMateria", ${isoInstant(sql`mp.fecha_expiracion`)} as "fechaExpiracion",
  exists (select 1 from resultados_examen r where r.perfil_alumno_id = im.perfil_alumno_id
           and r.materia_malla_id = im.materia_malla_id and r.calificacion >= ${NOTA_APROBACION}) as "yaAprobada",
  ${CORRELATIVAS_NO_APROBADAS} as "correlativasPendientes"`;

export async function derechoOf(db: DbOrTx, materiaPeriodoId: number, perfilAlumnoId: number) {
  const [row] = await rows<Derecho>(
    db,
    sql`select ${DERECHO_COLUMNS}
          from inscripciones_materia_vigentes im join materias_periodo mp on mp.id = im.materia_periodo_id
         where im.materia_periodo_id = ${materiaPeriodoId} and im.perfil_alumno_id = ${perfilAlumnoId}`,
  );
  return row;
}

export async function derechosOfMany(db: DbOrTx, materiaPeriodoId: number, perfilIds: number[]) {
  if (perfilIds.length === 0) return [];
  return rows<Derecho>(
    db,
    sql`select ${DERECHO_COLUMNS}
          from inscripciones_materia_vigentes im join materias_periodo mp on mp.id = im.materia_periodo_id
         where im.materia_periodo_id = ${materiaPeriodoId}
           and im.perfil_alumno_id in (${sql.join(
             perfilIds.map((id) => sql`${id}`),
             sql`, `,
           )})`,
  );
}

export interface NewInscripcion {
  examenId: number;
  perfilAlumnoId: number;
  inscripcionMateriaId: number;
  usuarioInscripcionId: number;
  instancia: number;
  porcentajeAsistencia: number | null;
  porcentajePP: number | null;
  fechaInscripcion?: string | undefined;
}

/** Inserts the enrolments not already there (the unique constraint decides, not a prior read). */
export async function insertInscripciones(db: WriteTx, list: NewInscripcion[]): Promise<number[]> {
  if (list.length === 0) return [];
  const found = await rows<{ id: number }>(
    db,
    sql`insert into inscripciones_examen (examen_id, perfil_alumno_id, inscripcion_materia_id, usuario_inscripcion_id,
                                          instancia, porcentaje_asistencia, porcentaje_pp, fecha_inscripcion)
        values ${sql.join(
          list.map(
            (i) =>
              sql`(${i.examenId}, ${i.perfilAlumnoId}, ${i.inscripcionMateriaId}, ${i.usuarioInscripcionId},
                   ${i.instancia}, ${i.porcentajeAsistencia}, ${i.porcentajePP}, coalesce(${i.fechaInscripcion ?? null}::timestamptz, now()))`,
          ),
          sql`, `,
        )}
        on conflict (examen_id, perfil_alumno_id) do nothing
        returning id`,
  );
  return found.map((r) => r.id);
}

export async function deleteInscripciones(db: WriteTx, examenId: number, perfilIds: number[]): Promise<void> {
  if (perfilIds.length === 0) return;
  await db.execute(
    sql`delete from inscripciones_examen where examen_id = ${examenId} and perfil_alumno_id in (${sql.join(
      perfilIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

export async function deleteInscripcion(db: WriteTx, id: number): Promise<void> {
  await db.execute(sql`delete from inscripciones_examen where id = ${id}`);
}

export interface CalificacionValues {
  porcentajeAsistencia: number | null;
  porcentajePP: number | null;
  porcentajePF: number | null;
  porcentajePC: number | null;
  calificacion: number;
  fechaInscripcion?: string | undefined;
}

export async function updateCalificaciones(db: WriteTx, id: number, v: CalificacionValues): Promise<void> {
  await db.execute(
    sql`update inscripciones_examen set porcentaje_asistencia = ${v.porcentajeAsistencia},
               porcentaje_pp = ${v.porcentajePP}, porcentaje_pf = ${v.porcentajePF},
               porcentaje_pc = ${v.porcentajePC}, calificacion = ${v.calificacion}
               ${v.fechaInscripcion ? sql`, fecha_inscripcion = ${v.fechaInscripcion}` : sql``}
         where id = ${id}`,
  );
}

/** The exam's subject students for the add/remove checklist and the enrolment form. */
export async function alumnosMateria(db: DbOrTx, examenId: number, search?: string) {
  return rows<{
    perfilAlumnoId: number;
    usuarioId: number;
    inscripcionExamenId: number;
    nombre: string;
    apellido: string;
    numeroDocumento: string;
    email: string;
    inscripto: boolean;
  }>(
    db,
    sql`select pa.id as "perfilAlumnoId", u.id as "usuarioId", coalesce(ie.id, 0) as "inscripcionExamenId",
               u.nombre, u.apellido, u.numero_documento as "numeroDocumento", u.email, ie.id is not null as inscripto
          from examenes e
          join inscripciones_materia im on im.materia_periodo_id = e.materia_periodo_id
          join perfiles_alumno pa on pa.id = im.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          left join inscripciones_examen ie on ie.examen_id = e.id and ie.perfil_alumno_id = pa.id
        ${whereAll([
          sql`e.id = ${examenId}`,
          containsPersonText(sql`u.numero_documento || ' ' || u.nombre || ' ' || u.apellido || ' ' || u.email`, search),
        ])}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), pa.id`,
  );
}

export type MiExamenDb = {
  id: number;
  examenId: number;
  materia: string;
  codMateria: string;
  carrera: string;
  malla: string;
  semestre: number;
  fechaExamen: string;
  fechaInscripcion: string | null;
  fechaLimiteInscripcionExamen: string;
  fechaInscripcionMateria: string;
  inscripto: boolean;
  estadoExamen: number;
  instancia: number | null;
  porcentajePP: number | null;
  porcentajePF: number | null;
  porcentajePC: number | null;
  porcentajeAsistencia: number | null;
  calificacion: number;
  studentId: number;
  rectificacion: RectificacionVigente | null;
} & Omit<Derecho, 'inscripcionMateriaId' | 'perfilAlumnoId' | 'porcentajeAsistencia' | 'porcentajePP'> & {
    asistenciaMateria: number | null;
    ppMateria: number | null;
  };

const MI_EXAMEN_COLUMNS = sql`coalesce(ie.id, 0) as id, e.id as "examenId", m.nombre as materia,
  mm.codigo as "codMateria", c.nombre as carrera, ma.nombre as malla, mm.semestre_nro_orden::int as semestre,
  ${isoInstant(sql`e.fecha`)} as "fechaExamen", ${isoInstant(sql`ie.fecha_inscripcion`)} as "fechaInscripcion",
  ${isoInstant(sql`e.fecha_limite_inscripcion`)} as "fechaLimiteInscripcionExamen",
  ${isoInstant(sql`im.fecha_inscripcion`)} as "fechaInscripcionMateria", ie.id is not null as inscripto,
  e.estado::int as "estadoExamen", ie.instancia::int as instancia,
  ${num(sql`coalesce(ie.porcentaje_pp, im.porcentaje_pp)`)} as "porcentajePP",
  ${num(sql`ie.porcentaje_pf`)} as "porcentajePF", ${num(sql`ie.porcentaje_pc`)} as "porcentajePC",
  ${num(sql`coalesce(ie.porcentaje_asistencia, im.porcentaje_asistencia)`)} as "porcentajeAsistencia",
  coalesce(ie.calificacion, 0)::int as calificacion, im.perfil_alumno_id as "studentId",
  ${num(sql`im.porcentaje_asistencia`)} as "asistenciaMateria", ${num(sql`im.porcentaje_pp`)} as "ppMateria",
  mp.estado::int as "estadoMateria", ${isoInstant(sql`mp.fecha_expiracion`)} as "fechaExpiracion",
  exists (select 1 from resultados_examen r where r.perfil_alumno_id = im.perfil_alumno_id
           and r.materia_malla_id = im.materia_malla_id and r.calificacion >= ${NOTA_APROBACION}) as "yaAprobada",
  ${CORRELATIVAS_NO_APROBADAS} as "correlativasPendientes", ${rectificacionColumn} as rectificacion`;

/** The student's exam history: the exams they enrolled in, latest first. */
export async function myExamenes(db: DbOrTx, perfilAlumnoId: number, page: number, pageSize: number, search?: string) {
  const found = await rows<MiExamenDb & { total: number }>(
    db,
    sql`select ${MI_EXAMEN_COLUMNS}, count(*) over()::int as total
          from inscripciones_examen ie
          join examenes e on e.id = ie.examen_id ${EXAMEN_JOINS}
          join inscripciones_materia_vigentes im on im.id = ie.inscripcion_materia_id
          ${rectificacionJoin('ie', 'e')}
        ${whereAll([sql`ie.perfil_alumno_id = ${perfilAlumnoId}`, containsText(sql`m.nombre`, search)])}
         order by e.fecha desc, e.id desc
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

/**
 * The exams the student could sit: not sealed, not yet held, of a subject-period they are enrolled in.
 * Cards for exams already enrolled in come too (shown disabled).
 */
export async function availableExamenes(db: DbOrTx, perfilAlumnoId: number, page: number, pageSize: number) {
  const found = await rows<MiExamenDb & { total: number }>(
    db,
    sql`select ${MI_EXAMEN_COLUMNS}, count(*) over()::int as total
          from inscripciones_materia_vigentes im
          join examenes e on e.materia_periodo_id = im.materia_periodo_id ${EXAMEN_JOINS}
          left join inscripciones_examen ie on ie.examen_id = e.id and ie.perfil_alumno_id = im.perfil_alumno_id
          ${rectificacionJoin('ie', 'e')}
         where im.perfil_alumno_id = ${perfilAlumnoId} and e.estado <> ${EstadoExamen.Sellado} and e.fecha > now()
         order by e.fecha, e.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

/** The student's subject enrolments with what their exam right depends on. */
export async function misDerechos(db: DbOrTx, perfilAlumnoId: number, page: number, pageSize: number) {
  const found = await rows<Derecho & { materia: string; codMateria: string; periodo: string; total: number }>(
    db,
    sql`select ${DERECHO_COLUMNS}, m.nombre as materia, mm.codigo as "codMateria",
               ${periodoLabel()} as periodo, count(*) over()::int as total
          from inscripciones_materia_vigentes im
          join materias_periodo mp on mp.id = im.materia_periodo_id
          ${materiaJoin()}
          ${periodoJoin()}
         where im.perfil_alumno_id = ${perfilAlumnoId}
         order by al.anho desc, p.inicio_clases desc, mm.semestre_nro_orden, m.nombre, im.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

export async function horariosMateria(db: DbOrTx, materiaPeriodoId: number) {
  return rows<{ dia: number; horaInicio: string; horaFin: string; aula: string | null }>(
    db,
    sql`select h.dia::int as dia, to_char(h.hora_inicio, 'HH24:MI') as "horaInicio",
               to_char(h.hora_fin, 'HH24:MI') as "horaFin",
               (select a.nombre from aulas a where a.id = h.aula_id) as aula
          from horarios h where h.materia_periodo_id = ${materiaPeriodoId} order by h.dia, h.hora_inicio, h.id`,
  );
}
