import type { Db } from '../../src/db/client.js';
import { perfilesAlumno } from '../../src/db/schema/index.js';
import { writeTx } from '../../src/db/tx.js';
import { addToMalla, createCarrera, createMalla, createMateria, createPeriodo } from './academic.js';

let sequence = 0;

/** A career with one active default malla and `subjects` subjects in its first semester, coded as the subject. */
export async function createCarreraWithMalla(db: Db, opts: { subjects?: number; nombre?: string } = {}) {
  const carrera = await createCarrera(db, opts.nombre ? { nombre: opts.nombre } : {});
  const malla = await createMalla(db, carrera.id, { fechaVigencia: '2020-01-01', usarPorDefecto: true });
  const materias = [];
  for (let i = 0; i < (opts.subjects ?? 2); i++) {
    const materia = await createMateria(db, { carreraId: carrera.id });
    const materiaMalla = await addToMalla(db, malla.id, { materiaId: materia.id, codigo: materia.codigo });
    materias.push({ materia, materiaMalla });
  }
  return { carrera, malla, subjects: materias };
}

/** A period of its own academic year, with the dates of 2026's first semester. */
export async function createPeriodoOfOwnYear(db: Db) {
  return createPeriodo(db, {
    anho: 2000 + (((process.pid % 1000) * 100 + ++sequence) % 150),
    inicioClases: '2026-03-01T00:00:00Z',
    finClases: '2026-07-01T00:00:00Z',
    inicioPeriodoInscripcion: '2026-02-01T00:00:00Z',
    finPeriodoInscripcion: '2026-03-15T00:00:00Z',
    finCalificarTareas: '2026-07-15T00:00:00Z',
    finEditarPlaneamiento: '2026-04-01T00:00:00Z',
  });
}

let legajo = 0;
/** The student profile of an existing user (`createAlumno` makes the user too). */
export async function createAlumnoProfile(db: Db, usuarioId: number, mallaId: number, numeroLegajo?: number) {
  legajo += 1;
  const [row] = await writeTx(db, null, (tx) =>
    tx
      .insert(perfilesAlumno)
      .values({
        usuarioId,
        mallaId,
        numeroLegajo: numeroLegajo ?? (process.pid % 1000) * 10_000 + legajo,
        fechaIngreso: '2024-02-01',
      })
      .returning(),
  );
  return row!;
}
