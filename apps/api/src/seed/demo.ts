import { inArray } from 'drizzle-orm';
import { RolProfesorMateria } from '@arandu/shared';
import type { Db, DbOrTx } from '../db/client.js';
import { carreras, configuracion, materiasPeriodo } from '../db/schema/index.js';
import { writeTx } from '../db/tx.js';
import { hashPassword } from '../modules/auth/password.js';
import { activePeriodo, pastPeriodo, previousSemester, type PeriodoPlan } from './calendar.js';
import { insertCatalog, type SeededMalla } from './catalog.js';
import { CARRERAS } from './curriculum.js';
import { DEMO_PASSWORD } from './demo-accounts.js';
import { insertOffer, type OfferedMateria } from './demo-offer.js';
import { insertDemoCertificate } from './demo-certificates.js';
import { insertDemoPlannings } from './demo-planning.js';
import { insertDemoMails, type DemoMailSettings } from './demo-mails.js';
import { insertDemoSecurityEvents } from './demo-security-events.js';
import { insertDemoPeople } from './demo-people.js';
import { insertCuposDemo, waitingCandidates } from './demo-seats.js';
import {
  insertCorrelativasDemo,
  insertDemoExceptions,
  regulariseCorrelativas,
  requiredOf,
} from './demo-correlatives.js';
import { insertPriorHistory } from './demo-history.js';
import { insertEnrolmentDemo } from './demo-enrolment.js';
import { insertStaff, type StaffAssignment } from './demo-staff.js';
import { insertAlumnos, type DemoAlumno } from './demo-students.js';
import { insertTeaching } from './demo-teaching.js';
import { insertDemoHandIns } from './demo-hand-ins.js';
import { insertDemoWarnings } from './demo-warnings.js';
import { insertPeriodos } from './periods.js';
import { insertExamenes } from './demo-exams.js';
import { insertMateriaRectification } from './demo-subject-rectification.js';
import { publishMaterias } from './publish.js';
import { Random } from './random.js';
import type { ScaleSummary } from './scale.js';

/** What the demo seed wrote: the scale seed's counts, and the catalogue it writes as well. */
export interface DemoSummary extends ScaleSummary {
  carreras: number;
  materias: number;
  mallas: number;
}

const SEED = 2026;
/** Generated people; the fixed accounts come on top (two more teach, three more study). */
const PROFESORES = 38;
const ALUMNOS = 397;
const INFORMATICA = CARRERAS.findIndex((c) => c.codigo === 'INF');
const ELECTRONICA = CARRERAS.findIndex((c) => c.codigo === 'IEN');
const INDUSTRIAL = CARRERAS.findIndex((c) => c.codigo === 'IND');

/** The demo mails' app name and link when the caller gives none (the CLI; the server passes its own). */
const DEFAULT_MAIL: DemoMailSettings = { appName: 'Arandu', appUrl: 'http://127.0.0.1:3000' };

/** Any career means the database already holds academic data: the demo is never written over it. */
export async function isSeeded(db: DbOrTx): Promise<boolean> {
  const found = await db.select({ id: carreras.id }).from(carreras).limit(1);
  return found.length > 0;
}

/**
 * The demo faculty (issue 2): five careers with their mallas, the two previous semesters published and sealed,
 * the current one active with its enrolment window open on `now`, about 40 professors, 400 students and
 * the fixed accounts of demo-accounts.ts. Deterministic for a given `now`; one transaction.
 */
export async function seedDemo(
  db: Db,
  opts: { now?: Date; mail?: DemoMailSettings | undefined } = {},
): Promise<DemoSummary> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const random = new Random(SEED);
  // One hash for every account: hashing each of 440 users would take seconds for nothing.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return writeTx(db, null, async (tx) => {
    const mallas = await insertCatalog(tx);
    // The faculty's page, linked from the public verification page when a code is not found (issue 43).
    await tx
      .insert(configuracion)
      .values({ clave: 'sitioFacultad', valor: JSON.stringify('https://www.demo.edu.py') })
      .onConflictDoNothing({ target: configuracion.clave });
    await insertCorrelativasDemo(tx, mallas);
    const active = activePeriodo(now);
    const earlier = pastPeriodo(previousSemester(active));
    const prior = pastPeriodo(previousSemester(earlier));
    const [priorId, earlierId, activeId] = (await insertPeriodos(tx, [prior, earlier, active])) as [
      number,
      number,
      number,
    ];

    const activeSemesters = semestersOf(active);
    const earlierSemesters = semestersOf(earlier);
    const offered = await insertOffer(tx, random, mallas, [
      { periodoId: earlierId, semestres: earlierSemesters, sections: () => 1, manualAttendance: 0.25 },
      {
        periodoId: activeId,
        semestres: activeSemesters,
        // First-year subjects are crowded enough for a second section; a few later ones too.
        sections: (s) => (s.semestre <= 2 || random.chance(0.15) ? 2 : 1),
        manualAttendance: 0.2,
      },
    ]);

    const people = await insertDemoPeople(tx, random, passwordHash, { professors: PROFESORES, students: ALUMNOS });
    const id = (email: string) => people.idByEmail.get(email)!;
    const profesor = id('profesor@demo.edu.py');
    const multirol = id('multirol@demo.edu.py');
    const pick = (periodoId: number, carrera: number, semestre: number, index: number, section = 0) =>
      offered.find(
        (o) =>
          o.periodoId === periodoId &&
          o.malla.carreraIndex === carrera &&
          o.subject.semestre === semestre &&
          o.subject.index === index &&
          o.sectionIndex === section,
      )!;
    // Different positions in different semesters never share a slot, so these never clash (timetable.ts).
    const reserved: StaffAssignment[] = [
      ...[0, 1, 2, 3].map((i) => head(profesor, pick(activeId, INFORMATICA, activeSemesters[i]!, i))),
      {
        userId: profesor,
        offered: pick(activeId, INFORMATICA, activeSemesters[4]!, 4),
        rol: RolProfesorMateria.Asistente,
      },
      ...[0, 1].map((i) => head(profesor, pick(earlierId, INFORMATICA, earlierSemesters[i + 1]!, i))),
      // Multirol studies in the morning (section A) and teaches a first-year evening section (B).
      head(multirol, pick(activeId, ELECTRONICA, activeSemesters[0]!, 0, 1)),
    ];
    // alumno@demo's first subject two semesters back (Cálculo II in an even period): regularised then, its exam
    // failed, taken again now in the section that is full.
    const retaken = mallas[INFORMATICA]!.semestres[activeSemesters[1]! - 3]![0]!;
    const retakenId = retaken.materiaMallaId;
    const { horarios } = await insertStaff(tx, random, offered, people.professorIds, reserved, activeId);

    const alumnos: DemoAlumno[] = [
      {
        userId: id('alumno@demo.edu.py'),
        malla: mallas[INFORMATICA]!,
        semestre: activeSemesters[1]!,
        sectionIndex: 0,
        // Three subjects taken (a class every day, Monday to Saturday), one open, and the last one locked: its
        // correlative is the one they fell short in. The third is added after the draws (atLeast).
        active: 2,
        atLeast: 3,
        history: true,
        wholeSemesterBefore: true,
      },
      {
        userId: id('multirol@demo.edu.py'),
        malla: mallas[ELECTRONICA]!,
        semestre: activeSemesters[4]!,
        sectionIndex: 0,
        active: 4,
        history: true,
        wholeSemesterBefore: true,
      },
      {
        userId: id('nuevo@demo.edu.py'),
        malla: mallas[INDUSTRIAL]!,
        semestre: activeSemesters[0]!,
        sectionIndex: 0,
        active: 0,
        history: false,
      },
      ...people.studentIds.map((userId, i) => ({
        userId,
        malla: mallas[i % mallas.length]!,
        semestre: activeSemesters[Math.floor(i / mallas.length) % activeSemesters.length]!,
        sectionIndex: random.int(0, 1),
        // Three in ten have not enrolled yet: the window is open for them. The others take at least three
        // subjects, so their week has six classes or more.
        ...(random.chance(0.7) ? { active: 'all' as const, atLeast: 3 } : { active: 0 }),
        history: true,
      })),
    ];
    const { inscripciones } = await insertAlumnos(tx, random, alumnos, offered, {
      earlier: { periodoId: earlierId, inicioPeriodoInscripcion: earlier.inicioPeriodoInscripcion },
      active: { periodoId: activeId, anho: active.anho },
      now,
    });
    await insertPriorHistory(tx, {
      periodoId: priorId,
      plan: prior,
      mallas,
      students: alumnos,
      professorIds: people.professorIds,
      // Cálculo III's exam card (in an even period) names it.
      failed: {
        userId: id('alumno@demo.edu.py'),
        materiaMallaId: retakenId,
      },
    });
    await insertEnrolmentDemo(tx, activeId);
    const nuevoSemestre = alumnos[2]!.semestre;
    await insertDemoExceptions(tx, id('funcionario@demo.edu.py'), [
      {
        // The course again, to pass it this time.
        userId: id('alumno@demo.edu.py'),
        materiaMallaIds: requiredOf(mallas[INFORMATICA]!, retaken).length > 0 ? [retakenId] : [],
        motivo:
          'Ingresó por traslado: Cálculo I y Álgebra Lineal aprobadas en otra facultad, equivalencia en trámite (Res. FI N.º 204/2026)',
      },
      {
        userId: id('nuevo@demo.edu.py'),
        materiaMallaIds:
          nuevoSemestre > 1 ? mallas[INDUSTRIAL]!.semestres[nuevoSemestre - 1]!.map((s) => s.materiaMallaId) : [],
        motivo:
          'Ingreso a mitad de año: primer semestre aprobado por equivalencia del curso de admisión (Res. FI N.º 311/2026)',
      },
    ]);
    await insertTeaching(tx, {
      earlier: { periodoId: earlierId, inicioClases: earlier.inicioClases, finClases: earlier.finClases },
      active: { periodoId: activeId, inicioClases: active.inicioClases },
      now,
    });
    await insertDemoHandIns(tx, {
      periodoId: activeId,
      profesorId: profesor,
      alumnoUserId: id('alumno@demo.edu.py'),
      now,
    });
    await regulariseCorrelativas(tx, {
      earlierId,
      activeId,
      wholeSemesterOf: [
        id('alumno@demo.edu.py'),
        id('multirol@demo.edu.py'),
        ...(await waitingCandidates(tx, {
          activeId,
          earlierId,
          materiaMallaId: retakenId,
          alumnoUserId: id('alumno@demo.edu.py'),
        })),
      ],
      // The last subject of alumno@demo's semester before: the last of theirs now asks for it.
      short: {
        userId: id('alumno@demo.edu.py'),
        materiaMallaId: mallas[INFORMATICA]!.semestres[activeSemesters[1]! - 2]!.at(-1)!.materiaMallaId,
      },
    });
    // The earlier period's subjects were all published after classes; most have been sealed since.
    const earlierIds = offered.filter((o) => o.periodoId === earlierId).map((o) => o.id);
    const sealedIds = earlierIds.filter(() => random.chance(0.6));
    await publishMaterias(
      tx,
      earlier.finClases,
      inArray(materiasPeriodo.id, earlierIds),
      inArray(materiasPeriodo.id, sealedIds),
    );
    // After publishing: who is regular in the earlier period decides who may wait for the full section.
    await insertCuposDemo(tx, activeId, id('alumno@demo.edu.py'), now);
    await insertDemoPlannings(tx, {
      offered,
      earlier: { periodoId: earlierId, plan: earlier },
      active: { periodoId: activeId, plan: active },
      copyTarget: pick(activeId, INFORMATICA, activeSemesters[0]!, 0),
      withoutPlanning: [pick(activeId, INFORMATICA, activeSemesters[3]!, 3)],
      formerTeacher: people.professorIds[0]!,
    });
    await insertDemoWarnings(tx, {
      activePeriodoId: activeId,
      professorId: profesor,
      studentUserId: id('alumno@demo.edu.py'),
      now,
    });
    await insertExamenes(tx, random, {
      earlierId,
      earlierFinClases: earlier.finClases,
      demoStudentUserId: id('alumno@demo.edu.py'),
      rootAdminId: id('admin@demo.edu.py'),
      rectifierId: id('funcionario@demo.edu.py'),
      now,
    });
    await insertMateriaRectification(tx, id('alumno@demo.edu.py'), id('funcionario@demo.edu.py'));
    // Issued after the exams (and their rectification): the certificate says what the status says today.
    await insertDemoCertificate(tx, id('alumno@demo.edu.py'));
    // No draws: the generator's sequence below is untouched.
    await insertDemoSecurityEvents(tx, id, now);
    // Last, so the generator's earlier draws (and all the data above) stay as they were.
    await insertDemoMails(tx, random, opts.mail ?? DEFAULT_MAIL, {
      professorIds: people.professorIds,
      studentIds: people.studentIds,
      now,
    });

    return {
      carreras: mallas.length,
      materias: new Set(mallas.flatMap(materiaIds)).size,
      mallas: mallas.length,
      periodos: 3,
      materiasPeriodo: offered.length,
      horarios,
      profesores: PROFESORES + 2,
      alumnos: alumnos.length,
      inscripciones,
      ms: Math.round(performance.now() - started),
    };
  });
}

function head(userId: number, offered: OfferedMateria): StaffAssignment {
  return { userId, offered, rol: RolProfesorMateria.Encargado };
}

/** An even period offers semesters 2, 4, 6, 8, 10; an odd one 1, 3, 5, 7, 9 (DOMAIN.md section 3). */
function semestersOf(p: PeriodoPlan): number[] {
  return [1, 3, 5, 7, 9].map((s) => (p.esSemestrePar ? s + 1 : s));
}

const materiaIds = (m: SeededMalla) => m.semestres.flat().map((s) => s.materiaId);
