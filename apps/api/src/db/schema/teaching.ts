import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { inlineReference } from './inline-reference.js';
import { materiasPeriodo } from './periods.js';
import { inscripcionesMateria } from './students.js';

/**
 * Created by hand in drizzle/0007_teaching.sql (with the trigger that freezes a published subject-period) and
 * 0014_cleared_cells.sql, hence their foreign keys' names (inlineReference).
 */

/** Homework of a subject-period (DOMAIN.md section 5). */
export const tareasMateria = pgTable(
  'tareas_materia',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    materiaPeriodoId: integer().notNull(),
    descripcion: varchar({ length: 256 }).notNull(),
    /** TipoTarea: 1 Evaluada, 2 Cumplimiento (total 1, no weight). */
    tipoTarea: smallint().notNull().default(1),
    puntajeTotal: numeric({ precision: 7, scale: 2, mode: 'number' }).notNull(),
    porcentajePesoMateria: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    fechaEntrega: date({ mode: 'string' }).notNull(),
    /** 'Entrega por Arandu' (issue 46): the deadline, an instant; all five null when the work goes elsewhere. */
    entregaHasta: timestamptz(),
    /** Accepted kinds: 'pdf', 'imagen', 'office', 'zip' (read from the bytes). */
    entregaTipos: varchar({ length: 8 }).array(),
    entregaMaxArchivos: smallint(),
    entregaMaxMb: smallint(),
    /** Late work is taken, marked late, until this instant; null: none after the deadline. */
    entregaAtrasoHasta: timestamptz(),
    /** When the professor published the feedback and scores of the hand-ins ('Publicar devoluciones'). */
    devolucionesPublicadasEn: timestamptz(),
  },
  (t) => [
    inlineReference(t.materiaPeriodoId, materiasPeriodo.id).onDelete('cascade'),
    index('tareas_materia_materia_periodo_idx').on(t.materiaPeriodoId),
    check('tareas_materia_descripcion_ck', sql`btrim(${t.descripcion}) <> ''`),
    check('tareas_materia_tipo_ck', sql`${t.tipoTarea} in (1, 2)`),
    check('tareas_materia_puntaje_total_ck', sql`${t.puntajeTotal} > 0 and ${t.puntajeTotal} <= 5000`),
    check('tareas_materia_peso_ck', sql`${t.porcentajePesoMateria} between 0 and 100`),
    // 'Cumplimiento' (done or not): total fixed at 1 and no weight.
    check(
      'tareas_materia_cumplimiento_ck',
      sql`${t.tipoTarea} = 1 or (${t.puntajeTotal} = 1 and ${t.porcentajePesoMateria} = 0)`,
    ),
    check(
      'tareas_materia_entrega_ck',
      sql`(${t.entregaHasta} is null and ${t.entregaTipos} is null and ${t.entregaMaxArchivos} is null
            and ${t.entregaMaxMb} is null and ${t.entregaAtrasoHasta} is null)
          or (${t.entregaHasta} is not null and cardinality(${t.entregaTipos}) > 0
            and ${t.entregaTipos} <@ array['pdf', 'imagen', 'office', 'zip']::varchar[]
            and ${t.entregaMaxArchivos} between 1 and 10 and ${t.entregaMaxMb} between 1 and 100
            and (${t.entregaAtrasoHasta} is null or ${t.entregaAtrasoHasta} > ${t.entregaHasta}))`,
    ),
  ],
);

/** One student's score of one homework; no row means "not scored". */
export const tareasMateriaAlumnos = pgTable(
  'tareas_materia_alumnos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tareaMateriaId: integer().notNull(),
    inscripcionMateriaId: integer().notNull(),
    puntajeObtenido: numeric({ precision: 7, scale: 2, mode: 'number' }).notNull(),
    /** Orders the saves of the cell: an older save is not applied over a newer one. */
    secuencia: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    inlineReference(t.tareaMateriaId, tareasMateria.id),
    inlineReference(t.inscripcionMateriaId, inscripcionesMateria.id),
    unique('tareas_materia_alumnos_uq').on(t.tareaMateriaId, t.inscripcionMateriaId),
    index('tareas_materia_alumnos_inscripcion_idx').on(t.inscripcionMateriaId),
    check('tareas_materia_alumnos_puntaje_ck', sql`${t.puntajeObtenido} >= 0`),
  ],
);

/** An attendance session of a subject-period. */
export const asistencias = pgTable(
  'asistencias',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    materiaPeriodoId: integer().notNull(),
    fecha: date({ mode: 'string' }).notNull(),
    referencia: varchar({ length: 64 }),
    aula: varchar({ length: 64 }),
    registroContenidoId: integer(),
  },
  (t) => [
    inlineReference(t.materiaPeriodoId, materiasPeriodo.id).onDelete('cascade'),
    index('asistencias_materia_periodo_idx').on(t.materiaPeriodoId, t.fecha),
  ],
);

/** One student's mark in one session: present or absent; no row means "not taken". */
export const asistenciasAlumnos = pgTable(
  'asistencias_alumnos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    asistenciaId: integer().notNull(),
    inscripcionMateriaId: integer().notNull(),
    presente: boolean().notNull(),
    secuencia: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    inlineReference(t.asistenciaId, asistencias.id).onDelete('cascade'),
    inlineReference(t.inscripcionMateriaId, inscripcionesMateria.id),
    unique('asistencias_alumnos_uq').on(t.asistenciaId, t.inscripcionMateriaId),
    index('asistencias_alumnos_inscripcion_idx').on(t.inscripcionMateriaId),
  ],
);

/**
 * The sequence of the save that cleared a score (drizzle/0014_cleared_cells.sql): an older save of the cell
 * arriving later is not applied. Not a score: "not scored" is still no row in `tareas_materia_alumnos`.
 */
export const puntajesBorrados = pgTable(
  'puntajes_borrados',
  {
    tareaMateriaId: integer().notNull(),
    inscripcionMateriaId: integer().notNull(),
    secuencia: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    inlineReference(t.tareaMateriaId, tareasMateria.id).onDelete('cascade'),
    inlineReference(t.inscripcionMateriaId, inscripcionesMateria.id).onDelete('cascade'),
    primaryKey({ name: 'puntajes_borrados_pk', columns: [t.tareaMateriaId, t.inscripcionMateriaId] }),
    index('puntajes_borrados_inscripcion_idx').on(t.inscripcionMateriaId),
  ],
);

/** The same for a cleared attendance mark. */
export const marcasBorradas = pgTable(
  'marcas_borradas',
  {
    asistenciaId: integer().notNull(),
    inscripcionMateriaId: integer().notNull(),
    secuencia: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    inlineReference(t.asistenciaId, asistencias.id).onDelete('cascade'),
    inlineReference(t.inscripcionMateriaId, inscripcionesMateria.id).onDelete('cascade'),
    primaryKey({ name: 'marcas_borradas_pk', columns: [t.asistenciaId, t.inscripcionMateriaId] }),
    index('marcas_borradas_inscripcion_idx').on(t.inscripcionMateriaId),
  ],
);
