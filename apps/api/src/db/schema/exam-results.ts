import { integer, pgView, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Graded results of sealed exams (migration 0005, redefined by the exams migration): one row per graded
 * exam enrolment. A grade of 2 or more passes the subject (DOMAIN.md section 6).
 */
export const resultadosExamen = pgView('resultados_examen', {
  perfilAlumnoId: integer().notNull(),
  materiaMallaId: integer().notNull(),
  calificacion: smallint().notNull(),
  fechaExamen: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  nroActa: varchar({ length: 128 }),
  periodoId: integer().notNull(),
  examenId: integer().notNull(),
}).existing();

/** Lowest grade that passes a subject. */
export const NOTA_APROBACION = 2;
