import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from './users.js';

/**
 * Credential letters of an import without SMTP (issue 44, decision record 029): the temporary passwords of the
 * accounts an apply created, encrypted (AES-256-GCM) with a key that only the apply's reply carries, until the
 * person who applied downloads them once. The download empties `cifrado`; the row stays, naming the accounts,
 * so that they can be handed out again by resetting those passwords. Not audited by the trigger: the passwords'
 * showing is (tipo SHOWN, one entry per account), and a ciphertext without its key says nothing.
 */
export const entregasCredenciales = pgTable(
  'entregas_credenciales',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Who applied the import: the only one who may download the letters. */
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** The import's kind ('alumnos', 'profesores'). */
    tipo: varchar({ length: 16 }).notNull(),
    creada: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Until when the letters may be downloaded; the key is gone from the browser by then anyway. */
    vence: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    /** base64 of iv (12 bytes), tag (16) and the ciphertext of [{ usuarioId, contrasena }]; null once downloaded. */
    cifrado: text(),
    /** The accounts the letters are for. */
    cuentas: integer().array().notNull(),
  },
  (t) => [
    index('entregas_credenciales_usuario_idx').on(t.usuarioId),
    check('entregas_credenciales_tipo_ck', sql`${t.tipo} in ('alumnos', 'profesores')`),
  ],
);
