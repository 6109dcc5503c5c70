import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, varchar, date } from 'drizzle-orm/pg-core';
import { materiasPeriodo } from './periods.js';
import { perfilesAlumno } from './students.js';
import { usuarios } from './users.js';

/**
 * One run of the early warnings (issue 44): when it started and ended, whether the daily job or an administrator
 * ran it (`usuario_id`, kept beside `origen` so a deleted account does not turn a person's run into the job's),
 * and what it found. The 'Alertas tempranas' screen of the administrators reads the last one. Written at the
 * start (so a run that died shows as not finished) and completed at the end; audited.
 */
export const ejecucionesAlertas = pgTable(
  'ejecuciones_alertas',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    origen: varchar({ length: 16 }).notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    inicio: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    fin: timestamp({ withTimezone: true, mode: 'string' }),
    /** Subject-periods looked at. */
    materias: integer().notNull().default(0),
    /** Warnings the rules gave, the ones stored by an earlier run included. */
    encontradas: integer().notNull().default(0),
    /** Warnings stored by this run: the new ones, each linked to it by `alertas_academicas.ejecucion_id`. */
    nuevas: integer().notNull().default(0),
    correos: integer().notNull().default(0),
  },
  (t) => [
    index('ejecuciones_alertas_inicio_idx').on(t.inicio),
    check('ejecuciones_alertas_origen_ck', sql`${t.origen} in ('programada', 'manual')`),
  ],
);

/**
 * An early warning (issue 30): found by the daily job for a student of a preliminary subject-period. One row per
 * student, cause and subject-period (the unique constraint): running the job again adds nothing, and the student
 * is mailed once. Append-only (decision 017): a warning is a fact of the day it was found.
 */
export const alertasAcademicas = pgTable(
  'alertas_academicas',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    perfilAlumnoId: integer()
      .notNull()
      .references(() => perfilesAlumno.id, { onDelete: 'cascade' }),
    materiaPeriodoId: integer()
      .notNull()
      .references(() => materiasPeriodo.id, { onDelete: 'cascade' }),
    causa: varchar({ length: 32 }).notNull(),
    detalle: text().notNull(),
    fecha: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    /** The run that stored it (issue 44); null for the ones stored before runs were recorded. */
    ejecucionId: integer().references(() => ejecucionesAlertas.id),
  },
  (t) => [
    index('alertas_academicas_ejecucion_idx').on(t.ejecucionId),
    unique('alertas_academicas_alumno_causa_materia_uq').on(t.perfilAlumnoId, t.causa, t.materiaPeriodoId),
    index('alertas_academicas_materia_periodo_idx').on(t.materiaPeriodoId, t.fecha),
    check(
      'alertas_academicas_causa_ck',
      sql`${t.causa} in ('asistencia-inalcanzable', 'ausencias-consecutivas', 'pp-bajo')`,
    ),
  ],
);

/**
 * The API's scheduled jobs, one row each: the day (in Asunción) of the last run, and until when a run in
 * progress holds it. A process takes a job by a conditional update of its row under `FOR UPDATE SKIP LOCKED`,
 * committed before the work starts, so with several API processes one of them runs it.
 */
export const trabajosProgramados = pgTable('trabajos_programados', {
  nombre: varchar({ length: 40 }).primaryKey(),
  ultimoDia: date({ mode: 'string' }),
  enCursoHasta: timestamp({ withTimezone: true, mode: 'string' }),
});
