import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { usuarios } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { writeTx } from '../../db/tx.js';
import { findPgError, PG } from '../../lib/errors.js';
import * as repo from './auth.repository.js';
import type { UserForAuth } from './auth.repository.js';
import type { OidcIdentity } from './oidc.js';
import { hashPassword } from './password.js';

/** Why a student could not be created: the login page says it in Spanish. */
export type ProvisionFailure = 'incomplete' | 'document';

/** The names as `usuarios` keeps them (50 characters), blank as missing. */
function name(value: string | undefined): string | undefined {
  const trimmed = value?.trim().replace(/\s+/g, ' ');
  return trimmed ? trimmed.slice(0, 50) : undefined;
}

/** A document number as people write it ('4.567.890', '4 567 890') reduced to the digits the check allows. */
export function documentFromClaim(value: string | undefined): string | undefined {
  const digits = value?.replace(/[.\s-]/g, '');
  return digits && /^[0-9]{6,10}$/.test(digits) ? digits : undefined;
}

/**
 * `OIDC_CREATE_USERS=alumno`: the person the provider vouches for (verified e-mail) and who has no user becomes
 * one with the Alumno role, named by the standard `given_name`/`family_name` claims and identified by the
 * document claim the faculty configures (`OIDC_DOCUMENT_CLAIM`). The student record (malla, legajo, date of
 * admission) is the secretaría's, as for any student they create: until then the student sees that they
 * have none. No password is given: the institutional sign-in is the way in ('¿Olvidaste tu Contraseña?'
 * gives one if ever needed).
 *
 * A document already in Arandu under another e-mail is that person's account: it is not duplicated (the
 * secretaría updates the e-mail instead). Two first sign-ins of one document at once are serialised by an
 * advisory lock on it; two of one e-mail meet at the unique index, and the loser signs in the winner's user.
 */
export async function createAlumnoFromClaims(
  db: Db,
  identity: OidcIdentity & { email: string },
): Promise<UserForAuth | ProvisionFailure> {
  const nombre = name(identity.givenName);
  const apellido = name(identity.familyName);
  const numeroDocumento = documentFromClaim(identity.document);
  if (!nombre || !apellido || !numeroDocumento) return 'incomplete';
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    const created = await writeTx(db, null, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'oidc-documento:' + numeroDocumento}))`);
      const [taken] = await rows<{ id: number; sameEmail: boolean }>(
        tx,
        sql`select id, lower(email) = lower(${identity.email}) as "sameEmail"
              from usuarios where numero_documento = ${numeroDocumento}
             order by 2 desc limit 1`,
      );
      // The same person's first sign-in in another tab, a moment earlier: their user, not a second one.
      if (taken) return taken.sameEmail ? taken.id : ('document' as const);
      // The new user is the author of their own row in the audit log ('Auditoría' shows who created it).
      const [next] = await rows<{ id: number }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('usuarios', 'id'))::int as id`,
      );
      const id = next!.id;
      await tx.execute(sql`select set_config('app.user_id', ${String(id)}, true)`);
      await tx.insert(usuarios).values({
        id,
        nombre,
        apellido,
        numeroDocumento,
        email: identity.email,
        passwordHash,
        esAlumno: true,
        firstLogin: false,
      });
      return id;
    });
    if (created === 'document') return created;
    return (await repo.findUserById(db, created))!;
  } catch (err) {
    if (findPgError(err)?.code !== PG.uniqueViolation) throw err;
    const winner = await repo.findUserByEmail(db, identity.email);
    if (!winner) throw err;
    return winner;
  }
}
