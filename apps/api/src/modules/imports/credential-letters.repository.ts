import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';
import type { CredentialLetter } from './credential-letters.pdf.js';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const idList = (ids: number[]) => sql`(select (jsonb_array_elements_text(${json(ids)}))::int)`;

export async function insertEntrega(
  tx: WriteTx,
  values: { usuarioId: number; tipo: string; minutos: number; cifrado: string; cuentas: number[] },
): Promise<{ id: number; vence: string }> {
  // Ciphertexts whose time is up are emptied on the way: without their key they are noise, but need not stay.
  await tx.execute(sql`update entregas_credenciales set cifrado = null where cifrado is not null and vence < now()`);
  const [row] = await rows<{ id: number; vence: string }>(
    tx,
    sql`insert into entregas_credenciales (usuario_id, tipo, vence, cifrado, cuentas)
        values (${values.usuarioId}, ${values.tipo}, now() + make_interval(mins => ${values.minutos}),
                ${values.cifrado}, array${idList(values.cuentas)})
        returning id, to_json(vence) #>> '{}' as vence`,
  );
  return row!;
}

/**
 * Takes the ciphertext of one's own letters still in time, emptying it: of two downloads at once one gets it.
 * Undefined when there is none (someone else's, downloaded, or past its time).
 */
export async function takeCifrado(
  tx: WriteTx,
  id: number,
  usuarioId: number,
): Promise<{ cifrado: string; tipo: string } | undefined> {
  const [row] = await rows<{ cifrado: string; tipo: string }>(
    tx,
    sql`update entregas_credenciales e set cifrado = null
          from (select id, cifrado from entregas_credenciales where id = ${id} for update) old
         where e.id = old.id and e.usuario_id = ${usuarioId} and old.cifrado is not null and e.vence > now()
        returning old.cifrado, e.tipo`,
  );
  return row;
}

/** One's own letters, locked (a reset), with the accounts they are for; undefined for someone else's. */
export async function lockEntrega(
  tx: WriteTx,
  id: number,
  usuarioId: number,
): Promise<{ tipo: string; cuentas: number[] } | undefined> {
  const [row] = await rows<{ tipo: string; cuentas: number[] }>(
    tx,
    sql`select tipo, cuentas from entregas_credenciales where id = ${id} and usuario_id = ${usuarioId} for update`,
  );
  return row;
}

export async function entregaExists(db: DbOrTx, id: number, usuarioId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(
    db,
    sql`select id from entregas_credenciales where id = ${id} and usuario_id = ${usuarioId}`,
  );
  return found.length > 0;
}

/** Name, document and e-mail of the accounts, by id. */
export async function peopleOf(db: DbOrTx, ids: number[]): Promise<Map<number, Omit<CredentialLetter, 'contrasena'>>> {
  const found = await rows<{ id: number } & Omit<CredentialLetter, 'contrasena'>>(
    db,
    sql`select id, nombre, apellido, numero_documento as "numeroDocumento", email
          from usuarios where id in ${idList(ids)}`,
  );
  return new Map(found.map(({ id, ...person }) => [id, person]));
}

/**
 * The accounts of the letters whose owner has not chosen a password yet (still `first_login`), and that the
 * actor may still reset: never an administrator's, and a staff member's only by an administrator.
 */
export async function stillTemporary(tx: WriteTx, ids: number[], actorIsAdmin: boolean): Promise<number[]> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from usuarios
         where id in ${idList(ids)} and first_login and not es_admin and (${actorIsAdmin} or not es_funcionario)
         order by id
           for update`,
  );
  return found.map((r) => r.id);
}

/** New temporary passwords (hashed) for the accounts, their sessions and pending resets ended, in three statements. */
export async function resetPasswords(tx: WriteTx, hashes: { id: number; hash: string }[]): Promise<void> {
  const ids = hashes.map((h) => h.id);
  await tx.execute(
    sql`update usuarios u set password_hash = v.hash, first_login = true
          from jsonb_to_recordset(${json(hashes)}) as v(id int, hash text)
         where u.id = v.id`,
  );
  await tx.execute(sql`delete from sesiones where usuario_id in ${idList(ids)}`);
  await tx.execute(sql`delete from restablecimientos_pendientes where usuario_id in ${idList(ids)}`);
}

export async function emptyEntrega(tx: WriteTx, id: number): Promise<void> {
  await tx.execute(sql`update entregas_credenciales set cifrado = null where id = ${id}`);
}
