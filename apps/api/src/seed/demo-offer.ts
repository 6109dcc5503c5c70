import type { Tx } from '../db/client.js';
import { materiasPeriodo } from '../db/schema/index.js';
import type { SeededMalla, SeededMateria } from './catalog.js';
import type { Random } from './random.js';
import { sectionName, materiaSlots, type Slot } from './timetable.js';

export interface OfferedMateria {
  id: number;
  periodoId: number;
  malla: SeededMalla;
  subject: SeededMateria;
  sectionIndex: number;
  slots: [Slot, Slot];
}

export interface PeriodoOffer {
  periodoId: number;
  /** Semesters the period offers (odd or even). */
  semestres: number[];
  /** How many sections (A, B…) a subject gets. */
  sections: (materia: SeededMateria) => number;
  /** Attendance entered by hand (`editarAsistencias`) for this share of the subjects. */
  manualAttendance: number;
}

const CLASSROOM_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Inserts the subject-periods of each period: every malla subject of the semesters it offers, by section. */
export async function insertOffer(
  tx: Tx,
  random: Random,
  mallas: SeededMalla[],
  periodos: PeriodoOffer[],
): Promise<OfferedMateria[]> {
  const planned = periodos.flatMap((periodo) =>
    mallas.flatMap((malla) =>
      periodo.semestres.flatMap((semestre) =>
        malla.semestres[semestre - 1]!.flatMap((materia) =>
          Array.from({ length: periodo.sections(materia) }, (_, sectionIndex) => ({
            periodoId: periodo.periodoId,
            malla,
            subject: materia,
            sectionIndex,
            slots: materiaSlots(materia.index, sectionIndex),
            editarAsistencias: random.chance(periodo.manualAttendance),
            codigoClassroom: random.chance(0.5)
              ? Array.from({ length: 7 }, () => random.pick([...CLASSROOM_ALPHABET])).join('')
              : null,
          })),
        ),
      ),
    ),
  );
  const rows = await tx
    .insert(materiasPeriodo)
    .values(
      planned.map((p) => ({
        materiaMallaId: p.subject.materiaMallaId,
        periodoId: p.periodoId,
        seccion: sectionName(p.sectionIndex),
        editarAsistencias: p.editarAsistencias,
        codigoClassroom: p.codigoClassroom,
      })),
    )
    .returning({
      id: materiasPeriodo.id,
      materiaMallaId: materiasPeriodo.materiaMallaId,
      periodoId: materiasPeriodo.periodoId,
      seccion: materiasPeriodo.seccion,
    });
  const idOf = new Map(rows.map((r) => [`${r.materiaMallaId}:${r.periodoId}:${r.seccion}`, r.id]));
  return planned.map((p) => ({
    id: idOf.get(`${p.subject.materiaMallaId}:${p.periodoId}:${sectionName(p.sectionIndex)}`)!,
    periodoId: p.periodoId,
    malla: p.malla,
    subject: p.subject,
    sectionIndex: p.sectionIndex,
    slots: p.slots,
  }));
}
