import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { timestamptz, percentage } from './columns.js';
import { materiasPeriodo } from './periods.js';
import { inscripcionesMateria } from './students.js';
import { usuarios } from './users.js';

/**
 * Rectifications of a sealed subject-period's record (issue 30): the correction of one student's % Asistencia
 * or % PP, append-only, like the actas rectificativas of exams. The database fills in who, when, the number
 * 'R-MP{materiaPeriodoId}-{n}' and the figures it replaces (the enrolment's, or the previous rectification's);
 * the enrolment row itself stays as it was sealed. A sealed subject-period never goes back, so unlike an exam's
 * there is no sealed version to tie a rectification to.
 */
export const rectificacionesMateria = pgTable(
  'rectificaciones_materia',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    materiaPeriodoId: integer()
      .notNull()
      .references(() => materiasPeriodo.id),
    inscripcionMateriaId: integer()
      .notNull()
      .references(() => inscripcionesMateria.id),
    numero: integer().notNull(),
    nroRectificacion: varchar({ length: 40 }).notNull(),
    motivo: varchar({ length: 500 }).notNull(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
    fecha: timestamptz().notNull().defaultNow(),
    anteriorAsistencia: percentage(),
    anteriorPP: percentage(),
    porcentajeAsistencia: percentage(),
    porcentajePP: percentage(),
  },
  (t) => [
    unique('rectificaciones_materia_numero_uq').on(t.materiaPeriodoId, t.numero),
    index('rectificaciones_materia_inscripcion_idx').on(t.inscripcionMateriaId, t.numero),
    check('rectificaciones_materia_motivo_ck', sql`char_length(btrim(${t.motivo})) >= 10`),
    check('rectificaciones_materia_asistencia_ck', sql`${t.porcentajeAsistencia} between 0 and 100`),
    check('rectificaciones_materia_pp_ck', sql`${t.porcentajePP} between 0 and 100`),
  ],
);
