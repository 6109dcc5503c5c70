import { MSG_SCHEDULE, Role, dateInAsuncion } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { unaudited } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import { hashToken } from '../auth/tokens.js';
import { throttleAddressAlongside } from '../throttle/address-throttle.js';
import { renewToken, TOKEN_PATTERN, tokenFor } from './feed-links.js';
import * as links from './feed-links.repository.js';
import { feedEvents, renderFeed } from './feed.ics.js';
import { fuentesDelCalendario } from './schedule.service.js';

/**
 * Feed requests a minute one address may make. Generous: calendar services fetch the feeds of many people
 * from few addresses, and a program polls each feed a few times an hour at most; far too few to walk tokens
 * (2^256 of them) anyway.
 */
export const FEEDS_PER_MINUTE = 120;

/** What a feed carries: the periods and exams from this many days back to a year ahead. */
const FEED_DAYS_BACK = 120;
const FEED_DAYS_AHEAD = 366;

const DAY_MS = 86_400_000;

export interface FeedDeps {
  db: Db;
  key: Buffer;
}

const urlOf = (base: string, token: string) => `${base}/api/calendario/${token}.ics`;

/** GET /api/calendario/enlace: the signed-in person's link, made on first use. */
export async function enlace({ db, key }: FeedDeps, user: AuthUser, base: string) {
  return { url: urlOf(base, await tokenFor(db, key, user.id)) };
}

/** POST /api/calendario/enlace: a new link; the old one answers 404 from now on. */
export async function renovarEnlace({ db, key }: FeedDeps, user: AuthUser, base: string) {
  return { url: urlOf(base, await renewToken(db, key, user.id)) };
}

/**
 * GET /api/calendario/{token}.ics, without a session. The address is counted first, whatever the token; the
 * token is looked up by its SHA-256 through the index (no comparison of the secret in JavaScript), and an
 * unknown, malformed or replaced one, or an inactive user's, is the same 404.
 */
export async function feed({ db }: FeedDeps, archivo: string, ip: string, now: Date = new Date()): Promise<string> {
  const token = archivo.endsWith('.ics') ? archivo.slice(0, -4) : '';
  const usuario = await throttleAddressAlongside<links.UsuarioOfToken>(
    db,
    'calendario',
    ip,
    FEEDS_PER_MINUTE,
    MSG_SCHEDULE.feedThrottled,
    links.usuarioOfTokenHashSql(hashToken(TOKEN_PATTERN.test(token) ? token : archivo)),
  );
  if (!usuario) throw AppError.notFound(MSG_SCHEDULE.feedNotFound);
  const desde = dateInAsuncion(new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS));
  const hasta = dateInAsuncion(new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS));
  // Whose week: the lookup brought the student profile along (the signed-in week asks titularOf).
  const t = {
    perfilAlumnoId: usuario.perfilAlumnoId ?? undefined,
    profesorId: usuario.roles.includes(Role.Profesor) ? usuario.id : undefined,
  };
  // Two round trips in all, the usual case: the lookup above, then the rows with their stored sequences.
  const events = feedEvents(await fuentesDelCalendario(db, t, desde, hasta));
  const sequences = await links.sequences(unaudited(db), events);
  return renderFeed(events, sequences, 'Arandu: mi horario');
}
