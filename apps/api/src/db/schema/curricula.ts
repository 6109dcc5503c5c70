import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Careers of the faculty (DOMAIN.md section 3). The faculty itself is one, and its name is the
 * `nombreFacultad` setting, so it has no table of its own.
 */
export const carreras = pgTable('carreras', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  nombre: varchar({ length: 128 }).notNull().unique(),
  codigo: varchar({ length: 16 }).notNull().unique(),
  activo: boolean().notNull().default(true),
});

/**
 * The subject catalogue. A subject common to several careers (Cálculo I) is one row that several mallas
 * list, so `carreraId` is null for it.
 */
export const materias = pgTable(
  'materias',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nombre: varchar({ length: 128 }).notNull(),
    codigo: varchar({ length: 16 }).notNull().unique(),
    carreraId: integer().references(() => carreras.id),
    activo: boolean().notNull().default(true),
  },
  (t) => [
    index('materias_nombre_lower_idx').on(sql`lower(${t.nombre})`),
    index('materias_carrera_idx').on(t.carreraId),
  ],
);

/** Curriculum versions of a career (spec 03 section 2.13). */
export const mallas = pgTable(
  'mallas',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    carreraId: integer()
      .notNull()
      .references(() => carreras.id),
    nombre: varchar({ length: 128 }).notNull(),
    fechaVigencia: date({ mode: 'string' }).notNull(),
    usarPorDefecto: boolean().notNull().default(false),
    activo: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    unique('mallas_carrera_nombre_uq').on(t.carreraId, t.nombre),
    // One default malla per career: new students of the career get it.
    uniqueIndex('mallas_carrera_por_defecto_uq')
      .on(t.carreraId)
      .where(sql`${t.usarPorDefecto}`),
  ],
);

/** A subject as a malla places it: semester, its code there, knowledge area and semester hours. */
export const materiasMalla = pgTable(
  'materias_malla',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    mallaId: integer()
      .notNull()
      .references(() => mallas.id),
    materiaId: integer()
      .notNull()
      .references(() => materias.id),
    semestreNroOrden: smallint().notNull(),
    codigo: varchar({ length: 16 }).notNull(),
    areaConocimiento: varchar({ length: 64 }),
    horasLaboratorioSemestral: integer().notNull().default(0),
    horasPracticaSemestral: integer().notNull().default(0),
    horasTeoriaSemestral: integer().notNull().default(0),
  },
  (t) => [
    unique('materias_malla_malla_materia_uq').on(t.mallaId, t.materiaId),
    index('materias_malla_malla_semestre_idx').on(t.mallaId, t.semestreNroOrden),
    index('materias_malla_materia_idx').on(t.materiaId),
    check('materias_malla_semestre_ck', sql`${t.semestreNroOrden} between 1 and 10`),
    check(
      'materias_malla_horas_ck',
      sql`${t.horasLaboratorioSemestral} >= 0 and ${t.horasPracticaSemestral} >= 0 and ${t.horasTeoriaSemestral} >= 0`,
    ),
  ],
);
