import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { perfilesAlumno } from './students.js';
import { usuarios } from './users.js';

/**
 * Certificates a student or the office issued (issue 30), append-only: `contenido` is the exact JSON text
 * the PDF prints and whose SHA-256 is `digesto`, frozen at issue. A later issue whose content differs names
 * the one it replaces (`reemplazaId`, at most once), so verification can say 'reemplazado'.
 */
export const certificados = pgTable(
  'certificados',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    codigo: varchar({ length: 19 }).notNull(),
    tipo: varchar({ length: 16 }).notNull(),
    perfilAlumnoId: integer()
      .notNull()
      .references(() => perfilesAlumno.id),
    emitido: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    emitidoPor: integer()
      .notNull()
      .references(() => usuarios.id),
    contenido: text().notNull(),
    digesto: varchar({ length: 64 }).notNull(),
    reemplazaId: integer(),
  },
  (t) => [
    foreignKey({ name: 'certificados_reemplaza_fk', columns: [t.reemplazaId], foreignColumns: [t.id] }),
    unique('certificados_codigo_uq').on(t.codigo),
    unique('certificados_reemplaza_uq').on(t.reemplazaId),
    index('certificados_alumno_idx').on(t.perfilAlumnoId, t.tipo, t.id),
    check('certificados_tipo_ck', sql`${t.tipo} in ('alumno-regular', 'estudios')`),
  ],
);
