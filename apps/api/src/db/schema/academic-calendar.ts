import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { periodos } from './periods.js';

/**
 * The academic calendar (issue 45): a period's days without classes (national holidays, faculty days, exam
 * weeks), each with its name. Whatever counts or dates classes leaves these days out
 * (modules/calendario-academico/dias-sin-clases.ts).
 */
export const diasSinClases = pgTable(
  'dias_sin_clases',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    periodoId: integer()
      .notNull()
      .references(() => periodos.id, { onDelete: 'cascade' }),
    fecha: date({ mode: 'string' }).notNull(),
    nombre: varchar({ length: 120 }).notNull(),
  },
  (t) => [
    unique('dias_sin_clases_periodo_fecha_uq').on(t.periodoId, t.fecha),
    check('dias_sin_clases_nombre_ck', sql`btrim(${t.nombre}) <> ''`),
  ],
);
