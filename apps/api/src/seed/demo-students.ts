import type { Tx } from '../db/client.js';
import { inscripcionesMateria, perfilesAlumno } from '../db/schema/index.js';
import type { SeededMalla } from './catalog.js';
import { chunks } from './chunks.js';
import { requiredOf } from './demo-correlatives.js';
import type { OfferedMateria } from './demo-offer.js';
import type { Random } from './random.js';

export interface DemoAlumno {
  userId: number;
  malla: SeededMalla;
  /** The semester the student takes in the active period. */
  semestre: number;
  /** Preferred section (0 A, 1 B) where the subject offers it. */
  sectionIndex: number;
  /** Subjects of the semester enrolled in the active period: all of them (some skipped), the first n, or none. */
  active: 'all' | number;
  /**
   * At least this many subjects of the semester in the active period (issue 45: a week with a class each day):
   * the next ones whose correlatives were taken, added after every draw, so the generator's sequence, and the
   * data of every student after, stay as they were.
   */
  atLeast?: number;
  /** Enrolled in the semester before, in the earlier period (and the one before that, demo-history.ts). */
  history: boolean;
  /** A fixed account: took every subject of the semester before (regularised in demo-correlatives.ts). */
  wholeSemesterBefore?: boolean;
}

export interface EnrolmentPeriodos {
  earlier: { periodoId: number; inicioPeriodoInscripcion: string };
  active: { periodoId: number; anho: number };
  now: Date;
}

/**
 * Student profiles and their enrolments: the semester before in the earlier period (with the hand-entered
 * attendance and PP that publishing froze) and the current semester in the active one. Subjects of one
 * semester never clash (timetable.ts), so neither do a student's enrolments.
 */
export async function insertAlumnos(
  tx: Tx,
  random: Random,
  alumnos: DemoAlumno[],
  offered: OfferedMateria[],
  periodos: EnrolmentPeriodos,
): Promise<{ inscripciones: number }> {
  const perYear = new Map<number, number>();
  const profiles = alumnos.map((s) => {
    const year = periodos.active.anho - Math.floor((s.semestre - 1) / 2);
    const seq = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, seq);
    return {
      usuarioId: s.userId,
      mallaId: s.malla.mallaId,
      numeroLegajo: year * 10_000 + seq,
      fechaIngreso: `${year}-03-01`,
    };
  });
  const profileRows = await tx
    .insert(perfilesAlumno)
    .values(profiles)
    .returning({ id: perfilesAlumno.id, usuarioId: perfilesAlumno.usuarioId });
  const profileOf = new Map(profileRows.map((p) => [p.usuarioId, p.id]));

  const offer = new Map(offered.map((o) => [key(o.periodoId, o.subject.materiaMallaId, o.sectionIndex), o] as const));
  const find = (periodoId: number, materiaMallaId: number, sectionIndex: number) =>
    offer.get(key(periodoId, materiaMallaId, sectionIndex)) ?? offer.get(key(periodoId, materiaMallaId, 0));

  const rows: (typeof inscripcionesMateria.$inferInsert)[] = [];
  const topUps: (typeof inscripcionesMateria.$inferInsert)[] = [];
  const earlierStart = Date.parse(periodos.earlier.inicioPeriodoInscripcion);
  for (const s of alumnos) {
    const perfilAlumnoId = profileOf.get(s.userId)!;
    const current = s.malla.semestres[s.semestre - 1]!;
    const chosen = s.active === 'all' ? current.filter(() => random.chance(0.9)) : current.slice(0, s.active);
    // What the subjects taken now require (issue 29) was taken the semester before; regulariseCorrelatives
    // makes sure it was regularised. The rest of that semester is drawn (skipped, short of attendance), which
    // leaves some students not enrolled yet blocked by a correlative.
    const needed = new Set(chosen.flatMap((c) => requiredOf(s.malla, c)).map((r) => r.materiaMallaId));
    for (const materia of s.history && s.semestre > 1 ? s.malla.semestres[s.semestre - 2]! : []) {
      const o = find(periodos.earlier.periodoId, materia.materiaMallaId, 0);
      if (!o) continue;
      const takes = random.chance(0.9) || needed.has(materia.materiaMallaId) || s.wholeSemesterBefore === true;
      if (!takes) continue;
      rows.push({
        perfilAlumnoId,
        materiaPeriodoId: o.id,
        materiaMallaId: materia.materiaMallaId,
        periodoId: o.periodoId,
        fechaInscripcion: new Date(earlierStart + random.int(0, 10 * 24) * 3_600_000).toISOString(),
        // About one in eight falls short of the attendance the exam asks, so the blocked case shows too.
        porcentajeAsistencia: random.chance(0.12) ? random.int(40, 69) : random.int(70, 100),
        porcentajePP: random.int(20, 100),
      });
    }
    for (const materia of chosen) {
      const o = find(periodos.active.periodoId, materia.materiaMallaId, s.sectionIndex)!;
      rows.push({
        perfilAlumnoId,
        materiaPeriodoId: o.id,
        materiaMallaId: materia.materiaMallaId,
        periodoId: o.periodoId,
        fechaInscripcion: new Date(periodos.now.getTime() - random.int(1, 6 * 24 * 60) * 60_000).toISOString(),
        mostrarEnTablero: s.active !== 'all' || random.chance(0.6),
      });
    }
    const taken = new Set(rows.filter((r) => r.perfilAlumnoId === perfilAlumnoId).map((r) => r.materiaMallaId));
    const open = current.filter(
      (m) => !chosen.includes(m) && requiredOf(s.malla, m).every((r) => taken.has(r.materiaMallaId)),
    );
    for (const materia of open.slice(0, Math.max(0, (s.atLeast ?? 0) - chosen.length))) {
      const o = find(periodos.active.periodoId, materia.materiaMallaId, s.sectionIndex)!;
      topUps.push({
        perfilAlumnoId,
        materiaPeriodoId: o.id,
        materiaMallaId: materia.materiaMallaId,
        periodoId: o.periodoId,
        fechaInscripcion: new Date(periodos.now.getTime() - 2 * 86_400_000).toISOString(),
        mostrarEnTablero: s.active !== 'all',
      });
    }
  }
  const all = [...rows, ...topUps];
  for (const part of chunks(all, 1000)) await tx.insert(inscripcionesMateria).values(part);
  return { inscripciones: all.length };
}

const key = (periodoId: number, materiaMallaId: number, sectionIndex: number) =>
  `${periodoId}:${materiaMallaId}:${sectionIndex}`;
