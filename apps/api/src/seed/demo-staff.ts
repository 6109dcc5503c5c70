import { RolProfesorMateria, TipoActividadAcademicaHorario } from '@arandu/shared';
import type { Tx } from '../db/client.js';
import { categoriasProfesores, escalafonesDocentes, horarios, profesoresMateriaPeriodo } from '../db/schema/index.js';
import { chunks } from './chunks.js';
import { insertDemoAulas, roomAllocator } from './demo-rooms.js';
import type { OfferedMateria } from './demo-offer.js';
import type { Random } from './random.js';

export interface StaffAssignment {
  userId: number;
  offered: OfferedMateria;
  rol: RolProfesorMateria;
}

interface Staff {
  head?: number;
  auxiliaries: number[];
}

/**
 * Gives every subject-period a head and, for some, one or two auxiliaries, never placing a professor in two
 * classes at the same time; then writes the schedules and the professors' teaching categories.
 * `reserved` assignments (the fixed demo accounts) are made first; `pool` fills the rest in turn.
 */
export async function insertStaff(
  tx: Tx,
  random: Random,
  offered: OfferedMateria[],
  pool: number[],
  reserved: StaffAssignment[],
  /** The period whose week every professor of `pool` fills (fillWeeks). */
  fullWeekPeriodoId: number,
): Promise<{ horarios: number }> {
  const busy = new Map<number, Set<string>>();
  const slotsOf = (o: OfferedMateria) => o.slots.map((s) => `${o.periodoId}:${s.key}`);
  const isFree = (userId: number, o: OfferedMateria) => !slotsOf(o).some((k) => busy.get(userId)?.has(k));
  const occupy = (userId: number, o: OfferedMateria) => {
    const set = busy.get(userId) ?? new Set<string>();
    slotsOf(o).forEach((k) => set.add(k));
    busy.set(userId, set);
  };

  const staff = new Map<number, Staff>(offered.map((o) => [o.id, { auxiliaries: [] }]));
  for (const r of reserved) {
    const s = staff.get(r.offered.id)!;
    if (r.rol === RolProfesorMateria.Encargado) s.head = r.userId;
    else s.auxiliaries.push(r.userId);
    occupy(r.userId, r.offered);
  }

  let turn = 0;
  const nextFree = (o: OfferedMateria, taken: number[]): number | undefined => {
    for (let tries = 0; tries < pool.length; tries++) {
      const userId = pool[turn++ % pool.length]!;
      if (!taken.includes(userId) && isFree(userId, o)) return userId;
    }
    return undefined;
  };
  // Heads first, for every subject; auxiliaries only where someone is still free at those hours.
  for (const o of offered) {
    const s = staff.get(o.id)!;
    if (s.head !== undefined) continue;
    s.head = nextFree(o, s.auxiliaries);
    if (s.head === undefined) throw new Error('demo: not enough professors for a clash-free timetable');
    occupy(s.head, o);
  }
  for (const o of offered) {
    const s = staff.get(o.id)!;
    const r = random.next();
    const wanted = r < 0.1 ? 2 : r < 0.4 ? 1 : 0;
    while (s.auxiliaries.length < wanted) {
      const aux = nextFree(o, [s.head!, ...s.auxiliaries]);
      if (aux === undefined) break;
      s.auxiliaries.push(aux);
      occupy(aux, o);
    }
  }

  // The fixed accounts find their subjects already starred on their dashboard.
  const starred = new Set(reserved.map((r) => `${r.offered.id}:${r.userId}`));
  const star = (o: OfferedMateria, userId: number, share: number) =>
    random.chance(share) || starred.has(`${o.id}:${userId}`);
  const pmpRows: (typeof profesoresMateriaPeriodo.$inferInsert)[] = offered.flatMap((o) => {
    const s = staff.get(o.id)!;
    return [
      {
        materiaPeriodoId: o.id,
        usuarioId: s.head!,
        rol: RolProfesorMateria.Encargado,
        mostrarEnTablero: star(o, s.head!, 0.6),
      },
      ...s.auxiliaries.map((usuarioId) => ({
        materiaPeriodoId: o.id,
        usuarioId,
        rol: RolProfesorMateria.Asistente,
        mostrarEnTablero: star(o, usuarioId, 0.3),
      })),
    ];
  });
  pmpRows.push(...fillWeeks(offered, staff, pool, fullWeekPeriodoId, isFree, occupy));
  for (const part of chunks(pmpRows, 2000)) await tx.insert(profesoresMateriaPeriodo).values(part);

  // The head gives the lecture; the practical or lab session goes to the first auxiliary when there is one.
  // Each class gets a room free at its hours; the practice stays in the lecture's room when it can.
  const room = roomAllocator(await insertDemoAulas(tx));
  const horarioRows = offered.flatMap((o) => {
    const s = staff.get(o.id)!;
    const [lecture, practice] = o.slots;
    const aulaId = room(`${o.periodoId}:${lecture.key}`, 'aula');
    return [
      {
        ...time(lecture),
        materiaPeriodoId: o.id,
        profesorId: s.head!,
        aulaId,
        tipoActividadAcademicaHorario: TipoActividadAcademicaHorario.Teoria,
      },
      {
        ...time(practice),
        materiaPeriodoId: o.id,
        profesorId: s.auxiliaries[0] ?? s.head!,
        aulaId: o.subject.hasLab
          ? room(`${o.periodoId}:${practice.key}`, 'laboratorio')
          : room(`${o.periodoId}:${practice.key}`, 'aula', aulaId),
        tipoActividadAcademicaHorario: o.subject.hasLab
          ? TipoActividadAcademicaHorario.Laboratorio
          : TipoActividadAcademicaHorario.Practica,
      },
    ];
  });
  for (const part of chunks(horarioRows, 2000)) await tx.insert(horarios).values(part);

  const ranks = await tx
    .select({ id: escalafonesDocentes.id })
    .from(escalafonesDocentes)
    .orderBy(escalafonesDocentes.orden);
  const categories = new Map<string, typeof categoriasProfesores.$inferInsert>();
  for (const o of offered) {
    const usuarioId = staff.get(o.id)!.head!;
    const key = `${usuarioId}:${o.subject.materiaId}`;
    if (!categories.has(key) && ranks.length > 0) {
      categories.set(key, { usuarioId, materiaId: o.subject.materiaId, escalafonDocenteId: random.pick(ranks).id });
    }
  }
  if (categories.size > 0) await tx.insert(categoriasProfesores).values([...categories.values()]);

  return { horarios: horarioRows.length };
}

/** What a week of the active period asks of each professor (issue 45: 'Mi horario' shows a full week). */
const MIN_WEEKLY_CLASSES = 5;

/**
 * Classes a week of each professor in `periodoId`: a section's head gives the lecture, and the practice too
 * while the section has no auxiliary; its first auxiliary gives the practice.
 */
function weeklyClasses(offered: OfferedMateria[], staff: Map<number, Staff>, periodoId: number) {
  const count = new Map<number, number>();
  const add = (userId: number) => count.set(userId, (count.get(userId) ?? 0) + 1);
  for (const o of offered.filter((x) => x.periodoId === periodoId)) {
    const s = staff.get(o.id)!;
    add(s.head!);
    add(s.auxiliaries[0] ?? s.head!);
  }
  return count;
}

/**
 * A professor of `pool` with fewer than MIN_WEEKLY_CLASSES classes in `periodoId` takes the practice of sections
 * whose head gives both classes (and keeps enough without it), where they are free at those hours. No draws:
 * the generator's sequence, and the demo after, stay as they were. Answers the new auxiliaries' rows.
 */
function fillWeeks(
  offered: OfferedMateria[],
  staff: Map<number, Staff>,
  pool: number[],
  periodoId: number,
  isFree: (userId: number, o: OfferedMateria) => boolean,
  occupy: (userId: number, o: OfferedMateria) => void,
) {
  const added: (typeof profesoresMateriaPeriodo.$inferInsert)[] = [];
  const sections = offered.filter((o) => o.periodoId === periodoId);
  for (const userId of pool) {
    for (const o of sections) {
      const count = weeklyClasses(offered, staff, periodoId);
      if ((count.get(userId) ?? 0) >= MIN_WEEKLY_CLASSES) break;
      const s = staff.get(o.id)!;
      const headKeeps = (count.get(s.head!) ?? 0) - 1 >= MIN_WEEKLY_CLASSES;
      if (s.auxiliaries.length > 0 || s.head === userId || !headKeeps || !isFree(userId, o)) continue;
      s.auxiliaries.push(userId);
      occupy(userId, o);
      added.push({
        materiaPeriodoId: o.id,
        usuarioId: userId,
        rol: RolProfesorMateria.Asistente,
        mostrarEnTablero: false,
      });
    }
  }
  return added;
}

const time = (slot: OfferedMateria['slots'][number]) => ({
  dia: slot.dia,
  horaInicio: slot.horaInicio,
  horaFin: slot.horaFin,
});
