import { sql } from 'drizzle-orm';
import type { CertificadoListItem, CertificadoTipo } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { isoInstant } from '../../lib/search.js';
import { periodoLabel } from '../access/access.sql.js';
import type { WriteTx } from '../../db/tx.js';

export interface CertificadoDb {
  [key: string]: unknown;
  id: number;
  codigo: string;
  tipo: CertificadoTipo;
  perfilAlumnoId: number;
  usuarioId: number;
  emitido: string;
  contenido: string;
  digesto: string;
  /** When a later certificate replaced this one: its issue date. */
  reemplazadoEmitido: string | null;
}

const SELECT = sql`select c.id, c.codigo, c.tipo, c.perfil_alumno_id as "perfilAlumnoId", pa.usuario_id as "usuarioId",
                          ${isoInstant(sql`c.emitido`)} as emitido, c.contenido, c.digesto,
                          ${isoInstant(sql`r.emitido`)} as "reemplazadoEmitido"
                     from certificados c
                     join perfiles_alumno pa on pa.id = c.perfil_alumno_id
                     left join certificados r on r.reemplaza_id = c.id`;

export async function findCertificado(db: DbOrTx, id: number): Promise<CertificadoDb | undefined> {
  const [row] = await rows<CertificadoDb>(db, sql`${SELECT} where c.id = ${id}`);
  return row;
}

export async function findCertificadoByCodigo(db: DbOrTx, codigo: string): Promise<CertificadoDb | undefined> {
  const [row] = await rows<CertificadoDb>(db, sql`${SELECT} where c.codigo = ${codigo}`);
  return row;
}

/** The student's certificates, newest first (a student has a handful; 200 is far past any real count). */
export async function listCertificados(db: DbOrTx, perfilAlumnoId: number): Promise<CertificadoListItem[]> {
  return rows<CertificadoListItem & { [key: string]: unknown }>(
    db,
    sql`select c.id, c.codigo, c.tipo, ${isoInstant(sql`c.emitido`)} as emitido, c.digesto,
               r.id is not null as reemplazado
          from certificados c left join certificados r on r.reemplaza_id = c.id
         where c.perfil_alumno_id = ${perfilAlumnoId}
         order by c.id desc limit 200`,
  );
}

/**
 * The student's latest certificate of the type, read under a lock on the student's certificates of that
 * type (held to the end of the transaction): two issues at once take turns, so each names the one before.
 */
export async function latestLocked(
  tx: DbOrTx,
  perfilAlumnoId: number,
  tipo: CertificadoTipo,
): Promise<{ id: number; digesto: string } | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('certificados:' || ${tipo}), ${perfilAlumnoId})`);
  const [row] = await rows<{ id: number; digesto: string }>(
    tx,
    sql`select id, digesto from certificados where perfil_alumno_id = ${perfilAlumnoId} and tipo = ${tipo}
         order by id desc limit 1`,
  );
  return row;
}

export async function insertCertificado(
  tx: WriteTx,
  v: {
    codigo: string;
    tipo: CertificadoTipo;
    perfilAlumnoId: number;
    emitidoPor: number;
    contenido: string;
    digesto: string;
    reemplazaId: number | null;
  },
): Promise<{ id: number; codigo: string; emitido: string }> {
  const [row] = await rows<{ id: number; codigo: string; emitido: string }>(
    tx,
    sql`insert into certificados (codigo, tipo, perfil_alumno_id, emitido_por, contenido, digesto, reemplaza_id)
        values (${v.codigo}, ${v.tipo}, ${v.perfilAlumnoId}, ${v.emitidoPor}, ${v.contenido}, ${v.digesto}, ${v.reemplazaId})
        returning id, codigo, ${isoInstant(sql`emitido`)} as emitido`,
  );
  return row!;
}

export interface CursadaRow {
  [key: string]: unknown;
  periodo: string;
  codigo: string;
  materia: string;
  seccion: string;
}

/** The student's subjects of the active period ('Constancia de alumno regular'). */
export async function activeEnrolment(db: DbOrTx, perfilAlumnoId: number): Promise<CursadaRow[]> {
  return rows<CursadaRow>(
    db,
    sql`select ${periodoLabel()} as periodo, mm.codigo, ma.nombre as materia, mp.seccion
          from inscripciones_materia im
          join periodos p on p.id = im.periodo_id and p.activo
          join anhos_lectivos al on al.id = p.anho_lectivo_id
          join materias_periodo mp on mp.id = im.materia_periodo_id
          join materias_malla mm on mm.id = im.materia_malla_id
          join materias ma on ma.id = mm.materia_id
         where im.perfil_alumno_id = ${perfilAlumnoId}
         order by mm.semestre_nro_orden, mm.codigo`,
  );
}

/** How many subjects the student's malla has. */
export async function mallaMateriaCount(db: DbOrTx, perfilAlumnoId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from materias_malla mm
          join perfiles_alumno pa on pa.malla_id = mm.malla_id where pa.id = ${perfilAlumnoId}`,
  );
  return row?.n ?? 0;
}

/** The student's `genero` (0 when not recorded): the certificate words them by it (issue 44). */
export async function generoOf(db: DbOrTx, perfilAlumnoId: number): Promise<number> {
  const [row] = await rows<{ genero: number }>(
    db,
    sql`select u.genero::int as genero from perfiles_alumno pa join usuarios u on u.id = pa.usuario_id
         where pa.id = ${perfilAlumnoId}`,
  );
  return row?.genero ?? 0;
}
