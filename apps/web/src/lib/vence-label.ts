import { dateInAsuncion, type EntregaConfig } from '@arandu/shared';
import dayjs from 'dayjs';
import { formatDateTime, TIME_ZONE } from './format';
import { splitLocalDateTime } from './local-date-time';

/**
 * 'Vence hoy 23:59', 'Vence mañana 23:59', 'Vence el 30/11/2026 23:59' (days and times in Asunción), or when
 * late work is still taken.
 */
export function venceLabel(entrega: Pick<EntregaConfig, 'hasta' | 'atrasoHasta'>, now = new Date()): string {
  const last = entrega.atrasoHasta && Date.parse(entrega.hasta) < now.getTime() ? entrega.atrasoHasta : entrega.hasta;
  if (Date.parse(last) < now.getTime()) return `Cerró el ${formatDateTime(last)}`;
  const prefix = last === entrega.hasta ? 'Vence' : 'Con atraso hasta';
  const { date, time } = splitLocalDateTime(last);
  if (date === dateInAsuncion(now)) return `${prefix} hoy ${time}`;
  if (date === dayjs(now).tz(TIME_ZONE).add(1, 'day').format('YYYY-MM-DD')) return `${prefix} mañana ${time}`;
  return `${prefix} el ${formatDateTime(last)}`;
}
