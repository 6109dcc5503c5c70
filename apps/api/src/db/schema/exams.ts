import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { timestamptz, percentage } from './columns.js';
import { inlineReference } from './inline-reference.js';
import { materiasPeriodo } from './periods.js';
import { inscripcionesMateria, perfilesAlumno } from './students.js';
import { usuarios } from './users.js';

/**
 * Exams (mesas de examen, migration 0009, written by hand: hence its foreign keys' names, inlineReference):
 * EstadoExamen 0 Activo, 1 Sellado, 3 Inconsistencia de datos.
 */
export const examenes = pgTable(
  'examenes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    materiaPeriodoId: integer().notNull(),
    fecha: timestamptz().notNull(),
    fechaLimiteInscripcion: timestamptz().notNull(),
    interventorId: integer().notNull(),
    interventorAuxiliarId: integer(),
    profesorId: integer(),
    periodo: varchar({ length: 64 }).notNull(),
    notasObservaciones: varchar({ length: 2048 }),
    aula: varchar({ length: 64 }),
    nroActa: varchar({ length: 128 }).notNull(),
    estado: smallint().notNull().default(0),
    fechaSellado: timestamptz(),
    codigoVerificacion: varchar({ length: 12 }),
  },
  (t) => [
    inlineReference(t.materiaPeriodoId, materiasPeriodo.id),
    inlineReference(t.interventorId, usuarios.id),
    inlineReference(t.interventorAuxiliarId, usuarios.id),
    inlineReference(t.profesorId, usuarios.id),
    index('examenes_materia_periodo_idx').on(t.materiaPeriodoId),
    index('examenes_estado_fecha_idx').on(t.estado, t.fecha.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('examenes_profesor_idx').on(t.profesorId),
    check('examenes_estado_ck', sql`${t.estado} in (0, 1, 3)`),
    check(
      'examenes_sellado_ck',
      sql`${t.estado} <> 1 or (${t.fechaSellado} is not null and ${t.codigoVerificacion} is not null)`,
    ),
    check('examenes_fecha_limite_ck', sql`${t.fechaLimiteInscripcion} <= ${t.fecha}`),
    check('examenes_nro_acta_ck', sql`btrim(${t.nroActa}) <> ''`),
    check('examenes_periodo_ck', sql`btrim(${t.periodo}) <> ''`),
  ],
);

/** A student's enrolment in an exam with the figures of the acta (DOMAIN.md 6). */
export const inscripcionesExamen = pgTable(
  'inscripciones_examen',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    examenId: integer().notNull(),
    perfilAlumnoId: integer().notNull(),
    inscripcionMateriaId: integer().notNull(),
    fechaInscripcion: timestamptz().notNull().defaultNow(),
    usuarioInscripcionId: integer(),
    porcentajeAsistencia: percentage(),
    porcentajePP: percentage(),
    porcentajePF: percentage(),
    porcentajePC: percentage(),
    calificacion: smallint().notNull().default(0),
    /** InstanciaExamen: 0 Final, 1 Recuperatorio (a blocked student is never enrolled). */
    instancia: smallint().notNull(),
    /** Set by the trigger: the stored attendance or PP differ from the subject enrolment's. */
    esInconsistente: boolean().notNull().default(false),
  },
  (t) => [
    inlineReference(t.examenId, examenes.id).onDelete('cascade'),
    inlineReference(t.perfilAlumnoId, perfilesAlumno.id),
    inlineReference(t.inscripcionMateriaId, inscripcionesMateria.id),
    inlineReference(t.usuarioInscripcionId, usuarios.id),
    unique('inscripciones_examen_examen_alumno_uq').on(t.examenId, t.perfilAlumnoId),
    index('inscripciones_examen_alumno_idx').on(t.perfilAlumnoId),
    index('inscripciones_examen_inscripcion_materia_idx').on(t.inscripcionMateriaId),
    check('inscripciones_examen_calificacion_ck', sql`${t.calificacion} between 0 and 5`),
    check('inscripciones_examen_instancia_ck', sql`${t.instancia} in (0, 1)`),
    check('inscripciones_examen_asistencia_ck', sql`${t.porcentajeAsistencia} between 0 and 100`),
    check('inscripciones_examen_pp_ck', sql`${t.porcentajePP} between 0 and 100`),
    check('inscripciones_examen_pf_ck', sql`${t.porcentajePF} between 0 and 100`),
    check('inscripciones_examen_pc_ck', sql`${t.porcentajePC} between 0 and 100`),
  ],
);

/**
 * Every sealed version of an acta, append-only (GET /api/exams/verify/{code}). The database fills the summary
 * from the exam's rows when the version is inserted (migration 0021): the number of students, how many got
 * each grade and the SHA-256 of the lines 'documento;calificación' ordered by document, printed on the acta.
 * Versions sealed before that migration and reopened since have no summary (null).
 */
export const actasSelladas = pgTable(
  'actas_selladas',
  {
    codigo: varchar({ length: 12 }).primaryKey(),
    examenId: integer().notNull(),
    nroActa: varchar({ length: 128 }).notNull(),
    fechaSellado: timestamptz().notNull().defaultNow(),
    cantidadAlumnos: integer(),
    /** Grade -> number of students, every grade 0-5 present: {"0": 2, "1": 0, …}. */
    distribucion: jsonb().$type<Record<string, number>>(),
    digesto: varchar({ length: 64 }),
  },
  (t) => [inlineReference(t.examenId, examenes.id), index('actas_selladas_examen_idx').on(t.examenId)],
);

/**
 * The only way out of the sealed state (migration 0021): the root administrator's reopening, who, when and
 * why, append-only. The exam's trigger refuses Sellado -> any other state unless a row for it was written in
 * the same transaction, so a hand-written UPDATE cannot reopen an acta and leave no trace.
 */
export const reaperturasExamen = pgTable(
  'reaperturas_examen',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    examenId: integer()
      .notNull()
      .references(() => examenes.id),
    codigoReemplazado: varchar({ length: 12 })
      .notNull()
      .references(() => actasSelladas.codigo),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
    motivo: varchar({ length: 500 }),
    /** The resolution that ordered the reopening (issue 30), printed on the acta that replaces this version. */
    resolucion: varchar({ length: 64 }),
    fecha: timestamptz().notNull().defaultNow(),
    transaccion: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('reaperturas_examen_examen_idx').on(t.examenId),
    unique('reaperturas_examen_codigo_uq').on(t.codigoReemplazado),
  ],
);
