import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { materiasMalla } from './curricula.js';
import { perfilesAlumno } from './students.js';
import { usuarios } from './users.js';

/**
 * A malla subject's correlatives (issue 29): `materia_malla_id` requires `requiere_id` (same malla, checked by
 * the service under the malla's lock, with the semester and cycle rules) in a condition, 'regular' or
 * 'aprobada'. Saved with the subject, the list replaced whole.
 */
export const correlativas = pgTable(
  'correlativas',
  {
    materiaMallaId: integer()
      .notNull()
      .references(() => materiasMalla.id, { onDelete: 'cascade' }),
    requiereId: integer()
      .notNull()
      .references(() => materiasMalla.id, { onDelete: 'cascade' }),
    condicion: varchar({ length: 8 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'correlativas_pk', columns: [t.materiaMallaId, t.requiereId] }),
    index('correlativas_requiere_idx').on(t.requiereId),
    check('correlativas_condicion_ck', sql`${t.condicion} in ('regular', 'aprobada')`),
    check('correlativas_no_propia_ck', sql`${t.materiaMallaId} <> ${t.requiereId}`),
  ],
);

/**
 * A documented exception (issue 29): staff let one student take a subject, and sit its exams, without its
 * correlatives. The reason is required; who granted it and when are kept (and audited).
 */
export const excepcionesCorrelativa = pgTable(
  'excepciones_correlativa',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    perfilAlumnoId: integer()
      .notNull()
      .references(() => perfilesAlumno.id, { onDelete: 'cascade' }),
    materiaMallaId: integer()
      .notNull()
      .references(() => materiasMalla.id, { onDelete: 'cascade' }),
    motivo: varchar({ length: 500 }).notNull(),
    otorgadaPor: integer()
      .notNull()
      .references(() => usuarios.id),
    fecha: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    unique('excepciones_correlativa_alumno_materia_uq').on(t.perfilAlumnoId, t.materiaMallaId),
    index('excepciones_correlativa_materia_idx').on(t.materiaMallaId),
  ],
);
