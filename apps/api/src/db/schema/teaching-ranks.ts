import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { materias } from './curricula.js';
import { usuarios } from './users.js';

/** Escalafón docente: the catalogue of teaching ranks, in career order. */
export const escalafonesDocentes = pgTable(
  'escalafones_docentes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nombre: varchar({ length: 64 }).notNull().unique(),
    orden: smallint().notNull().unique(),
    activo: boolean().notNull().default(true),
  },
  (t) => [check('escalafones_docentes_orden_ck', sql`${t.orden} > 0`)],
);

/** The rank a professor holds in a subject of the catalogue. */
export const categoriasProfesores = pgTable(
  'categorias_profesores',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
    materiaId: integer()
      .notNull()
      .references(() => materias.id),
    escalafonDocenteId: integer()
      .notNull()
      .references(() => escalafonesDocentes.id),
    notas: varchar({ length: 1024 }),
  },
  (t) => [
    unique('categorias_profesores_usuario_materia_uq').on(t.usuarioId, t.materiaId),
    index('categorias_profesores_materia_idx').on(t.materiaId),
  ],
);
