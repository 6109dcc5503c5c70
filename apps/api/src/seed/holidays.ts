import type { Tx } from '../db/client.js';
import { diasSinClases } from '../db/schema/index.js';
import { addDays } from './calendar.js';

/** Easter Sunday of a year (Gregorian computus, Meeus/Jones/Butcher), 'aaaa-mm-dd'. */
export function easterSunday(anho: number): string {
  const a = anho % 19;
  const b = Math.floor(anho / 100);
  const c = anho % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${anho}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Paraguay's national holidays of a year (Ley 1.601/2000 and its amendments), on their own dates: the
 * executive's moves of a holiday to a Monday are decided each year and are entered by hand in the calendar.
 */
export function feriadosNacionales(anho: number): { fecha: string; nombre: string }[] {
  const easter = easterSunday(anho);
  const on = (mmdd: string, nombre: string) => ({ fecha: `${anho}-${mmdd}`, nombre });
  return [
    on('01-01', 'Año Nuevo'),
    on('03-01', 'Día de los Héroes'),
    { fecha: addDays(easter, -3), nombre: 'Jueves Santo' },
    { fecha: addDays(easter, -2), nombre: 'Viernes Santo' },
    on('05-01', 'Día del Trabajador'),
    on('05-14', 'Independencia Nacional'),
    on('05-15', 'Independencia Nacional'),
    on('06-12', 'Paz del Chaco'),
    on('08-15', 'Fundación de Asunción'),
    on('09-29', 'Victoria de Boquerón'),
    on('12-08', 'Virgen de Caacupé'),
    on('12-25', 'Navidad'),
  ];
}

/** Marks the national holidays that fall within a period's classes as days without classes. */
export async function insertFeriados(tx: Tx, periodoId: number, inicioClases: string, finClases: string) {
  const [desde, hasta] = [inicioClases.slice(0, 10), finClases.slice(0, 10)];
  const anhos = [...new Set([Number(desde.slice(0, 4)), Number(hasta.slice(0, 4))])];
  const dias = anhos
    .flatMap(feriadosNacionales)
    .filter((d) => d.fecha >= desde && d.fecha <= hasta)
    .map((d) => ({ periodoId, ...d }));
  if (dias.length > 0) await tx.insert(diasSinClases).values(dias);
}
