import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  timestamp,
  unique,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { inlineReference } from './inline-reference.js';
import { materiasPeriodo } from './periods.js';
import { usuarios } from './users.js';

/**
 * The course planning of a subject-period (spec 03 sections 2.4 and 3): one per subject-period. Its lists'
 * foreign keys carry the names of the hand-written migration 0010 (inlineReference).
 */
export const planeamientos = pgTable(
  'planeamientos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    materiaPeriodoId: integer()
      .notNull()
      .references(() => materiasPeriodo.id, { onDelete: 'cascade' }),
    preRequisitos: varchar({ length: 1024 }),
    horasTeoriaSemanal: integer(),
    horasPracticaSemanal: integer(),
    horasLaboratorioSemanal: integer(),
    fundamentacionMateria: varchar({ length: 4096 }),
    contribucionMateria: varchar({ length: 4096 }),
    valoresContemplados: varchar({ length: 4096 }),
    metodologiaEnsenhanza: varchar({ length: 4096 }),
    estrategiasEvauacion: varchar({ length: 4096 }),
    bibliografiaBasica: varchar({ length: 4096 }),
    bibliografiaComplementaria: varchar({ length: 4096 }),
    /** The subject-period whose planning this one was copied from, if any. */
    copiadoDeMateriaPeriodoId: integer(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'planeamientos_copiado_de_fk',
      columns: [t.copiadoDeMateriaPeriodoId],
      foreignColumns: [materiasPeriodo.id],
    }).onDelete('set null'),
    unique('planeamientos_materia_periodo_uq').on(t.materiaPeriodoId),
    check(
      'planeamientos_horas_ck',
      sql`coalesce(${t.horasTeoriaSemanal}, 0) between 0 and 10000
          and coalesce(${t.horasPracticaSemanal}, 0) between 0 and 10000
          and coalesce(${t.horasLaboratorioSemanal}, 0) between 0 and 10000`,
    ),
  ],
);

/** A list row goes with its planning. */
const ofPlaneamiento = (planeamientoId: AnyPgColumn) =>
  inlineReference(planeamientoId, planeamientos.id).onDelete('cascade');

export const planeamientoObjetivos = pgTable(
  'planeamiento_objetivos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    planeamientoId: integer().notNull(),
    indice: integer().notNull(),
    objetivo: varchar({ length: 1024 }).notNull(),
  },
  (t) => [
    ofPlaneamiento(t.planeamientoId),
    index('planeamiento_objetivos_planeamiento_idx').on(t.planeamientoId, t.indice),
    check('planeamiento_objetivos_objetivo_ck', sql`btrim(${t.objetivo}) <> ''`),
  ],
);

/** 'Cronograma de clases': its dated rows are the planned sessions (`plannedSessionsFrom`). */
export const planeamientoCronograma = pgTable(
  'planeamiento_cronograma',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    planeamientoId: integer().notNull(),
    indice: integer().notNull(),
    fecha: date({ mode: 'string' }),
    profesorId: integer(),
    unidad: varchar({ length: 1024 }).notNull(),
    contenidos: varchar({ length: 1024 }).notNull(),
  },
  (t) => [
    ofPlaneamiento(t.planeamientoId),
    inlineReference(t.profesorId, usuarios.id),
    index('planeamiento_cronograma_planeamiento_idx').on(t.planeamientoId, t.indice),
    index('planeamiento_cronograma_profesor_idx').on(t.profesorId),
  ],
);

/** The columns a laboratory practice and a project share. */
const activityColumns = () => ({
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  planeamientoId: integer().notNull(),
  indice: integer().notNull(),
  profesorId: integer(),
  duracion: varchar({ length: 16 }).notNull(),
  actividad: varchar({ length: 1024 }).notNull(),
  descripcion: varchar({ length: 1024 }).notNull(),
});

export const planeamientoPracticas = pgTable(
  'planeamiento_practicas',
  { ...activityColumns(), materialApoyo: varchar({ length: 1024 }) },
  (t) => [
    ofPlaneamiento(t.planeamientoId),
    inlineReference(t.profesorId, usuarios.id),
    index('planeamiento_practicas_planeamiento_idx').on(t.planeamientoId, t.indice),
  ],
);

export const planeamientoProyectos = pgTable(
  'planeamiento_proyectos',
  { ...activityColumns(), evaluacion: varchar({ length: 1024 }).notNull() },
  (t) => [
    ofPlaneamiento(t.planeamientoId),
    inlineReference(t.profesorId, usuarios.id),
    index('planeamiento_proyectos_planeamiento_idx').on(t.planeamientoId, t.indice),
  ],
);

export const planeamientoActividades = pgTable(
  'planeamiento_actividades',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    planeamientoId: integer().notNull(),
    indice: integer().notNull(),
    descripcionActividad: varchar({ length: 1024 }).notNull(),
    beneficiarios: varchar({ length: 1024 }).notNull(),
    fechas: varchar({ length: 1024 }).notNull(),
    cantidadHoras: integer().notNull(),
  },
  (t) => [
    ofPlaneamiento(t.planeamientoId),
    index('planeamiento_actividades_planeamiento_idx').on(t.planeamientoId, t.indice),
    check('planeamiento_actividades_horas_ck', sql`${t.cantidadHoras} between 0 and 10000`),
  ],
);
