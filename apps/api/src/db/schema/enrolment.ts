import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { periodos } from './periods.js';
import { perfilesAlumno } from './students.js';

/**
 * The 'Manifiesto de Conformidad' (spec 02 section 2): a student accepts it once per period, from the
 * enrolment form of their edit-profile flow, before their first enrolment of that period (decision 008).
 */
export const conformidadesInscripcion = pgTable(
  'conformidades_inscripcion',
  {
    perfilAlumnoId: integer()
      .notNull()
      .references(() => perfilesAlumno.id, { onDelete: 'cascade' }),
    periodoId: integer()
      .notNull()
      .references(() => periodos.id),
    fechaConformidad: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'conformidades_inscripcion_pk', columns: [t.perfilAlumnoId, t.periodoId] }),
    index('conformidades_inscripcion_periodo_idx').on(t.periodoId),
  ],
);
