import type { TipoAula } from '@arandu/shared';
import type { Tx } from '../db/client.js';
import { aulas } from '../db/schema/index.js';

interface DemoAula {
  nombre: string;
  edificio: string;
  capacidad: number;
  tipo: TipoAula;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The demo faculty's rooms (issue 45): classrooms of blocks A and B, laboratories of block C and two
 * auditoriums. Enough for every section of the demo at its hours, so the demo's timetable has no clash.
 */
export const DEMO_AULAS: readonly DemoAula[] = [
  ...range(101, 112).map((n) => ({
    nombre: `A-${n}`,
    edificio: 'Bloque A',
    capacidad: n % 3 === 0 ? 60 : n % 3 === 1 ? 45 : 50,
    tipo: 'aula' as const,
  })),
  ...range(201, 212).map((n) => ({ nombre: `A-${n}`, edificio: 'Bloque A', capacidad: 40, tipo: 'aula' as const })),
  ...range(11, 22).map((n) => ({
    nombre: `B-${n}`,
    edificio: 'Bloque B',
    capacidad: n % 2 ? 35 : 45,
    tipo: 'aula' as const,
  })),
  ...range(1, 4).map((n) => ({
    nombre: `Laboratorio de Informática ${n}`,
    edificio: 'Bloque C',
    capacidad: 30,
    tipo: 'laboratorio' as const,
  })),
  { nombre: 'Laboratorio de Física', edificio: 'Bloque C', capacidad: 24, tipo: 'laboratorio' },
  { nombre: 'Laboratorio de Química', edificio: 'Bloque C', capacidad: 24, tipo: 'laboratorio' },
  { nombre: 'Laboratorio de Electrónica', edificio: 'Bloque C', capacidad: 20, tipo: 'laboratorio' },
  { nombre: 'Laboratorio de Redes', edificio: 'Bloque C', capacidad: 25, tipo: 'laboratorio' },
  { nombre: 'Aula Magna', edificio: 'Edificio Central', capacidad: 250, tipo: 'auditorio' },
  { nombre: 'Auditorio del Bloque A', edificio: 'Bloque A', capacidad: 120, tipo: 'auditorio' },
];

/** Where exams are sat: the demo's classrooms and auditoriums, not its laboratories. */
export const AULAS_DE_EXAMEN: readonly string[] = DEMO_AULAS.filter((a) => a.tipo !== 'laboratorio').map(
  (a) => a.nombre,
);

export async function insertDemoAulas(tx: Tx): Promise<{ id: number; tipo: TipoAula }[]> {
  return tx
    .insert(aulas)
    .values([...DEMO_AULAS])
    .returning({ id: aulas.id, tipo: aulas.tipo }) as Promise<{ id: number; tipo: TipoAula }[]>;
}

/**
 * Hands out rooms so no room holds two classes at once: `key` names the period and slot (equal keys overlap,
 * different keys never do, seed/timetable.ts). A class keeps the room it asked for when that is free; a lab
 * session takes a free laboratory (else a classroom), anything else a free classroom, and an auditorium only
 * when no room of its kind is left.
 */
export function roomAllocator(rooms: readonly { id: number; tipo: TipoAula }[]) {
  const busy = new Map<number, Set<string>>(rooms.map((r) => [r.id, new Set()]));
  const ofKind = (tipo: TipoAula) => rooms.filter((r) => r.tipo === tipo);
  return (key: string, tipo: 'aula' | 'laboratorio', preferred?: number): number => {
    const order = [
      ...(preferred ? rooms.filter((r) => r.id === preferred) : []),
      ...ofKind(tipo),
      ...(tipo === 'laboratorio' ? ofKind('aula') : []),
      ...ofKind('auditorio'),
    ];
    const room = order.find((r) => !busy.get(r.id)!.has(key));
    if (!room) throw new Error('demo: not enough rooms for a clash-free timetable');
    busy.get(room.id)!.add(key);
    return room.id;
  };
}
