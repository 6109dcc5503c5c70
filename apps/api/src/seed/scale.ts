import { eq, sql, type SQL } from 'drizzle-orm';
import { Genero, RolProfesorMateria, TipoActividadAcademicaHorario } from '@arandu/shared';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { horarios, materiasPeriodo, profesoresMateriaPeriodo, usuarios } from '../db/schema/index.js';
import { intArray, rows } from '../db/sql.js';
import { writeTx } from '../db/tx.js';
import { hashPassword } from '../modules/auth/password.js';
import { insertCatalog, type SeededMalla, type SeededMateria } from './catalog.js';
import { chunks } from './chunks.js';
import { DEMO_PASSWORD } from './demo-accounts.js';
import { APELLIDOS, NOMBRES, NOMBRES_MASCULINOS } from './people.js';
import { insertPeriodos } from './periods.js';
import { publishMaterias } from './publish.js';
import { cohortOf, COHORTS, planScale, type ScalePlan } from './scale-plan.js';
import { sectionName, materiaSlots } from './timetable.js';

export interface ScaleOptions {
  students: number;
  professors: number;
  now?: Date;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface ScaleSummary {
  profesores: number;
  alumnos: number;
  periodos: number;
  materiasPeriodo: number;
  horarios: number;
  inscripciones: number;
  ms: number;
}

/** Student k has document 3,000,000 + k and legajo 100,000 + k: the SQL below recovers k from them. */
const ALUMNO_DOC_BASE = 3_000_000;
const PROFESOR_DOC_BASE = 1_000_000;
const LEGAJO_BASE = 100_000;
const DOMAIN = 'escala.edu.py';

export async function hasUsers(db: DbOrTx): Promise<boolean> {
  return (await db.select({ id: usuarios.id }).from(usuarios).limit(1)).length > 0;
}

/**
 * Empties every user and academic table (and, by CASCADE, whatever refers to them), keeping the settings
 * and catalogues of the migrations. The tables of grades, actas and audit refuse TRUNCATE (decision 017):
 * this is a benchmark database being reset by its owner, so its triggers are switched off for this
 * transaction alone, which only a superuser may do (the app's role never can).
 */
export async function wipe(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`truncate usuarios, carreras, anhos_lectivos, aulas, auditoria, sesiones, contadores_limite, restablecimientos_pendientes, correos_salientes restart identity cascade`,
    );
  });
}

/**
 * A faculty-sized data set for benchmarks: the demo's careers and mallas, six periods over three years (the
 * last active), `professors` professors and `students` students in seven cohorts, each enrolled in every
 * subject of its semester in each period it studies. Bulk rows are written with INSERT … SELECT.
 */
export async function seedScale(db: Db, opts: ScaleOptions): Promise<ScaleSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  const step = (what: string) => log(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return writeTx(db, null, async (tx) => {
    const mallas = await insertCatalog(tx);
    const plan = planScale(opts.students, mallas.length, opts.now ?? new Date());
    const periodoIds = await insertPeriodos(tx, plan.periods);
    await insertPeople(tx, passwordHash, opts, mallas, plan);
    step(`${opts.professors} profesores y ${opts.students} alumnos`);

    const offered = await insertOffer(tx, mallas, plan, periodoIds);
    const horarioCount = await insertStaff(tx, offered, opts.professors);
    step(`${offered.length} materias por periodo con sus horarios`);

    const aulas = await insertRooms(tx);
    step(`${aulas} aulas, cada clase en una libre a su hora`);

    let inscripciones = 0;
    for (const [p, periodoId] of periodoIds.entries()) {
      inscripciones += await enrol(tx, plan, p, periodoId, mallas.length);
      step(`${inscripciones} inscripciones (periodo ${p + 1} de ${periodoIds.length})`);
    }
    const recursadas = await enrolRetakes(tx, periodoIds.at(-1)!);
    inscripciones += recursadas;
    step(`${recursadas} materias recursadas en el periodo activo`);
    await publish(tx, plan, periodoIds);

    return {
      profesores: opts.professors,
      alumnos: opts.students,
      periodos: periodoIds.length,
      materiasPeriodo: offered.length,
      horarios: horarioCount,
      inscripciones,
      ms: Math.round(performance.now() - started),
    };
  });
}

const textArray = (items: readonly string[]): SQL =>
  sql`(array[${sql.join(
    items.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[])`;

/** Names picked by arithmetic on k, so 20,000 people cost one statement each kind, not 20,000 parameters. */
function personColumns(k: SQL): SQL {
  // Parameters cast to int, so that PostgreSQL types them as numbers.
  const n = sql`${NOMBRES.length}::int`;
  const a = sql`${APELLIDOS.length}::int`;
  const male = sql`${NOMBRES_MASCULINOS.length}::int`;
  return sql`${textArray(NOMBRES)}[1 + (${k} * 7 + ${k} / 3) % ${n}],
    ${textArray(APELLIDOS)}[1 + (${k} * 13 + ${k} / 11) % ${a}] || ' ' || ${textArray(APELLIDOS)}[1 + (${k} * 17 + ${k} / 7 + 5) % ${a}],
    case when (${k} * 7 + ${k} / 3) % ${n} < ${male} then ${Genero.Masculino}::int else ${Genero.Femenino}::int end,
    '09' || (81 + ${k} % 6) || ' ' || lpad(((${k} * 389) % 1000)::text, 3, '0') || ' ' || lpad(((${k} * 733) % 1000)::text, 3, '0')`;
}

async function insertPeople(tx: Tx, passwordHash: string, opts: ScaleOptions, mallas: SeededMalla[], plan: ScalePlan) {
  const k = sql`${sql.identifier('k')}`;
  await tx.insert(usuarios).values([
    {
      nombre: 'Lucía',
      apellido: 'Ramírez Benítez',
      numeroDocumento: '1234567',
      email: 'admin@demo.edu.py',
      passwordHash,
      firstLogin: false,
      esAdmin: true,
      esAdminRoot: true,
    },
    {
      nombre: 'Miguel',
      apellido: 'Duarte Acosta',
      numeroDocumento: '2345678',
      email: 'funcionario@demo.edu.py',
      passwordHash,
      firstLogin: false,
      esFuncionario: true,
    },
  ]);
  // Professor 0 and student 0 answer to the demo addresses, so benchmarks can log in as them.
  await tx.execute(sql`
    insert into usuarios (nombre, apellido, genero, telefono_celular, numero_documento, email, password_hash, first_login, es_profesor)
    select ${personColumns(k)}, (${PROFESOR_DOC_BASE}::int + k)::text,
      case when k = 0 then 'profesor@demo.edu.py' else 'profesor' || k || '@' || ${DOMAIN} end, ${passwordHash}, false, true
    from generate_series(0, ${opts.professors - 1}) k`);
  await tx.execute(sql`
    insert into usuarios (nombre, apellido, genero, telefono_celular, numero_documento, email, password_hash, first_login, es_alumno)
    select ${personColumns(k)}, (${ALUMNO_DOC_BASE}::int + k)::text,
      case when k = 0 then 'alumno@demo.edu.py' else 'alumno' || k || '@' || ${DOMAIN} end, ${passwordHash}, false, true
    from generate_series(0, ${opts.students - 1}) k`);

  const mallaIds = intArray(mallas.map((m) => m.mallaId));
  const years = intArray(plan.cohortYear);
  await tx.execute(sql`
    insert into perfiles_alumno (usuario_id, malla_id, numero_legajo, fecha_ingreso)
    select u.id, (${mallaIds})[1 + s.k % ${mallas.length}], ${LEGAJO_BASE} + s.k,
      make_date((${years})[1 + (s.k / ${mallas.length}) % ${COHORTS}], 3, 1)
    from usuarios u
    cross join lateral (select u.numero_documento::int - ${ALUMNO_DOC_BASE} as k) s
    where u.es_alumno and u.numero_documento::int >= ${ALUMNO_DOC_BASE}`);
}

interface ScaleOffered {
  id: number;
  subject: SeededMateria;
  sectionIndex: number;
}

/** Every malla subject of the semesters a period offers, in as many sections as its cohort needs. */
async function insertOffer(tx: Tx, mallas: SeededMalla[], plan: ScalePlan, periodoIds: number[]) {
  const planned = periodoIds.flatMap((periodoId, p) =>
    mallas.flatMap((malla, c) =>
      malla.semestres.flatMap((materias, si) => {
        const j = cohortOf(plan, p, si + 1);
        if (j === undefined) return [];
        return materias.flatMap((materia) =>
          Array.from({ length: plan.sections[c]![j]! }, (_, sectionIndex) => ({
            periodoId,
            subject: materia,
            sectionIndex,
          })),
        );
      }),
    ),
  );
  const offered: ScaleOffered[] = [];
  for (const part of chunks(planned, 2000)) {
    const ids = await tx
      .insert(materiasPeriodo)
      .values(
        part.map((o) => ({
          materiaMallaId: o.subject.materiaMallaId,
          periodoId: o.periodoId,
          seccion: sectionName(o.sectionIndex),
        })),
      )
      .returning({
        id: materiasPeriodo.id,
        materiaMallaId: materiasPeriodo.materiaMallaId,
        periodoId: materiasPeriodo.periodoId,
        seccion: materiasPeriodo.seccion,
      });
    const idOf = new Map(ids.map((r) => [`${r.materiaMallaId}:${r.periodoId}:${r.seccion}`, r.id]));
    for (const o of part) {
      const id = idOf.get(`${o.subject.materiaMallaId}:${o.periodoId}:${sectionName(o.sectionIndex)}`)!;
      offered.push({ id, subject: o.subject, sectionIndex: o.sectionIndex });
    }
  }
  return offered;
}

/** Heads in turn, an auxiliary for one subject in three; no timetable clash check at this size. */
async function insertStaff(tx: Tx, offered: ScaleOffered[], profesores: number): Promise<number> {
  const [first] = await rows<{ id: number }>(tx, sql`select min(id)::int as id from usuarios where es_profesor`);
  const profesor = (n: number) => first!.id + (n % profesores);
  const staff = offered.flatMap((o, n) => [
    { materiaPeriodoId: o.id, usuarioId: profesor(n), rol: RolProfesorMateria.Encargado },
    ...(n % 3 === 0
      ? [
          {
            materiaPeriodoId: o.id,
            usuarioId: profesor(n + Math.floor(profesores / 2)),
            rol: RolProfesorMateria.Asistente,
          },
        ]
      : []),
  ]);
  for (const part of chunks(staff, 5000)) await tx.insert(profesoresMateriaPeriodo).values(part);

  const schedule = offered.flatMap((o, n) =>
    materiaSlots(o.subject.index, o.sectionIndex).map((slot, i) => ({
      materiaPeriodoId: o.id,
      profesorId: profesor(n),
      dia: slot.dia,
      horaInicio: slot.horaInicio,
      horaFin: slot.horaFin,
      tipoActividadAcademicaHorario:
        i === 0 ? TipoActividadAcademicaHorario.Teoria : TipoActividadAcademicaHorario.Practica,
    })),
  );
  for (const part of chunks(schedule, 5000)) await tx.insert(horarios).values(part);
  return schedule.length;
}

/**
 * Rooms (issue 45): as many as the classes that meet at one time in one period, each class in its own room at
 * its hours (the n-th class of a period's slot in room n), so no room is double-booked. Two statements and the
 * rooms' insert, whatever the size. Answers the number of rooms.
 */
async function insertRooms(tx: Tx): Promise<number> {
  const ranked = sql`select h.id, row_number() over (partition by mp.periodo_id, h.dia, h.hora_inicio order by h.id)::int as n
                       from horarios h join materias_periodo mp on mp.id = h.materia_periodo_id`;
  const [max] = await rows<{ n: number }>(tx, sql`select coalesce(max(n), 0)::int as n from (${ranked}) r`);
  const count = max!.n;
  // Fifty rooms a building; 80 seats hold a section of the plan's 70.
  await tx.execute(sql`
    insert into aulas (nombre, edificio, capacidad, tipo)
    select 'E-' || lpad(i::text, 3, '0'), 'Edificio ' || chr(65 + (i - 1) / 50), 80, 'aula'
      from generate_series(1, ${count}::int) i`);
  await tx.execute(sql`
    update horarios h set aula_id = a.id
      from (${ranked}) r join aulas a on a.nombre = 'E-' || lpad(r.n::text, 3, '0')
     where h.id = r.id`);
  return count;
}

/**
 * Students who retake (issue 45's feed of a student with 7 subjects): one in fifty of the active period's,
 * from the third semester on, also take the first two subjects of the semester two before (the one of their
 * parity that the period offers), in the next section of their group of the other turn, so they do not clash
 * with their own. Five subjects and two retaken: seven.
 */
async function enrolRetakes(tx: Tx, periodoId: number): Promise<number> {
  const result = await rows<{ n: number }>(
    tx,
    sql`
    with propias as (
      select distinct on (im.perfil_alumno_id) im.perfil_alumno_id as perfil, pa.malla_id, mp.seccion,
             mm.semestre_nro_orden as semestre
        from inscripciones_materia im
        join perfiles_alumno pa on pa.id = im.perfil_alumno_id
        join materias_periodo mp on mp.id = im.materia_periodo_id
        join materias_malla mm on mm.id = mp.materia_malla_id
       where im.periodo_id = ${periodoId} and pa.numero_legajo % 50 = 1 and mm.semestre_nro_orden >= 3
       order by im.perfil_alumno_id
    ), primeras as (
      select mm.id, mm.malla_id, mm.semestre_nro_orden,
             row_number() over (partition by mm.malla_id, mm.semestre_nro_orden order by mm.id) as orden
        from materias_malla mm
    ), nuevas as (
      insert into inscripciones_materia (perfil_alumno_id, materia_periodo_id, materia_malla_id, periodo_id, fecha_inscripcion)
      select p.perfil, mp.id, mp.materia_malla_id, mp.periodo_id, pe.inicio_periodo_inscripcion + interval '1 day'
        from propias p
        join primeras f on f.malla_id = p.malla_id and f.semestre_nro_orden = p.semestre - 2 and f.orden <= 2
        join materias_periodo mp on mp.materia_malla_id = f.id and mp.periodo_id = ${periodoId}
         and mp.seccion = chr(ascii(p.seccion) + 1)
        join periodos pe on pe.id = mp.periodo_id
      returning 1
    )
    select count(*)::int as n from nuevas`,
  );
  return result[0]!.n;
}

/**
 * One INSERT … SELECT a period: each student of a cohort studying then takes every subject of that semester
 * in the section of its group. Past periods carry the hand-entered attendance and PP publishing froze.
 */
async function enrol(tx: Tx, plan: ScalePlan, p: number, periodoId: number, carreras: number): Promise<number> {
  const groups = sql.join(
    plan.sections.flatMap((row, c) => row.map((n, j) => sql`(${c}::int, ${j}::int, ${n}::int)`)),
    sql`, `,
  );
  const starts = intArray(plan.cohortStart);
  const past = p < plan.periods.length - 1;
  const periodo = plan.periods[p]!;
  const result = await rows<{ n: number }>(
    tx,
    sql`
    with alumnos as (
      select pa.id, pa.malla_id, s.k, s.k % ${carreras} as c, (s.k / ${carreras}) % ${COHORTS} as j
      from perfiles_alumno pa cross join lateral (select pa.numero_legajo - ${LEGAJO_BASE} as k) s
      where pa.numero_legajo >= ${LEGAJO_BASE}
    ), nuevas as (
      insert into inscripciones_materia
        (perfil_alumno_id, materia_periodo_id, materia_malla_id, periodo_id, fecha_inscripcion, porcentaje_asistencia, porcentaje_pp)
      select a.id, mp.id, mp.materia_malla_id, mp.periodo_id,
        ${periodo.inicioPeriodoInscripcion}::timestamptz + ((a.k * 131) % 1440) * interval '10 minutes',
        case when ${past} then 40 + (a.k * 37 + mm.id * 11) % 61 end,
        case when ${past} then 20 + (a.k * 53 + mm.id * 7) % 81 end
      from alumnos a
      join (values ${groups}) g(c, j, secciones) on g.c = a.c and g.j = a.j
      join materias_malla mm on mm.malla_id = a.malla_id and mm.semestre_nro_orden = ${p} - (${starts})[1 + a.j] + 1
      join materias_periodo mp on mp.materia_malla_id = mm.id and mp.periodo_id = ${periodoId}
        and mp.seccion = chr(65 + (a.k / ${carreras * COHORTS}) % g.secciones)
      returning 1
    )
    select count(*)::int as n from nuevas`,
  );
  return result[0]!.n;
}

/** All but the active period are published; all but the last two are sealed too. */
async function publish(tx: Tx, plan: ScalePlan, periodoIds: number[]) {
  for (const [p, periodoId] of periodoIds.slice(0, -1).entries()) {
    const ofPeriodo = eq(materiasPeriodo.periodoId, periodoId);
    await publishMaterias(tx, plan.periods[p]!.finClases, ofPeriodo, p < periodoIds.length - 2 ? ofPeriodo : undefined);
  }
}
