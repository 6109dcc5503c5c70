import { afterAll, beforeAll } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Role, type RolProfesorMateria } from '@arandu/shared';
import type { Db } from '../../src/db/client.js';
import {
  anhosLectivos,
  aulas,
  carreras,
  horarios,
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
import { login, setupTestApp, type TestContext } from '../helper.js';
import { createUser, TEST_PASSWORD } from './users.js';

let sequence = 0;
const next = () => `${process.pid % 1000}x${++sequence}`;

export async function createCarrera(db: Db, overrides: Partial<typeof carreras.$inferInsert> = {}) {
  const n = next();
  const [row] = await writeTx(db, null, (tx) =>
    tx
      .insert(carreras)
      .values({ nombre: `Carrera ${n}`, codigo: `C${n}`, ...overrides })
      .returning(),
  );
  return row!;
}

export async function createMateria(db: Db, overrides: Partial<typeof materias.$inferInsert> = {}) {
  const n = next();
  const [row] = await writeTx(db, null, (tx) =>
    tx
      .insert(materias)
      .values({ nombre: `Materia ${n}`, codigo: `M${n}`, ...overrides })
      .returning(),
  );
  return row!;
}

export async function createMalla(db: Db, carreraId: number, overrides: Partial<typeof mallas.$inferInsert> = {}) {
  const n = next();
  const [row] = await writeTx(db, null, (tx) =>
    tx
      .insert(mallas)
      .values({ carreraId, nombre: `Malla ${n}`, fechaVigencia: '2023-01-01', ...overrides })
      .returning(),
  );
  return row!;
}

/** Places a (new, unless given) catalogue subject in the malla at `semestre`. */
export async function addToMalla(
  db: Db,
  mallaId: number,
  opts: { semestre?: number; materiaId?: number; codigo?: string } = {},
) {
  const materia = opts.materiaId ? { id: opts.materiaId } : await createMateria(db);
  const codigo = opts.codigo ?? `MM${next()}`;
  const [row] = await writeTx(db, null, (tx) =>
    tx
      .insert(materiasMalla)
      .values({ mallaId, materiaId: materia.id, semestreNroOrden: opts.semestre ?? 1, codigo })
      .returning(),
  );
  return row!;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A period around now: classes under way, every deadline ahead (each overridable). */
export async function createPeriodo(db: Db, overrides: Partial<typeof periodos.$inferInsert> & { anho?: number } = {}) {
  const { anho = 2026, ...values } = overrides;
  const now = Date.now();
  return writeTx(db, null, async (tx) => {
    await tx.insert(anhosLectivos).values({ anho }).onConflictDoNothing();
    const [year] = await tx.select().from(anhosLectivos).where(eq(anhosLectivos.anho, anho));
    const [row] = await tx
      .insert(periodos)
      .values({
        anhoLectivoId: year!.id,
        nombre: `Periodo ${next()}`,
        esSemestrePar: false,
        inicioClases: iso(now - 10 * DAY),
        finClases: iso(now + 100 * DAY),
        inicioPeriodoInscripcion: iso(now - 20 * DAY),
        finPeriodoInscripcion: iso(now + 5 * DAY),
        finCalificarTareas: iso(now + 110 * DAY),
        finEditarPlaneamiento: iso(now + 30 * DAY),
        ...values,
      })
      .returning();
    return row!;
  });
}

export async function createProfesor(db: Db, overrides: Parameters<typeof createUser>[1] = {}) {
  return createUser(db, { roles: [Role.Profesor], ...overrides });
}

/** A subject-period with its staff (`[userId, role]`) and, optionally, schedule rows. */
export async function createMateriaPeriodo(
  db: Db,
  opts: {
    materiaMallaId: number;
    periodoId: number;
    seccion?: string;
    staff?: [number, RolProfesorMateria][];
    horario?: boolean;
    editarAsistencias?: boolean;
  },
) {
  return writeTx(db, null, async (tx) => {
    const [mp] = await tx
      .insert(materiasPeriodo)
      .values({
        materiaMallaId: opts.materiaMallaId,
        periodoId: opts.periodoId,
        seccion: opts.seccion ?? 'A',
        editarAsistencias: opts.editarAsistencias ?? false,
      })
      .returning();
    for (const [usuarioId, rol] of opts.staff ?? []) {
      await tx.insert(profesoresMateriaPeriodo).values({ materiaPeriodoId: mp!.id, usuarioId, rol });
    }
    if (opts.horario && opts.staff?.[0]) {
      // The room from the rooms' list (issue 45): the schedule names it by aulaId; one 'A-101' per database.
      await tx.insert(aulas).values({ nombre: 'A-101', capacidad: 40 }).onConflictDoNothing();
      const [aula] = await tx
        .select({ id: aulas.id })
        .from(aulas)
        .where(sql`lower(${aulas.nombre}) = 'a-101'`);
      await tx.insert(horarios).values({
        materiaPeriodoId: mp!.id,
        profesorId: opts.staff[0][0],
        dia: 1,
        horaInicio: '07:00',
        horaFin: '08:30',
        aulaId: aula!.id,
        tipoActividadAcademicaHorario: 1,
      });
    }
    return mp!;
  });
}

let legajo = 0;
/** A student user with a profile in `mallaId`. */
export async function createAlumno(db: Db, mallaId: number, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, { roles: [Role.Alumno], ...overrides });
  const numero = ++legajo;
  const [perfil] = await writeTx(db, null, (tx) =>
    tx
      .insert(perfilesAlumno)
      .values({
        usuarioId: user.id,
        mallaId,
        numeroLegajo: 500_000 + (process.pid % 1000) * 1000 + numero,
        fechaIngreso: '2024-02-01',
      })
      .returning(),
  );
  return { user, perfil: perfil! };
}

export async function inscribir(
  db: Db,
  perfilAlumnoId: number,
  mp: { id: number; materiaMallaId: number; periodoId: number },
  values: { porcentajePP?: number; porcentajeAsistencia?: number } = {},
) {
  const [row] = await writeTx(db, null, (tx) =>
    tx
      .insert(inscripcionesMateria)
      .values({
        perfilAlumnoId,
        materiaPeriodoId: mp.id,
        materiaMallaId: mp.materiaMallaId,
        periodoId: mp.periodoId,
        ...values,
      })
      .returning(),
  );
  return row!;
}

/** A career, its malla with one semester-1 subject, a period around now and a subject-period taught by a new professor. */
export async function createOffering(db: Db, opts: { periodoId?: number; seccion?: string } = {}) {
  const carrera = await createCarrera(db);
  const malla = await createMalla(db, carrera.id);
  const materiaMalla = await addToMalla(db, malla.id);
  const periodoId = opts.periodoId ?? (await createPeriodo(db)).id;
  const profesor = await createProfesor(db);
  const mp = await createMateriaPeriodo(db, {
    materiaMallaId: materiaMalla.id,
    periodoId,
    seccion: opts.seccion ?? 'A',
    staff: [[profesor.id, 'Encargado']],
    horario: true,
  });
  return { carrera, malla, materiaMalla, periodoId, profesor, mp };
}

/** One signed-in user of each role: tokens for the permission matrix. */
export async function signInEveryRole(app: FastifyInstance, db: Db) {
  const sign = async (roles: Role[]) => {
    const user = await createUser(db, { roles });
    return { user, token: await login(app, user.email, TEST_PASSWORD) };
  };
  const [admin, funcionario, profesor, alumno] = [
    await sign([Role.Admin]),
    await sign([Role.Funcionario]),
    await sign([Role.Profesor]),
    await sign([Role.Alumno]),
  ];
  return { admin, funcionario, profesor, alumno };
}

/**
 * The test file's app over a fresh database and one signed-in user of each role: built in the file's
 * `beforeAll`, closed in its `afterAll`. The two objects are filled in place, so read them inside tests only.
 */
export function setupAppWithEveryRole() {
  const t = {} as TestContext;
  const who = {} as Awaited<ReturnType<typeof signInEveryRole>>;
  beforeAll(async () => {
    Object.assign(t, await setupTestApp());
    Object.assign(who, await signInEveryRole(t.app, t.db));
  });
  afterAll(async () => {
    // Unset when the set-up itself failed.
    await (t.close as TestContext['close'] | undefined)?.();
  });
  return { t, who };
}
