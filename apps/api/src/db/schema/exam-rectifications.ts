import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { timestamptz, percentage } from './columns.js';
import { actasSelladas, examenes, inscripcionesExamen } from './exams.js';
import { usuarios } from './users.js';

/**
 * Actas rectificativas (issue 30): the correction of one student's figures on a sealed acta, sealed at once and
 * append-only. The database fills in who, when, the number 'R-{nroActa}-{n}' and the figures it replaces
 * (the original row's or the previous rectification's), so the caller only states the new figures and why.
 * A rectification belongs to the sealed version it corrects (`codigoActa`): a reopening and a new sealing
 * replace it with the new acta.
 */
export const rectificacionesExamen = pgTable(
  'rectificaciones_examen',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    examenId: integer()
      .notNull()
      .references(() => examenes.id),
    inscripcionExamenId: integer()
      .notNull()
      .references(() => inscripcionesExamen.id),
    codigoActa: varchar({ length: 12 })
      .notNull()
      .references(() => actasSelladas.codigo),
    numero: integer().notNull(),
    nroRectificacion: varchar({ length: 160 }).notNull(),
    codigoVerificacion: varchar({ length: 12 }).notNull(),
    motivo: varchar({ length: 500 }).notNull(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
    fecha: timestamptz().notNull().defaultNow(),
    anteriorAsistencia: percentage(),
    anteriorPP: percentage(),
    anteriorPF: percentage(),
    anteriorPC: percentage(),
    anteriorCalificacion: smallint().notNull(),
    porcentajeAsistencia: percentage(),
    porcentajePP: percentage(),
    porcentajePF: percentage(),
    porcentajePC: percentage(),
    calificacion: smallint().notNull(),
  },
  (t) => [
    unique('rectificaciones_examen_numero_uq').on(t.examenId, t.numero),
    unique('rectificaciones_examen_codigo_uq').on(t.codigoVerificacion),
    index('rectificaciones_examen_inscripcion_idx').on(t.inscripcionExamenId, t.numero),
    check('rectificaciones_examen_calificacion_ck', sql`${t.calificacion} between 0 and 5`),
    check('rectificaciones_examen_motivo_ck', sql`char_length(btrim(${t.motivo})) >= 10`),
  ],
);
