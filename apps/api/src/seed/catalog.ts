import type { Tx } from '../db/client.js';
import { carreras, mallas, materias, materiasMalla } from '../db/schema/index.js';
import { CAREERS, subjectTerms } from './curriculum.js';

export interface SeededSubject {
  materiaMallaId: number;
  materiaId: number;
  nombre: string;
  semestre: number;
  /** Position within its semester: it decides the subject's timetable slots. */
  index: number;
  hasLab: boolean;
}

export interface SeededMalla {
  carreraIndex: number;
  carreraId: number;
  mallaId: number;
  /** Subjects by semester: `semestres[0]` is semester 1. */
  semestres: SeededSubject[][];
}

const MALLA_NOMBRE = 'Plan 2023';
const MALLA_VIGENCIA = '2023-01-01';

/** Inserts the careers, the subject catalogue and one default malla per career (CAREERS). */
export async function insertCatalog(tx: Tx): Promise<SeededMalla[]> {
  const careerRows = await tx
    .insert(carreras)
    .values(CAREERS.map((c) => ({ nombre: c.nombre, codigo: c.codigo })))
    .returning({ id: carreras.id, codigo: carreras.codigo });
  // RETURNING order is not promised: rows are matched back by their keys.
  const careerIds = CAREERS.map((c) => careerRows.find((r) => r.codigo === c.codigo)!.id);

  // A subject that several careers list is one common subject (code CB…); otherwise it belongs to its career.
  const careersOf = new Map<string, Set<number>>();
  CAREERS.forEach((career, ci) =>
    career.semestres.flat().forEach((name) => careersOf.set(name, (careersOf.get(name) ?? new Set()).add(ci))),
  );
  const catalogue = new Map<string, { codigo: string; carreraId: number | null }>();
  let common = 0;
  CAREERS.forEach((career, ci) =>
    career.semestres.forEach((names, si) =>
      names.forEach((name, i) => {
        if (catalogue.has(name)) return;
        const shared = careersOf.get(name)!.size > 1;
        catalogue.set(name, {
          codigo: shared
            ? `CB${String(++common).padStart(3, '0')}`
            : `${career.codigo}${String(si + 1).padStart(2, '0')}${i + 1}`,
          carreraId: shared ? null : careerIds[ci]!,
        });
      }),
    ),
  );
  const materiaRows = await tx
    .insert(materias)
    .values([...catalogue].map(([nombre, m]) => ({ nombre, ...m })))
    .returning({ id: materias.id, nombre: materias.nombre, codigo: materias.codigo });
  const materiaByName = new Map(materiaRows.map((m) => [m.nombre, m]));

  const mallaRows = await tx
    .insert(mallas)
    .values(
      careerIds.map((carreraId) => ({
        carreraId,
        nombre: MALLA_NOMBRE,
        fechaVigencia: MALLA_VIGENCIA,
        usarPorDefecto: true,
      })),
    )
    .returning({ id: mallas.id, carreraId: mallas.carreraId });
  const mallaIds = careerIds.map((carreraId) => mallaRows.find((m) => m.carreraId === carreraId)!.id);

  const placements = CAREERS.flatMap((career, ci) =>
    career.semestres.flatMap((names, si) =>
      names.map((nombre, index) => ({ ci, nombre, semestre: si + 1, index, materia: materiaByName.get(nombre)! })),
    ),
  );
  const mmRows = await tx
    .insert(materiasMalla)
    .values(
      placements.map((p) => ({
        mallaId: mallaIds[p.ci]!,
        materiaId: p.materia.id,
        semestreNroOrden: p.semestre,
        codigo: p.materia.codigo,
        ...subjectTerms(p.nombre, p.semestre),
      })),
    )
    .returning({ id: materiasMalla.id, mallaId: materiasMalla.mallaId, materiaId: materiasMalla.materiaId });
  const mmId = new Map(mmRows.map((r) => [`${r.mallaId}:${r.materiaId}`, r.id]));

  const seeded: SeededMalla[] = CAREERS.map((career, ci) => ({
    carreraIndex: ci,
    carreraId: careerIds[ci]!,
    mallaId: mallaIds[ci]!,
    semestres: career.semestres.map(() => []),
  }));
  for (const p of placements) {
    const terms = subjectTerms(p.nombre, p.semestre);
    seeded[p.ci]!.semestres[p.semestre - 1]!.push({
      materiaMallaId: mmId.get(`${mallaIds[p.ci]!}:${p.materia.id}`)!,
      materiaId: p.materia.id,
      nombre: p.nombre,
      semestre: p.semestre,
      index: p.index,
      hasLab: terms.horasLaboratorioSemestral > 0,
    });
  }
  return seeded;
}
