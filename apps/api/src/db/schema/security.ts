import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { inlineReference } from './inline-reference.js';
import { usuarios } from './users.js';

/**
 * Throttle counters shared by every API process (decision record 006): one row a key, a fixed window that
 * starts with its first hit and ends at `fin`. Bumped by one atomic upsert that returns the new count.
 */
export const contadoresLimite = pgTable(
  'contadores_limite',
  {
    clave: varchar({ length: 400 }).primaryKey(),
    cuenta: integer().notNull(),
    inicio: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    fin: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('contadores_limite_fin_idx').on(t.fin)],
);

/** A temporary password from '¿Olvidaste tu Contraseña?', in force only once it is first used. */
export const restablecimientosPendientes = pgTable(
  'restablecimientos_pendientes',
  {
    usuarioId: integer().primaryKey(),
    passwordHash: text().notNull(),
    creado: timestamp({ withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
    expira: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [inlineReference(t.usuarioId, usuarios.id).onDelete('cascade')],
);

/**
 * A user's second factor (TOTP, RFC 6238; decision record 018). The secret is encrypted with AES-256-GCM
 * under `MFA_ENCRYPTION_KEY`; `activadoEn` is null while it is being set up (the code that confirms it not yet
 * typed). `ultimoPaso` is the last 30-second step a code was accepted for: a code is taken only by a
 * conditional update to a later step, so it cannot be used twice, even by two calls at once.
 */
export const segundosFactores = pgTable(
  'segundos_factores',
  {
    usuarioId: integer().primaryKey(),
    secretoCifrado: text().notNull(),
    activadoEn: timestamp({ withTimezone: true, mode: 'string' }),
    ultimoPaso: bigint({ mode: 'number' }),
    creado: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [inlineReference(t.usuarioId, usuarios.id).onDelete('cascade')],
);

/** The single-use recovery codes of a second factor: only their SHA-256; using one deletes its row. */
export const codigosRecuperacion = pgTable(
  'codigos_recuperacion',
  {
    usuarioId: integer().notNull(),
    codigoHash: varchar({ length: 64 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.codigoHash] }),
    inlineReference(t.usuarioId, usuarios.id).onDelete('cascade'),
  ],
);

/**
 * A login waiting for its second factor: the right password was given, no session yet. The token is single
 * use (deleted when the session opens) and allows `intentos` < 5 codes, each reserved by a conditional update
 * before the code is checked, so parallel guesses cannot outrun the limit.
 */
export const desafiosMfa = pgTable(
  'desafios_mfa',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    usuarioId: integer().notNull(),
    intentos: smallint().notNull().default(0),
    /** False for an institutional sign-in whose provider did the second factor: the token alone opens the session. */
    requiereCodigo: boolean().notNull().default(true),
    /** An institutional sign-in's ID token, handed to the session this opens (for the provider's logout). */
    idTokenOidc: text(),
    expira: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [inlineReference(t.usuarioId, usuarios.id).onDelete('cascade'), index('desafios_mfa_expira_idx').on(t.expira)],
);

/**
 * Every identity event (issue 41): sign-ins and their refusals, lockouts, a second factor turned on, removed or
 * reset, a recovery code used, sessions ended. `usuarioId` is null for a sign-in with an e-mail nobody has;
 * `email` then keeps what was typed (bounded). `metodo` is how the person proved who they are first
 * (contrasena, institucional), `factor` the second factor involved (totp, recuperacion, passkey).
 * Append-only for everyone (a trigger, decision 017's grants for the app role); it is its own log, so the audit
 * trigger no longer copies it (docs/decisions/028-security-events.md).
 */
export const eventosSeguridad = pgTable(
  'eventos_seguridad',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: integer(),
    actorId: integer(),
    tipo: varchar({ length: 30 }).notNull(),
    metodo: varchar({ length: 15 }),
    factor: varchar({ length: 15 }),
    email: varchar({ length: 254 }),
    direccion: varchar({ length: 45 }),
    agenteUsuario: varchar({ length: 300 }),
    motivo: varchar({ length: 500 }),
    fecha: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('eventos_seguridad_usuario_fecha_idx').on(t.usuarioId, t.fecha, t.id),
    check('eventos_seguridad_quien_ck', sql`${t.usuarioId} is not null or ${t.email} is not null`),
  ],
);

/**
 * An institutional sign-in (OpenID Connect) on its way to the provider and back: the SHA-256 of its `state`,
 * the PKCE verifier and the nonce, for 10 minutes. Taken (deleted) by the callback, so a state works once.
 */
export const iniciosOidc = pgTable(
  'inicios_oidc',
  {
    estadoHash: varchar({ length: 64 }).primaryKey(),
    verificador: varchar({ length: 128 }).notNull(),
    nonce: varchar({ length: 128 }).notNull(),
    expira: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('inicios_oidc_expira_idx').on(t.expira)],
);

/**
 * The provider's account an Arandu user is bound to (issue 41): its `iss` and `sub`, written when the user's
 * first institutional sign-in opens a session (the user found then by the verified e-mail). From then on the
 * callback finds the user by these alone, and another provider account showing the same e-mail is refused
 * (OpenID Connect Core 5.7). One a user; staff remove it from the user's record. Audited (its trigger).
 */
export const identidadesOidc = pgTable(
  'identidades_oidc',
  {
    usuarioId: integer()
      .primaryKey()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    emisor: text().notNull(),
    sujeto: varchar({ length: 255 }).notNull(),
    vinculadaEn: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identidades_oidc_emisor_sujeto_uq').on(t.emisor, t.sujeto)],
);
