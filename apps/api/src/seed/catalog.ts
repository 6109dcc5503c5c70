import type { Tx } from '../db/client.js';
import { carreras, mallas, materias, materiasMalla } from '../db/schema/index.js';
import { CARRERAS, materiaTerms } from './curriculum.js';

export interface SeededMateria {
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
  semestres: SeededMateria[][];
}

const MALLA_NOMBRE = 'Plan 2023';
const MALLA_VIGENCIA = '2023-01-01';

/** Inserts the careers, the subject catalogue and one default malla per career (CAREERS). */
export async function insertCatalog(tx: Tx): Promise<SeededMalla[]> {
  const carreraRows = await tx
    .insert(carreras)
    .values(CARRERAS.map((c) => ({ nombre: c.nombre, codigo: c.codigo })))
    .returning({ id: carreras.id, codigo: carreras.codigo });
  // RETURNING order is not promised: rows are matched back by their keys.
  const carreraIds = CARRERAS.map((c) => carreraRows.find((r) => r.codigo === c.codigo)!.id);

  // A subject that several careers list is one common subject (code CB…); otherwise it belongs to its career.
  const carrerasOf = new Map<string, Set<number>>();
  CARRERAS.forEach((carrera, ci) =>
    carrera.semestres.flat().forEach((name) => carrerasOf.set(name, (carrerasOf.get(name) ?? new Set()).add(ci))),
  );
  const catalogue = new Map<string, { codigo: string; carreraId: number | null }>();
  let common = 0;
  CARRERAS.forEach((carrera, ci) =>
    carrera.semestres.forEach((names, si) =>
      names.forEach((name, i) => {
        if (catalogue.has(name)) return;
        const shared = carrerasOf.get(name)!.size > 1;
        catalogue.set(name, {
          codigo: shared
            ? `CB${String(++common).padStart(3, '0')}`
            : `${carrera.codigo}${String(si + 1).padStart(2, '0')}${i + 1}`,
          carreraId: shared ? null : carreraIds[ci]!,
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
      carreraIds.map((carreraId) => ({
        carreraId,
        nombre: MALLA_NOMBRE,
        fechaVigencia: MALLA_VIGENCIA,
        usarPorDefecto: true,
      })),
    )
    .returning({ id: mallas.id, carreraId: mallas.carreraId });
  const mallaIds = carreraIds.map((carreraId) => mallaRows.find((m) => m.carreraId === carreraId)!.id);

  const placements = CARRERAS.flatMap((carrera, ci) =>
    carrera.semestres.flatMap((names, si) =>
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
        ...materiaTerms(p.nombre, p.semestre),
      })),
    )
    .returning({ id: materiasMalla.id, mallaId: materiasMalla.mallaId, materiaId: materiasMalla.materiaId });
  const mmId = new Map(mmRows.map((r) => [`${r.mallaId}:${r.materiaId}`, r.id]));

  const seeded: SeededMalla[] = CARRERAS.map((carrera, ci) => ({
    carreraIndex: ci,
    carreraId: carreraIds[ci]!,
    mallaId: mallaIds[ci]!,
    semestres: carrera.semestres.map(() => []),
  }));
  for (const p of placements) {
    const terms = materiaTerms(p.nombre, p.semestre);
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
