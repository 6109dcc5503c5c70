import type { Db } from '../../src/db/client.js';
import {
  anhosLectivos,
  carreras,
  inscripcionesMateria,
  mallas,
  materias,
  materiasMalla,
  materiasPeriodo,
  perfilesAlumno,
  periodos,
  profesoresMateriaPeriodo,
} from '../../src/db/schema/index.js';
import { writeTx } from '../../src/db/tx.js';

let sequence = 0;
const next = () => `${process.pid % 1000}${++sequence}`;

/** A career with one active default malla and `subjects` subjects in its first semester. */
export async function createCareerWithMalla(db: Db, opts: { subjects?: number; nombre?: string } = {}) {
  const n = next();
  return writeTx(db, null, async (tx) => {
    const [carrera] = await tx
      .insert(carreras)
      .values({ nombre: opts.nombre ?? `Carrera ${n}`, codigo: `C${n}` })
      .returning();
    const [malla] = await tx
      .insert(mallas)
      .values({ carreraId: carrera!.id, nombre: `Malla ${n}`, fechaVigencia: '2020-01-01', usarPorDefecto: true })
      .returning();
    const subjects = [];
    for (let i = 0; i < (opts.subjects ?? 2); i++) {
      const [materia] = await tx
        .insert(materias)
        .values({ nombre: `Materia ${n}-${i}`, codigo: `M${n}-${i}`, carreraId: carrera!.id })
        .returning();
      const [mm] = await tx
        .insert(materiasMalla)
        .values({ mallaId: malla!.id, materiaId: materia!.id, semestreNroOrden: 1, codigo: `M${n}-${i}` })
        .returning();
      subjects.push({ materia: materia!, materiaMalla: mm! });
    }
    return { carrera: carrera!, malla: malla!, subjects };
  });
}

export async function createPeriod(db: Db) {
  const n = next();
  return writeTx(db, null, async (tx) => {
    const [year] = await tx
      .insert(anhosLectivos)
      .values({ anho: 2000 + (Number(n) % 150) })
      .onConflictDoUpdate({ target: anhosLectivos.anho, set: { anho: 2000 + (Number(n) % 150) } })
      .returning();
    const [periodo] = await tx
      .insert(periodos)
      .values({
        anhoLectivoId: year!.id,
        nombre: `Periodo ${n}`,
        inicioClases: '2026-03-01T00:00:00Z',
        finClases: '2026-07-01T00:00:00Z',
        inicioPeriodoInscripcion: '2026-02-01T00:00:00Z',
        finPeriodoInscripcion: '2026-03-15T00:00:00Z',
        finCalificarTareas: '2026-07-15T00:00:00Z',
        finEditarPlaneamiento: '2026-04-01T00:00:00Z',
      })
      .returning();
    return periodo!;
  });
}

/** A subject-period of `materiaMallaId` in `periodoId`, with `profesorId` as its head when given. */
export async function createSubjectPeriod(db: Db, materiaMallaId: number, periodoId: number, profesorId?: number) {
  return writeTx(db, null, async (tx) => {
    const [mp] = await tx.insert(materiasPeriodo).values({ materiaMallaId, periodoId, seccion: 'A' }).returning();
    if (profesorId) {
      await tx
        .insert(profesoresMateriaPeriodo)
        .values({ materiaPeriodoId: mp!.id, usuarioId: profesorId, rol: 'Encargado' });
    }
    return mp!;
  });
}

let legajo = 0;
export async function createStudentProfile(db: Db, usuarioId: number, mallaId: number, numeroLegajo?: number) {
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

export async function enrol(
  db: Db,
  perfilAlumnoId: number,
  mp: { id: number; materiaMallaId: number; periodoId: number },
) {
  const [row] = await writeTx(db, null, (tx) =>
    tx
      .insert(inscripcionesMateria)
      .values({ perfilAlumnoId, materiaPeriodoId: mp.id, materiaMallaId: mp.materiaMallaId, periodoId: mp.periodoId })
      .returning(),
  );
  return row!;
}
