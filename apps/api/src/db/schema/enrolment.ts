import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { inlineReference } from './inline-reference.js';
import { periodos } from './periods.js';
import { perfilesAlumno } from './students.js';

/**
 * The 'Manifiesto de Conformidad' (spec 02 section 2): a student accepts it once per period, from the
 * enrolment form of their edit-profile flow, before their first enrolment of that period (decision 008).
 */
export const conformidadesInscripcion = pgTable(
  'conformidades_inscripcion',
  {
    perfilAlumnoId: integer().notNull(),
    periodoId: integer().notNull(),
    fechaConformidad: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    inlineReference(t.perfilAlumnoId, perfilesAlumno.id).onDelete('cascade'),
    inlineReference(t.periodoId, periodos.id),
    primaryKey({ name: 'conformidades_inscripcion_pk', columns: [t.perfilAlumnoId, t.periodoId] }),
    index('conformidades_inscripcion_periodo_idx').on(t.periodoId),
  ],
);

/**
 * One row per student and period with the number of subjects they are enrolled in: the enrolled-students
 * report's groups, kept by the triggers of drizzle/0015_enrolled_per_period.sql (never written by the app).
 * Each also carries its student's malla and legajo, copied by the triggers of 0018_list_groups.sql,
 * whose index (periodo_id, malla_id, numero_legajo) include (perfil_alumno_id) the general report reads.
 */
export const inscriptosPeriodo = pgTable(
  'inscriptos_periodo',
  {
    periodoId: integer().notNull(),
    perfilAlumnoId: integer().notNull(),
    cantidad: integer().notNull(),
    mallaId: integer().notNull(),
    numeroLegajo: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'inscriptos_periodo_pk', columns: [t.periodoId, t.perfilAlumnoId] }),
    inlineReference(t.periodoId, periodos.id).onDelete('cascade'),
    inlineReference(t.perfilAlumnoId, perfilesAlumno.id).onDelete('cascade'),
    index('inscriptos_periodo_orden_idx').on(t.periodoId.desc().nullsFirst(), t.perfilAlumnoId),
    index('inscriptos_periodo_alumno_idx').on(t.perfilAlumnoId),
    // In the database the index also carries INCLUDE (perfil_alumno_id) (0018_list_groups.sql), which
    // drizzle-kit 0.31 cannot declare: a change of this index is custom SQL (docs/decisions/016).
    index('inscriptos_periodo_malla_legajo_idx').on(t.periodoId, t.mallaId, t.numeroLegajo),
    check('inscriptos_periodo_cantidad_ck', sql`${t.cantidad} > 0`),
  ],
);
