import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { materiasPeriodo } from './periods.js';
import { perfilesAlumno } from './students.js';

/**
 * The seat counters of a capped subject-period (docs/decisions/024), one row per subject-period with a
 * `cupo`, kept by the triggers of the seats migration (never written by the app, except the recount when the
 * cap is set): `ocupados` enrolments, `ofrecidos` open offers (seats held for a waiting student),
 * `esperando` waiting entries without an offer. The enrolment trigger takes a seat with one conditional
 * UPDATE of this row, so the cap holds under any rush and for every writer.
 */
export const asientosMateriaPeriodo = pgTable(
  'asientos_materia_periodo',
  {
    materiaPeriodoId: integer()
      .primaryKey()
      .references(() => materiasPeriodo.id, { onDelete: 'cascade' }),
    ocupados: integer().notNull().default(0),
    ofrecidos: integer().notNull().default(0),
    esperando: integer().notNull().default(0),
  },
  (t) => [
    check('asientos_materia_periodo_ocupados_ck', sql`${t.ocupados} >= 0`),
    check('asientos_materia_periodo_ofrecidos_ck', sql`${t.ofrecidos} >= 0`),
    check('asientos_materia_periodo_esperando_ck', sql`${t.esperando} >= 0`),
  ],
);

/**
 * A full subject-period's waiting list. The position is the rank by `orden` (drawn from its identity when the
 * student joins, renumbered 1..n when staff move an entry, always below later draws), so positions have no
 * gaps or duplicates by construction. `ofertaVence` is set while the entry holds an offered seat.
 */
export const listaEspera = pgTable(
  'lista_espera',
  {
    materiaPeriodoId: integer()
      .notNull()
      .references(() => materiasPeriodo.id, { onDelete: 'cascade' }),
    perfilAlumnoId: integer()
      .notNull()
      .references(() => perfilesAlumno.id, { onDelete: 'cascade' }),
    orden: bigint({ mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    fechaAlta: timestamptz().notNull().defaultNow(),
    ofertaVence: timestamptz(),
  },
  (t) => [
    primaryKey({ name: 'lista_espera_pk', columns: [t.materiaPeriodoId, t.perfilAlumnoId] }),
    index('lista_espera_orden_idx').on(t.materiaPeriodoId, t.orden),
    index('lista_espera_alumno_idx').on(t.perfilAlumnoId),
    index('lista_espera_oferta_idx')
      .on(t.ofertaVence)
      .where(sql`${t.ofertaVence} is not null`),
  ],
);
