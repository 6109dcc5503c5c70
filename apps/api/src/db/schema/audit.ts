import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
    index('auditoria_fecha_idx').on(t.fecha.desc(), t.id.desc()),
    index('auditoria_usuario_fecha_idx').on(t.usuarioId, t.fecha.desc()),
    index('auditoria_tabla_fecha_idx').on(t.nombreTabla, t.fecha.desc()),
    index('auditoria_tipo_fecha_idx').on(t.tipo, t.fecha.desc()),
  ],
);
