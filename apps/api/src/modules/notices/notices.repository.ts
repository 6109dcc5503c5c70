import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';
import { materiaJoin } from '../access/access.sql.js';

/** The students among `perfilAlumnoIds` who take notices by mail ('Recibir avisos por correo'), active ones only. */
export async function mailRecipients(db: DbOrTx, perfilAlumnoIds: number[]) {
  if (perfilAlumnoIds.length === 0) return [];
  return rows<{ perfilAlumnoId: number; email: string; nombre: string }>(
    db,
    sql`select pa.id as "perfilAlumnoId", u.email, u.nombre
          from perfiles_alumno pa join usuarios u on u.id = pa.usuario_id
         where pa.id in (${sql.join(
           perfilAlumnoIds.map((id) => sql`${id}`),
           sql`, `,
         )})
           and u.activo and u.recibir_avisos_correo`,
  );
}

/** The students of a subject-period (its grades were just published). */
export async function perfilesOfMateriaPeriodo(db: DbOrTx, materiaPeriodoId: number) {
  const found = await rows<{ perfilAlumnoId: number }>(
    db,
    sql`select perfil_alumno_id as "perfilAlumnoId" from inscripciones_materia where materia_periodo_id = ${materiaPeriodoId}`,
  );
  return found.map((r) => r.perfilAlumnoId);
}

export async function materiaPeriodoName(db: DbOrTx, materiaPeriodoId: number) {
  const [row] = await rows<{ materia: string; seccion: string }>(
    db,
    sql`select m.nombre as materia, mp.seccion
          from materias_periodo mp ${materiaJoin()}
         where mp.id = ${materiaPeriodoId}`,
  );
  return row;
}

/** The recipient's setting (the profile's switch). */
export async function readPreference(db: DbOrTx, usuarioId: number) {
  const [row] = await rows<{ recibirAvisosCorreo: boolean }>(
    db,
    sql`select recibir_avisos_correo as "recibirAvisosCorreo" from usuarios where id = ${usuarioId}`,
  );
  return row?.recibirAvisosCorreo ?? true;
}

export async function writePreference(db: WriteTx, usuarioId: number, value: boolean) {
  await db.execute(sql`update usuarios set recibir_avisos_correo = ${value}
                        where id = ${usuarioId} and recibir_avisos_correo is distinct from ${value}`);
}
