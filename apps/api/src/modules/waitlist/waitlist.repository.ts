import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArray, rows } from '../../db/sql.js';
import { isoInstant } from '../../lib/search.js';
import { anhoJoin, materiaJoin, periodoLabel } from '../access/access.sql.js';
import type { WriteTx } from '../../db/tx.js';

/**
 * The waiting lists' SQL (docs/decisions/024). A position is the rank by `orden` among the list's entries;
 * the counters of asientos_materia_periodo follow the entries through the seats migration's triggers.
 */

const materiaSeccion = sql`m.nombre || ' (' || mp.seccion || ')'`;

/** The student's own entries, each with its position and open offer. */
export async function entriesOf(db: DbOrTx, perfilAlumnoId: number) {
  return rows<{
    materiaPeriodoId: number;
    materia: string;
    seccion: string;
    periodo: string;
    posicion: number;
    ofertaVence: string | null;
  }>(
    db,
    sql`select l.materia_periodo_id as "materiaPeriodoId", m.nombre as materia, mp.seccion,
               ${periodoLabel()} as periodo,
               (select count(*) from lista_espera o
                 where o.materia_periodo_id = l.materia_periodo_id and o.orden <= l.orden)::int as posicion,
               case when l.oferta_vence is null then null else ${isoInstant(sql`l.oferta_vence`)} end as "ofertaVence"
          from lista_espera l
          join materias_periodo mp on mp.id = l.materia_periodo_id
          ${materiaJoin()}
          join periodos p on p.id = mp.periodo_id ${anhoJoin()}
         where l.perfil_alumno_id = ${perfilAlumnoId}
         order by l.oferta_vence nulls last, l.fecha_alta`,
  );
}

/** Staff's view of a list, in order. */
export async function listOf(db: DbOrTx, materiaPeriodoId: number) {
  return rows<{
    posicion: number;
    perfilAlumnoId: number;
    alumno: string;
    numeroLegajo: number;
    fechaAlta: string;
    ofertaVence: string | null;
  }>(
    db,
    sql`select (row_number() over (order by l.orden))::int as posicion, l.perfil_alumno_id as "perfilAlumnoId",
               u.apellido || ', ' || u.nombre as alumno, pa.numero_legajo as "numeroLegajo",
               ${isoInstant(sql`l.fecha_alta`)} as "fechaAlta",
               case when l.oferta_vence is null then null else ${isoInstant(sql`l.oferta_vence`)} end as "ofertaVence"
          from lista_espera l
          join perfiles_alumno pa on pa.id = l.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
         where l.materia_periodo_id = ${materiaPeriodoId}
         order by l.orden`,
  );
}

export async function sectionOf(db: DbOrTx, materiaPeriodoId: number) {
  const [row] = await rows<{
    id: number;
    materia: string;
    seccion: string;
    cupo: number | null;
    inscriptos: number;
    materiaMallaId: number;
    periodoId: number;
    editarAsistencias: boolean;
    utilizaPorcentajePesoMateria: boolean;
  }>(
    db,
    sql`select mp.id, m.nombre as materia, mp.seccion, mp.cupo,
               (select count(*) from inscripciones_materia i where i.materia_periodo_id = mp.id)::int as inscriptos,
               mp.materia_malla_id as "materiaMallaId", mp.periodo_id as "periodoId",
               mp.editar_asistencias as "editarAsistencias",
               mp.utiliza_porcentaje_peso_materia as "utilizaPorcentajePesoMateria"
          from materias_periodo mp
          ${materiaJoin()}
         where mp.id = ${materiaPeriodoId}`,
  );
  return row;
}

/** The student's entry, locked for the rest of the transaction. */
export async function lockEntry(db: DbOrTx, materiaPeriodoId: number, perfilAlumnoId: number) {
  const [row] = await rows<{ ofertaVence: string | null }>(
    db,
    sql`select case when oferta_vence is null then null else ${isoInstant(sql`oferta_vence`)} end as "ofertaVence"
          from lista_espera
         where materia_periodo_id = ${materiaPeriodoId} and perfil_alumno_id = ${perfilAlumnoId}
         for update`,
  );
  return row;
}

export async function removeEntry(db: WriteTx, materiaPeriodoId: number, perfilAlumnoId: number): Promise<boolean> {
  const done = await rows<{ one: number }>(
    db,
    sql`delete from lista_espera where materia_periodo_id = ${materiaPeriodoId} and perfil_alumno_id = ${perfilAlumnoId}
        returning 1 as one`,
  );
  return done.length > 0;
}

/** Locks a capped list's counter row: reorders and the offer job take it before its entries. */
export async function lockList(db: DbOrTx, materiaPeriodoId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    db,
    sql`select 1 as one from asientos_materia_periodo where materia_periodo_id = ${materiaPeriodoId} for update`,
  );
  return found.length > 0;
}

/**
 * Renumbers the list 1..n in the order given (below every later draw of the identity: see the schema). The ids go
 * as one array literal parameter, never spliced into the SQL text.
 */
export async function renumber(db: WriteTx, materiaPeriodoId: number, perfilAlumnoIds: number[]): Promise<void> {
  await db.execute(
    sql`update lista_espera l set orden = v.n
          from unnest(${intArray(perfilAlumnoIds)})
               with ordinality as v(perfil, n)
         where l.materia_periodo_id = ${materiaPeriodoId} and l.perfil_alumno_id = v.perfil`,
  );
}

/** The explicit audit entry of a staff reorder, with its reason (the trigger logs the renumbered rows). */
export async function auditMove(
  db: WriteTx,
  entry: {
    usuarioId: number;
    materiaPeriodoId: number;
    perfilAlumnoId: number;
    desde: number;
    hasta: number;
    motivo: string;
  },
): Promise<void> {
  const { usuarioId, materiaPeriodoId, ...values } = entry;
  await db.execute(
    sql`insert into auditoria (usuario_id, tipo, nombre_tabla, clave_primaria, columnas_afectadas, valores_nuevos)
        values (${usuarioId}, 'UPDATE', 'lista_espera_orden', ${String(materiaPeriodoId)},
                array['perfilAlumnoId', 'desde', 'hasta', 'motivo'], ${JSON.stringify(values)}::jsonb)`,
  );
}

// ---------------------------------------------------------------- the offer job

/** Offers past their deadline leave the list (their seat passes on). Rows another process holds are skipped. */
export async function lapseOffers(db: WriteTx, now: Date): Promise<number> {
  const done = await rows<{ one: number }>(
    db,
    sql`delete from lista_espera l
         where (l.materia_periodo_id, l.perfil_alumno_id) in (
                 select materia_periodo_id, perfil_alumno_id from lista_espera
                  where oferta_vence is not null and oferta_vence <= ${now.toISOString()}::timestamptz
                  for update skip locked)
        returning 1 as one`,
  );
  return done.length;
}

/**
 * Sections with free seats and students waiting, whose period's enrolment window is open and that have a
 * schedule (a parallel section offers nothing until staff give it one): their counter rows locked, those
 * another process holds skipped.
 */
export async function sectionsWithFreeCupos(db: DbOrTx, now: Date) {
  return rows<{ id: number; libres: number }>(
    db,
    sql`select a.materia_periodo_id as id, (mp.cupo - a.ocupados - a.ofrecidos)::int as libres
          from asientos_materia_periodo a
          join materias_periodo mp on mp.id = a.materia_periodo_id
          join periodos p on p.id = mp.periodo_id
         where a.esperando > 0 and mp.cupo is not null and a.ocupados + a.ofrecidos < mp.cupo
           and p.activo and ${now.toISOString()}::timestamptz between p.inicio_periodo_inscripcion and p.fin_periodo_inscripcion
           and exists (select 1 from horarios h where h.materia_periodo_id = mp.id)
         order by a.materia_periodo_id
         for update of a skip locked`,
  );
}

/** Gives the first `libres` waiting entries of the list an offer until `vence`; answers whom, for the mail. */
export async function makeOffers(db: WriteTx, materiaPeriodoId: number, libres: number, vence: Date) {
  return rows<{ email: string; nombre: string; materia: string }>(
    db,
    sql`with elegidos as (
          select perfil_alumno_id from lista_espera
           where materia_periodo_id = ${materiaPeriodoId} and oferta_vence is null
           order by orden limit ${libres}
           for update skip locked
        ), ofrecidos as (
          update lista_espera l set oferta_vence = ${vence.toISOString()}::timestamptz
            from elegidos e
           where l.materia_periodo_id = ${materiaPeriodoId} and l.perfil_alumno_id = e.perfil_alumno_id
          returning l.perfil_alumno_id
        )
        select u.email, u.nombre, ${materiaSeccion} as materia
          from ofrecidos o
          join perfiles_alumno pa on pa.id = o.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          join materias_periodo mp on mp.id = ${materiaPeriodoId}
          ${materiaJoin()}`,
  );
}

// ---------------------------------------------------------------- parallel section

/** The sections of the subject in the period, to name the new one. */
export async function sectionNames(db: DbOrTx, materiaMallaId: number, periodoId: number): Promise<string[]> {
  const found = await rows<{ seccion: string }>(
    db,
    sql`select seccion from materias_periodo where materia_malla_id = ${materiaMallaId} and periodo_id = ${periodoId}`,
  );
  return found.map((r) => r.seccion);
}

/** Copies the waiting (not offered) entries of one list to another, in order. */
export async function copyList(db: WriteTx, from: number, to: number): Promise<void> {
  await db.execute(
    sql`insert into lista_espera (materia_periodo_id, perfil_alumno_id, fecha_alta)
        select ${to}, perfil_alumno_id, fecha_alta from lista_espera
         where materia_periodo_id = ${from} and oferta_vence is null
         order by orden`,
  );
}

export async function insertSection(
  db: WriteTx,
  v: {
    materiaMallaId: number;
    periodoId: number;
    seccion: string;
    editarAsistencias: boolean;
    utilizaPorcentajePesoMateria: boolean;
  },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into materias_periodo (materia_malla_id, periodo_id, seccion, editar_asistencias, utiliza_porcentaje_peso_materia)
        values (${v.materiaMallaId}, ${v.periodoId}, ${v.seccion}, ${v.editarAsistencias}, ${v.utilizaPorcentajePesoMateria})
        returning id`,
  );
  return row!.id;
}
