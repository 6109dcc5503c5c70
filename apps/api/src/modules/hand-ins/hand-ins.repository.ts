import { sql, type SQL } from 'drizzle-orm';
import { EstadoPublicacion, type EntregaConfig } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';
import { isoInstant } from '../../lib/search.js';
import { entregaConfigSql } from './hand-ins.sql.js';

/** The SQL of homework handed in through Arandu (issue 46). */

export type TareaEntrega = {
  id: number;
  materiaPeriodoId: number;
  descripcion: string;
  puntajeTotal: number;
  materia: string;
  estado: number;
  entrega: EntregaConfig | null;
  devolucionesPublicadasEn: string | null;
};

export async function findTarea(db: DbOrTx, id: number): Promise<TareaEntrega | undefined> {
  const [row] = await rows<TareaEntrega>(
    db,
    sql`select t.id, t.materia_periodo_id as "materiaPeriodoId", t.descripcion,
               t.puntaje_total::float8 as "puntajeTotal", m.nombre as materia, mp.estado::int as estado,
               ${entregaConfigSql('t')} as entrega,
               ${isoInstant(sql`t.devoluciones_publicadas_en`)} as "devolucionesPublicadasEn"
          from tareas_materia t
          join materias_periodo mp on mp.id = t.materia_periodo_id
          join materias_malla mm on mm.id = mp.materia_malla_id
          join materias m on m.id = mm.materia_id
         where t.id = ${id}`,
  );
  return row;
}

export type Alumno = {
  perfilAlumnoId: number;
  inscripcionMateriaId: number;
  usuarioId: number;
  nombre: string;
  apellido: string;
  numeroDocumento: string;
  email: string;
};

const ALUMNO_COLUMNS = sql`pa.id as "perfilAlumnoId", i.id as "inscripcionMateriaId", u.id as "usuarioId",
  u.nombre, u.apellido, u.numero_documento as "numeroDocumento", u.email`;

/** The student enrolled in the subject-period whom `who` names (their user or their profile). */
async function enrolledAlumno(db: DbOrTx, who: SQL, materiaPeriodoId: number) {
  const [row] = await rows<Alumno>(
    db,
    sql`select ${ALUMNO_COLUMNS}
          from inscripciones_materia i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
         where ${who} and i.materia_periodo_id = ${materiaPeriodoId}`,
  );
  return row;
}

/** The user's enrolment in the subject-period, as a student. */
export const ownAlumno = (db: DbOrTx, usuarioId: number, materiaPeriodoId: number) =>
  enrolledAlumno(db, sql`pa.usuario_id = ${usuarioId}`, materiaPeriodoId);

/** A student enrolled in the subject-period, by their profile. */
export const alumnoOf = (db: DbOrTx, perfilAlumnoId: number, materiaPeriodoId: number) =>
  enrolledAlumno(db, sql`pa.id = ${perfilAlumnoId}`, materiaPeriodoId);

export type ArchivoRow = { id: number; nombre: string; bytes: number; sha256: string };

/** The files of a version as JSON, in upload order. */
const archivosJson = (version: string) =>
  sql.raw(`coalesce((select json_agg(json_build_object('id', a.id, 'nombre', a.nombre, 'bytes', a.bytes,
      'sha256', a.sha256) order by a.orden) from entregas_archivos a where a.version_id = ${version}.id), '[]'::json)`);

/** The file given back with a hand-in's feedback as JSON, null when there is none. */
const devolucionArchivoJson = (entrega: string) =>
  sql.raw(`(select json_build_object('id', d.id, 'nombre', d.nombre, 'bytes', d.bytes, 'sha256', d.sha256)
      from devoluciones_archivos d where d.entrega_id = ${entrega}.id)`);

export type VersionRow = {
  entregaId: number;
  numero: number;
  fecha: string;
  atrasada: boolean;
  subidaPor: string;
  archivos: ArchivoRow[];
};

/** Every version of one student's hand-in, newest first (the first counts). */
export async function versionesOf(db: DbOrTx, tareaId: number, perfilAlumnoId: number) {
  return rows<VersionRow>(
    db,
    sql`select e.id as "entregaId", v.numero::int as numero, ${isoInstant(sql`v.fecha`)} as fecha, v.atrasada,
               (u.nombre || ' ' || u.apellido) as "subidaPor", ${archivosJson('v')} as archivos
          from entregas e
          join entregas_versiones v on v.entrega_id = e.id
          join usuarios u on u.id = v.subida_por
         where e.tarea_materia_id = ${tareaId} and e.perfil_alumno_id = ${perfilAlumnoId}
         order by v.numero desc`,
  );
}

export async function devolucionOf(db: DbOrTx, tareaId: number, perfilAlumnoId: number, inscripcionId: number) {
  const [row] = await rows<{ devolucion: string | null; devolucionArchivo: ArchivoRow | null; puntaje: number | null }>(
    db,
    sql`select (select e.devolucion from entregas e
                 where e.tarea_materia_id = ${tareaId} and e.perfil_alumno_id = ${perfilAlumnoId}) as devolucion,
               (select ${devolucionArchivoJson('e')} from entregas e
                 where e.tarea_materia_id = ${tareaId} and e.perfil_alumno_id = ${perfilAlumnoId})
                 as "devolucionArchivo",
               (select s.puntaje_obtenido::float8 from tareas_materia_alumnos s
                 where s.tarea_materia_id = ${tareaId} and s.inscripcion_materia_id = ${inscripcionId}) as puntaje`,
  );
  return row!;
}

/**
 * Records a new version of the student's hand-in with its files, in the caller's transaction: the hand-in's row
 * is created or locked first, so two uploads of one student take turns and number their versions in order.
 */
export async function insertVersion(
  tx: WriteTx,
  v: {
    tareaId: number;
    perfilAlumnoId: number;
    usuarioId: number;
    fecha: Date;
    atrasada: boolean;
    archivos: { nombre: string; bytes: number; sha256: string; tipo: string }[];
  },
) {
  const [entrega] = await rows<{ id: number }>(
    tx,
    sql`insert into entregas (tarea_materia_id, perfil_alumno_id) values (${v.tareaId}, ${v.perfilAlumnoId})
        on conflict (tarea_materia_id, perfil_alumno_id) do update set tarea_materia_id = excluded.tarea_materia_id
        returning id`,
  );
  const [version] = await rows<{ id: number; numero: number; fecha: string }>(
    tx,
    sql`insert into entregas_versiones (entrega_id, numero, fecha, atrasada, subida_por)
        select ${entrega!.id}, coalesce(max(numero), 0) + 1, ${v.fecha.toISOString()}, ${v.atrasada}, ${v.usuarioId}
          from entregas_versiones where entrega_id = ${entrega!.id}
        returning id, numero::int as numero, ${isoInstant(sql`fecha`)} as fecha`,
  );
  const archivos = await rows<ArchivoRow>(
    tx,
    sql`insert into entregas_archivos (version_id, orden, nombre, bytes, sha256, tipo)
        select ${version!.id}, a.orden, a.nombre, a.bytes, a.sha256, a.tipo
          from jsonb_to_recordset(${JSON.stringify(v.archivos.map((a, orden) => ({ ...a, orden })))}::jsonb)
               as a(orden int, nombre text, bytes bigint, sha256 text, tipo text)
        returning id, nombre, bytes::float8 as bytes, sha256`,
  );
  return { entregaId: entrega!.id, numero: version!.numero, fecha: version!.fecha, archivos };
}

export type EntregaListRow = {
  perfilAlumnoId: number;
  alumno: { inscripcionMateriaId: number; nombre: string; apellido: string; numeroDocumento: string };
  fecha: string | null;
  atrasada: boolean | null;
  archivos: ArchivoRow[];
  devolucion: string | null;
  devolucionArchivo: ArchivoRow | null;
  puntaje: number | null;
};

/** Every student enrolled in the homework's subject-period, with their hand-in's newest version. */
export async function listOf(db: DbOrTx, tareaId: number, materiaPeriodoId: number) {
  return rows<EntregaListRow>(
    db,
    sql`select pa.id as "perfilAlumnoId",
               json_build_object('inscripcionMateriaId', i.id, 'nombre', u.nombre, 'apellido', u.apellido,
                 'numeroDocumento', u.numero_documento) as alumno,
               ${isoInstant(sql`v.fecha`)} as fecha, v.atrasada,
               case when v.id is null then '[]'::json else ${archivosJson('v')} end as archivos,
               e.devolucion, ${devolucionArchivoJson('e')} as "devolucionArchivo",
               s.puntaje_obtenido::float8 as puntaje
          from inscripciones_materia i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          left join entregas e on e.tarea_materia_id = ${tareaId} and e.perfil_alumno_id = pa.id
          left join lateral (select * from entregas_versiones v where v.entrega_id = e.id
                              order by v.numero desc limit 1) v on true
          left join tareas_materia_alumnos s on s.tarea_materia_id = ${tareaId} and s.inscripcion_materia_id = i.id
         where i.materia_periodo_id = ${materiaPeriodoId}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), i.id`,
  );
}

/** The newest version's files of every hand-in of the homework, student by student ('Descargar todas'). */
export async function zipEntriesOf(db: DbOrTx, tareaId: number) {
  return rows<{ apellido: string; nombre: string; numeroDocumento: string; archivos: ArchivoRow[] }>(
    db,
    sql`select u.apellido, u.nombre, u.numero_documento as "numeroDocumento", ${archivosJson('v')} as archivos
          from entregas e
          join perfiles_alumno pa on pa.id = e.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          join lateral (select * from entregas_versiones v where v.entrega_id = e.id
                         order by v.numero desc limit 1) v on true
         where e.tarea_materia_id = ${tareaId}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), e.id`,
  );
}

/** One handed-in file with whose it is: the homework's subject-period and the student's profile. */
export async function findArchivo(db: DbOrTx, id: number) {
  const [row] = await rows<{
    id: number;
    nombre: string;
    bytes: number;
    sha256: string;
    tipo: string;
    perfilAlumnoId: number;
    usuarioId: number;
    materiaPeriodoId: number;
  }>(
    db,
    sql`select a.id, a.nombre, a.bytes::float8 as bytes, a.sha256, a.tipo, e.perfil_alumno_id as "perfilAlumnoId",
               pa.usuario_id as "usuarioId", t.materia_periodo_id as "materiaPeriodoId"
          from entregas_archivos a
          join entregas_versiones v on v.id = a.version_id
          join entregas e on e.id = v.entrega_id
          join perfiles_alumno pa on pa.id = e.perfil_alumno_id
          join tareas_materia t on t.id = e.tarea_materia_id
         where a.id = ${id}`,
  );
  return row;
}

/** Writes the feedback (null clears it) on the student's hand-in, creating its row if they handed in nothing. */
export async function writeDevolucion(
  tx: WriteTx,
  v: { tareaId: number; perfilAlumnoId: number; texto: string | null; usuarioId: number },
) {
  const [row] = await rows<{ devolucion: string | null }>(
    tx,
    sql`insert into entregas (tarea_materia_id, perfil_alumno_id, devolucion, devolucion_por, devolucion_en)
        values (${v.tareaId}, ${v.perfilAlumnoId}, ${v.texto}, ${v.usuarioId}, now())
        on conflict (tarea_materia_id, perfil_alumno_id) do update
          set devolucion = excluded.devolucion, devolucion_por = excluded.devolucion_por,
              devolucion_en = excluded.devolucion_en
        returning devolucion`,
  );
  return row!.devolucion;
}

export async function publishDevoluciones(tx: WriteTx, tareaId: number) {
  const [row] = await rows<{ at: string }>(
    tx,
    sql`update tareas_materia set devoluciones_publicadas_en = coalesce(devoluciones_publicadas_en, now())
         where id = ${tareaId} returning ${isoInstant(sql`devoluciones_publicadas_en`)} as at`,
  );
  return row?.at;
}

/** The hand-in's row of the student and homework, created empty when they handed in nothing (as feedback does). */
async function entregaIdOf(tx: WriteTx, tareaId: number, perfilAlumnoId: number) {
  await tx.execute(sql`insert into entregas (tarea_materia_id, perfil_alumno_id) values (${tareaId}, ${perfilAlumnoId})
    on conflict (tarea_materia_id, perfil_alumno_id) do nothing`);
  const [row] = await rows<{ id: number }>(
    tx,
    sql`select id from entregas where tarea_materia_id = ${tareaId} and perfil_alumno_id = ${perfilAlumnoId}`,
  );
  return row!.id;
}

/**
 * Gives a file back with the student's feedback, replacing the one given before (its row updated in place, so
 * the audit log keeps what it was); answers the file and the hash it replaced, for the storage to forget.
 */
export async function writeDevolucionArchivo(
  tx: WriteTx,
  v: {
    tareaId: number;
    perfilAlumnoId: number;
    usuarioId: number;
    archivo: { nombre: string; bytes: number; sha256: string; tipo: string };
  },
) {
  const entregaId = await entregaIdOf(tx, v.tareaId, v.perfilAlumnoId);
  const [before] = await rows<{ sha256: string }>(
    tx,
    sql`select sha256 from devoluciones_archivos where entrega_id = ${entregaId} for update`,
  );
  const [saved] = await rows<ArchivoRow>(
    tx,
    sql`insert into devoluciones_archivos (entrega_id, nombre, bytes, sha256, tipo, subido_por)
        values (${entregaId}, ${v.archivo.nombre}, ${v.archivo.bytes}, ${v.archivo.sha256}, ${v.archivo.tipo},
                ${v.usuarioId})
        on conflict (entrega_id) do update
          set nombre = excluded.nombre, bytes = excluded.bytes, sha256 = excluded.sha256, tipo = excluded.tipo,
              subido_por = excluded.subido_por, subido_en = now()
        returning id, nombre, bytes::float8 as bytes, sha256`,
  );
  return { archivo: saved!, reemplazado: before?.sha256 };
}

/** Removes the file given back with the student's feedback; answers its hash (undefined when there was none). */
export async function deleteDevolucionArchivo(tx: WriteTx, tareaId: number, perfilAlumnoId: number) {
  const [gone] = await rows<{ sha256: string }>(
    tx,
    sql`delete from devoluciones_archivos d using entregas e
         where d.entrega_id = e.id and e.tarea_materia_id = ${tareaId} and e.perfil_alumno_id = ${perfilAlumnoId}
        returning d.sha256`,
  );
  return gone?.sha256;
}

/** One file given back, with whose it is and whether the homework's feedback is published. */
export async function findDevolucionArchivo(db: DbOrTx, id: number) {
  const [row] = await rows<{
    id: number;
    nombre: string;
    bytes: number;
    sha256: string;
    tipo: string;
    usuarioId: number;
    materiaPeriodoId: number;
    publicada: boolean;
  }>(
    db,
    sql`select d.id, d.nombre, d.bytes::float8 as bytes, d.sha256, d.tipo, pa.usuario_id as "usuarioId",
               t.materia_periodo_id as "materiaPeriodoId", t.devoluciones_publicadas_en is not null as publicada
          from devoluciones_archivos d
          join entregas e on e.id = d.entrega_id
          join perfiles_alumno pa on pa.id = e.perfil_alumno_id
          join tareas_materia t on t.id = e.tarea_materia_id
         where d.id = ${id}`,
  );
  return row;
}

/**
 * The student's homework handed in through Arandu that still takes an upload (the deadline, or the late
 * window, not past; the subject-period not frozen) and closes within `dias` days, with the newest version.
 */
export async function proximasOf(db: DbOrTx, usuarioId: number, now: Date, dias: number) {
  return rows<{
    tareaId: number;
    materiaPeriodoId: number;
    materia: string;
    descripcion: string;
    hasta: string;
    atrasoHasta: string | null;
    entregada: { fecha: string; atrasada: boolean } | null;
  }>(
    db,
    sql`select t.id as "tareaId", t.materia_periodo_id as "materiaPeriodoId", m.nombre as materia, t.descripcion,
               ${isoInstant(sql`t.entrega_hasta`)} as hasta, ${isoInstant(sql`t.entrega_atraso_hasta`)} as "atrasoHasta",
               case when v.id is null then null
                    else json_build_object('fecha', ${isoInstant(sql`v.fecha`)}, 'atrasada', v.atrasada) end as entregada
          from perfiles_alumno pa
          join inscripciones_materia i on i.perfil_alumno_id = pa.id
          join materias_periodo mp on mp.id = i.materia_periodo_id and mp.estado = ${EstadoPublicacion.Preliminar}
          join materias_malla mm on mm.id = mp.materia_malla_id
          join materias m on m.id = mm.materia_id
          join tareas_materia t on t.materia_periodo_id = mp.id and t.entrega_hasta is not null
          left join entregas e on e.tarea_materia_id = t.id and e.perfil_alumno_id = pa.id
          left join lateral (select * from entregas_versiones v where v.entrega_id = e.id
                              order by v.numero desc limit 1) v on true
         where pa.usuario_id = ${usuarioId}
           and coalesce(t.entrega_atraso_hasta, t.entrega_hasta) >= ${now.toISOString()}
           and t.entrega_hasta < ${now.toISOString()}::timestamptz + make_interval(days => ${dias})
         order by t.entrega_hasta, t.id
         limit 50`,
  );
}
