import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  can,
  MSG_IMPORT,
  TIPO_IMPORTACION_LABEL,
  type CredencialesEntrega,
  type CredencialesRestablecidas,
  type TipoImportacion,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx, type WriteTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { handOverTemporaryPasswords } from '../audit/secret-shown.js';
import type { AuthUser } from '../auth/auth-user.js';
import { hashTemporaryPasswords, temporaryPassword } from '../auth/password.js';
import { logoPng, membrete } from '../settings/configuration.service.js';
import { renderCredentialLetters } from './credential-letters.pdf.js';
import * as repo from './credential-letters.repository.js';

/*
 * Credential letters (issue 44, decision record 029). Without SMTP an import's new accounts have no way to get
 * their temporary passwords but the person who applied it. The apply seals them: encrypted with a fresh key
 * (AES-256-GCM) that goes back in its reply and is kept nowhere on the server, stored in
 * `entregas_credenciales` for CREDENCIALES_MINUTOS. One download with that key opens them, empties the row and
 * writes one SHOWN entry per account to the audit log; the PDF is made then. After that only a reset of those
 * passwords (a new set, sealed the same way) hands them out again.
 */

/** How long the letters wait to be downloaded: the apply's reply is on screen, so minutes, not days. */
export const CREDENCIALES_MINUTOS = 60;

interface Sealed {
  usuarioId: number;
  temporary: string;
}

function encrypt(entries: Sealed[], key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([
    cipher.update(JSON.stringify(entries.map((e) => [e.usuarioId, e.temporary]))),
    cipher.final(),
  ]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The sealed entries, or undefined when the key is not theirs (the GCM tag says so). */
function decrypt(cifrado: string, key: Buffer): Sealed[] | undefined {
  const raw = Buffer.from(cifrado, 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return (JSON.parse(text) as [number, string][]).map(([usuarioId, temporary]) => ({ usuarioId, temporary }));
  } catch {
    return undefined;
  }
}

const keyOf = (clave: string) => {
  const key = Buffer.from(clave, 'base64url');
  return key.length === 32 ? key : undefined;
};

/**
 * Inside an apply's (or a reset's) transaction: the new accounts' temporary passwords sealed for their letters,
 * when no SMTP delivers the welcome mails; undefined otherwise.
 */
export async function sealCredentials(
  tx: WriteTx,
  mailer: Mailer,
  actorId: number,
  tipo: TipoImportacion,
  entries: Sealed[],
): Promise<CredencialesEntrega | undefined> {
  if (mailer.delivers || entries.length === 0) return undefined;
  const key = randomBytes(32);
  const { id, vence } = await repo.insertEntrega(tx, {
    usuarioId: actorId,
    tipo,
    minutos: CREDENCIALES_MINUTOS,
    cifrado: encrypt(entries, key),
    cuentas: entries.map((e) => e.usuarioId),
  });
  return { id, clave: key.toString('base64url'), cuentas: entries.length, vence };
}

export interface LettersDeps {
  db: Db;
  mailer: Mailer;
  appName: string;
}

/**
 * POST /api/importaciones/credenciales/{id}/pdf: the letters, once, to the person who applied the import. A
 * wrong key changes nothing (the transaction rolls back); someone else's letters answer 404.
 */
export async function downloadCredentialLetters(
  deps: LettersDeps,
  actor: AuthUser,
  id: number,
  clave: string,
  address: string,
): Promise<Buffer> {
  const key = keyOf(clave);
  if (!key) throw AppError.notFound(MSG_IMPORT.credencialesNotFound);
  return writeTx(deps.db, actor.id, async (tx) => {
    const taken = await repo.takeCifrado(tx, id, actor.id);
    if (!taken) {
      if (await repo.entregaExists(tx, id, actor.id)) throw AppError.badRequest(MSG_IMPORT.credencialesGone);
      throw AppError.notFound(MSG_IMPORT.credencialesNotFound);
    }
    const entries = decrypt(taken.cifrado, key);
    if (!entries) throw AppError.notFound(MSG_IMPORT.credencialesNotFound);
    const label = TIPO_IMPORTACION_LABEL[taken.tipo as TipoImportacion] ?? taken.tipo;
    const shown = await handOverTemporaryPasswords(tx, deps.mailer, {
      actorId: actor.id,
      accion: `Cartas de credenciales (importación de ${label.toLowerCase()})`,
      entries: entries.map((e) => ({ destinoId: e.usuarioId, temporary: e.temporary })),
    });
    const people = await repo.peopleOf(
      tx,
      shown.map((e) => e.destinoId),
    );
    const letters = shown.flatMap((e) => {
      const person = people.get(e.destinoId);
      return person ? [{ ...person, contrasena: e.temporary }] : [];
    });
    const names = await membrete(tx);
    return renderCredentialLetters({
      names,
      logo: await logoPng(tx),
      appName: deps.appName,
      address,
      letters,
    });
  });
}

/**
 * POST /api/importaciones/credenciales/{id}/restablecer: a new temporary password for each account of the
 * letters whose owner has not chosen one yet (their sessions and pending resets ended, as 'Restablecer
 * contraseña' does), sealed as new letters to download once. The old letters can no longer be opened.
 */
export async function resetCredentialLetters(
  deps: LettersDeps,
  actor: AuthUser,
  id: number,
): Promise<CredencialesRestablecidas> {
  if (deps.mailer.delivers) throw AppError.badRequest(MSG_IMPORT.credencialesWithSmtp);
  return writeTx(deps.db, actor.id, async (tx) => {
    const entrega = await repo.lockEntrega(tx, id, actor.id);
    if (!entrega) throw AppError.notFound(MSG_IMPORT.credencialesNotFound);
    const ids = await repo.stillTemporary(tx, entrega.cuentas, can(actor, 'users:grant-admin'));
    if (ids.length === 0) throw AppError.badRequest(MSG_IMPORT.credencialesNoneLeft);
    const temporaries = ids.map(() => temporaryPassword());
    const hashes = await hashTemporaryPasswords(temporaries);
    await repo.resetPasswords(
      tx,
      ids.map((usuarioId, i) => ({ id: usuarioId, hash: hashes[i]! })),
    );
    await repo.emptyEntrega(tx, id);
    const sealed = await sealCredentials(
      tx,
      deps.mailer,
      actor.id,
      entrega.tipo as TipoImportacion,
      ids.map((usuarioId, i) => ({ usuarioId, temporary: temporaries[i]! })),
    );
    return { ...sealed!, omitidas: entrega.cuentas.length - ids.length };
  });
}
