import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The faculty's rooms (issue 45): what a schedule row of a subject-period names (horarios.aula_id). The name is
 * unique whatever its case ('b-12' is 'B-12'). Building and capacity may be unknown for rooms the migration made
 * from the old free-text names; the capacity warning skips a room without one.
 */
export const aulas = pgTable(
  'aulas',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nombre: varchar({ length: 64 }).notNull(),
    edificio: varchar({ length: 64 }),
    capacidad: integer(),
    /** aula, laboratorio or auditorio. */
    tipo: varchar({ length: 12 }).notNull().default('aula'),
  },
  (t) => [
    uniqueIndex('aulas_nombre_uq').on(sql`lower(${t.nombre})`),
    check('aulas_nombre_ck', sql`btrim(${t.nombre}) <> ''`),
    check('aulas_capacidad_ck', sql`${t.capacidad} is null or ${t.capacidad} between 1 and 10000`),
    check('aulas_tipo_ck', sql`${t.tipo} in ('aula', 'laboratorio', 'auditorio')`),
  ],
);
