import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { unaudited } from '../../db/tx.js';
import { hashToken } from '../auth/tokens.js';
import * as repo from './feed-links.repository.js';

/*
 * The private feed links (issue 45, docs/decisions/029-calendar-feed.md). A token is the HMAC-SHA256 of the user
 * and a random nonce of 128 bits under the links' key: 256 bits no one can guess, which 'Mi horario' can show
 * again (the key and the nonce rebuild it), while the database keeps only its SHA-256 for the lookup.
 */

/** A token as a link carries it: base64url of 32 bytes. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const keys = new WeakMap<Db, Promise<Buffer>>();

/** CALENDAR_FEED_KEY when set; else a key the database keeps, made once (the demo, a single machine). */
export function linksKey(db: Db, configured: Buffer | undefined): Promise<Buffer> {
  if (configured) return Promise.resolve(configured);
  let key = keys.get(db);
  if (!key) {
    key = repo.storedKey(unaudited(db), randomBytes(32).toString('hex')).then((hex) => Buffer.from(hex, 'hex'));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const tokenOf = (key: Buffer, usuarioId: number, nonce: string) =>
  createHmac('sha256', key).update(`calendario:${usuarioId}:${nonce}`).digest('base64url');

const newNonce = () => randomBytes(16).toString('hex');

/** The user's token, made on first use. */
export async function tokenFor(db: Db, key: Buffer, usuarioId: number): Promise<string> {
  let nonce = await repo.nonceOf(db, usuarioId);
  if (!nonce) {
    const fresh = newNonce();
    nonce = await repo.insertLinkUnlessAny(unaudited(db), usuarioId, fresh, hashToken(tokenOf(key, usuarioId, fresh)));
  }
  return tokenOf(key, usuarioId, nonce);
}

/** A new token for the user; the old one stops working with this statement. */
export async function renewToken(db: Db, key: Buffer, usuarioId: number): Promise<string> {
  const nonce = newNonce();
  const token = tokenOf(key, usuarioId, nonce);
  await repo.replaceLink(unaudited(db), usuarioId, nonce, hashToken(token));
  return token;
}
