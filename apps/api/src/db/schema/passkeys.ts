import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { inlineReference } from './inline-reference.js';
import { usuarios } from './users.js';

/**
 * A user's security keys and passkeys (WebAuthn, issue 41): a second factor beside TOTP. What the
 * authenticator registered: its credential id (base64url, unique across users), its COSE public key
 * (base64url) and its signature counter. A counter that does not increase shows a cloned key, which is
 * refused; authenticators that keep no counter answer 0 every time, and that is accepted.
 */
export const credencialesWebauthn = pgTable(
  'credenciales_webauthn',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: integer().notNull(),
    // A credential id is at most 1023 bytes (WebAuthn level 3), 1364 characters in base64url.
    credencialId: varchar({ length: 1400 }).notNull().unique(),
    clavePublica: text().notNull(),
    contador: bigint({ mode: 'number' }).notNull().default(0),
    /** How the browser reaches it ('usb', 'nfc', 'internal', 'hybrid'…), as it told at registration. */
    transportes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The name its owner gave it ('Llave USB azul', 'Notebook'). */
    nombre: varchar({ length: 60 }).notNull(),
    creado: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    ultimoUso: timestamp({ withTimezone: true, mode: 'string' }),
  },
  (t) => [
    inlineReference(t.usuarioId, usuarios.id).onDelete('cascade'),
    index('credenciales_webauthn_usuario_idx').on(t.usuarioId),
  ],
);

/**
 * A WebAuthn challenge the server handed out, for 5 minutes and once (its row is deleted when a response
 * brings it): registering a key, the login's second step, or confirming a key's removal.
 */
export const desafiosWebauthn = pgTable(
  'desafios_webauthn',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: integer().notNull(),
    proposito: varchar({ length: 20 }).notNull(),
    desafio: varchar({ length: 100 }).notNull().unique(),
    expira: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    inlineReference(t.usuarioId, usuarios.id).onDelete('cascade'),
    index('desafios_webauthn_expira_idx').on(t.expira),
    check('desafios_webauthn_proposito_check', sql`${t.proposito} in ('registro', 'ingreso', 'confirmacion')`),
  ],
);
