import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
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
