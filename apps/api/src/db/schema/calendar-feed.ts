import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { usuarios } from './users.js';

/**
 * Each person's private calendar feed (issue 45, /api/calendario/{token}.ics), one link per user. The token is
 * HMAC-SHA256(key, user and `nonce`), so 'Mi horario' can show the link again, and only its SHA-256 is kept
 * for the lookup, like a session's. 'Generar otro enlace' draws a new nonce: the old link stops working at
 * once. Not audited, like sessions: the nonce would put half of the link in the log.
 */
export const calendarioEnlaces = pgTable('calendario_enlaces', {
  usuarioId: integer()
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  /** 16 random bytes, hex. */
  nonce: varchar({ length: 32 }).notNull(),
  tokenHash: varchar({ length: 64 }).notNull().unique(),
  createdAt: timestamptz().notNull().defaultNow(),
});

/**
 * The key of the links when CALENDAR_FEED_KEY is not set (one row, made on first use): a copy of the database
 * then holds all it takes to rebuild a link, which is why a server sets the variable (docs/decisions).
 */
export const calendarioClave = pgTable(
  'calendario_clave',
  {
    id: smallint().primaryKey().default(1),
    /** 32 random bytes, hex. */
    clave: varchar({ length: 64 }).notNull(),
  },
  (t) => [check('calendario_clave_una_ck', sql`${t.id} = 1`)],
);

/**
 * The SEQUENCE of each event of the feeds (RFC 5545 3.8.7.4), by UID: the digest of what the event said when a
 * feed last carried it; a feed that finds it changed raises the sequence. Derived, so not audited.
 */
export const calendarioEventos = pgTable(
  'calendario_eventos',
  {
    uid: varchar({ length: 80 }).primaryKey(),
    digesto: varchar({ length: 64 }).notNull(),
    secuencia: integer().notNull().default(0),
  },
  (t) => [check('calendario_eventos_secuencia_ck', sql`${t.secuencia} >= 0`)],
);
