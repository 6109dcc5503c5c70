import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** Append-only change log, written only by the audit trigger (DOMAIN.md section 7). */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: integer(),
    tipo: varchar({ length: 6 }).notNull(),
    fecha: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    nombreTabla: varchar({ length: 64 }).notNull(),
    clavePrimaria: text().notNull(),
    columnasAfectadas: text().array().notNull(),
    valoresAnteriores: jsonb(),
    valoresNuevos: jsonb(),
  },
  (t) => [
    // Each filter of 'Auditoría de cambios' with the list's own order after it (id breaks ties of one
    // transaction's rows), so a filtered page is read off its index instead of walking the whole log.
    index('auditoria_fecha_idx').on(t.fecha.desc(), t.id.desc()),
    index('auditoria_usuario_fecha_idx').on(t.usuarioId, t.fecha.desc(), t.id.desc()),
    index('auditoria_tabla_fecha_idx').on(t.nombreTabla, t.fecha.desc(), t.id.desc()),
    index('auditoria_tipo_fecha_idx').on(t.tipo, t.fecha.desc(), t.id.desc()),
    // A record's 'Historial' (issue 34 item 23): its table and keys, newest first, read off the index.
    index('auditoria_registro_fecha_idx').on(t.nombreTabla, t.clavePrimaria, t.fecha.desc(), t.id.desc()),
    // A subject-period's 'Historial' names its enrolments, those deleted since too: their keys are found by the
    // subject-period their deletion row kept (audit.repository `enrolmentKeysOf`), without reading every one.
    index('auditoria_inscripcion_borrada_idx')
      .on(sql`(${t.valoresAnteriores} ->> 'materia_periodo_id')`)
      .where(sql`${t.nombreTabla} = 'inscripciones_materia' and ${t.tipo} = 'DELETE'`),
  ],
);

/**
 * The audit log's row count as a checkpoint (migration 0011): exactly `filas` rows have an id up to
 * `hasta_id`. Read through `auditoria_total()`, moved by `auditoria_conteo_avanzar()`.
 */
export const auditoriaConteo = pgTable(
  'auditoria_conteo',
  {
    unica: boolean().primaryKey().default(true),
    hastaId: bigint({ mode: 'number' }).notNull(),
    filas: bigint({ mode: 'number' }).notNull(),
  },
  // One row at most (named as PostgreSQL named 0011's unnamed check).
  (t) => [check('auditoria_conteo_unica_check', sql`${t.unica}`)],
);

/**
 * The same checkpoint per table and type (migration 0017): `filas` rows of that table and type have an id up
 * to `auditoria_conteo.hasta_id`. Read through `auditoria_total_de()`, moved with the total.
 */
export const auditoriaConteoGrupo = pgTable(
  'auditoria_conteo_grupo',
  {
    nombreTabla: varchar({ length: 64 }).notNull(),
    tipo: varchar({ length: 6 }).notNull(),
    filas: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'auditoria_conteo_grupo_pkey', columns: [t.nombreTabla, t.tipo] })],
);
