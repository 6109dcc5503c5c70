import { sql } from 'drizzle-orm';
import type { TipoEntrega } from '@arandu/shared';

/*
 * A homework's 'Entrega por Arandu' settings as its row stores them (issue 46): read as one JSON object by this
 * module's repository and by teaching's homework and student-subject reads, written by teaching's homework
 * save. Other modules import these pieces, never the repository (eslint.config.js), as they do access.sql.ts.
 */

/** The homework's 'Entrega por Arandu' settings as a JSON object, null when it has none. */
export const entregaConfigSql = (t: string) =>
  sql.raw(`case when ${t}.entrega_hasta is null then null else json_build_object(
    'hasta', to_char(${t}.entrega_hasta at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'tipos', ${t}.entrega_tipos, 'maxArchivos', ${t}.entrega_max_archivos, 'maxMB', ${t}.entrega_max_mb,
    'atrasoHasta', to_char(${t}.entrega_atraso_hasta at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end`);

/** The settings columns of a homework save (all null: the work goes elsewhere). */
export function entregaColumns(
  config: {
    hasta: string;
    tipos: TipoEntrega[];
    maxArchivos: number;
    maxMB: number;
    atrasoHasta: string | null;
  } | null,
) {
  return {
    entregaHasta: config?.hasta ?? null,
    entregaTipos: config?.tipos ?? null,
    entregaMaxArchivos: config?.maxArchivos ?? null,
    entregaMaxMb: config?.maxMB ?? null,
    entregaAtrasoHasta: config?.atrasoHasta ?? null,
  };
}
