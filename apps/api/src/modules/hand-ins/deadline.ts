import type { EntregaConfig } from '@arandu/shared';
import { dateTimeFormat } from '../../lib/date-format.js';

/**
 * Whether an upload at `now` is taken, and as late (issue 46). The deadline counts to the second: an upload
 * within the deadline's own second is on time, one a second later is not (the server's clock, whatever the
 * browser's). Late work is taken, marked late, until `atrasoHasta` the same way.
 */
export function plazoAt(config: Pick<EntregaConfig, 'hasta' | 'atrasoHasta'>, now: Date) {
  const second = Math.floor(now.getTime() / 1000) * 1000;
  if (second <= Date.parse(config.hasta)) return { abierta: true, atrasada: false } as const;
  if (config.atrasoHasta && second <= Date.parse(config.atrasoHasta)) return { abierta: true, atrasada: true } as const;
  return { abierta: false, atrasada: true } as const;
}

/** '30/11/2026, 23:59:59' in Asunción: the refusal names the second the hand-in closed. */
export function closedAt(config: Pick<EntregaConfig, 'hasta' | 'atrasoHasta'>): string {
  const at = new Date(config.atrasoHasta ?? config.hasta);
  return `${dateTimeFormat.format(at)}:${String(at.getUTCSeconds()).padStart(2, '0')}`;
}
