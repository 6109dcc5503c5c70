import type { FastifyInstance } from 'fastify';
import { Role } from '@arandu/shared';
import type { Db } from '../../src/db/client.js';
import { planeamientos } from '../../src/db/schema/index.js';
import {
  createAlumno,
  inscribir,
  createOffering,
  createMateriaPeriodo,
  signInEveryRole,
  createMateria,
  createCarrera,
  createMalla,
  addToMalla,
  createPeriodo,
} from '../factories/academic.js';
import { createCertificado } from '../factories/certificates.js';
import { createExamen, enrolInExamen } from '../factories/exams.js';
import { givePhoto } from '../factories/photos.js';
import { createAsistencia, createTarea } from '../factories/teaching.js';
import { createAlumnoProfile } from '../factories/students.js';
import { createUser, TEST_PASSWORD } from '../factories/users.js';
import { login } from '../helper.js';

/** Who calls each route: nobody, a made-up token, a user who must still set a password, each role. */
export const CALLERS = [
  'anonymous',
  'invalidToken',
  'firstLogin',
  'admin',
  'funcionario',
  'profesor',
  'alumno',
] as const;
export type Caller = (typeof CALLERS)[number];
export type RoleCaller = Extract<Caller, 'admin' | 'funcionario' | 'profesor' | 'alumno'>;
export const ROLE_CALLERS: readonly RoleCaller[] = ['admin', 'funcionario', 'profesor', 'alumno'];

/** 'own': an object the caller owns (their user, their record, a subject-period they teach); 'other': not. */
export type Side = 'own' | 'other';

export type Signed = { userId: number; email: string; token: string };

/** The objects the matrix calls routes on, made once per run (see `FIXTURES` for how a route param picks one). */
export async function buildWorld(app: FastifyInstance, db: Db) {
  const roles = await signInEveryRole(app, db);
  const signed = (r: { user: { id: number; email: string }; token: string }): Signed => ({
    userId: r.user.id,
    email: r.user.email,
    token: r.token,
  });
  // An administrator who has not set a new password yet: even the widest role waits for it.
  const firstLoginUser = await createUser(db, { roles: [Role.Admin], firstLogin: true });
  const offering = await createOffering(db);
  const stranger = await createUser(db, { roles: [Role.Alumno] });
  const perfilOwn = await createAlumnoProfile(db, roles.alumno.user.id, offering.malla.id);
  const perfilOther = await createAlumnoProfile(db, stranger.id, offering.malla.id);
  const otherSection = await createMateriaPeriodo(db, {
    materiaMallaId: offering.materiaMalla.id,
    periodoId: offering.periodoId,
    seccion: 'B',
    staff: [[roles.profesor.user.id, 'Encargado']],
  });
  // planning: both subject-periods have a planning, so its pages and download answer rather than 'no existe'.
  await db.insert(planeamientos).values([{ materiaPeriodoId: otherSection.id }, { materiaPeriodoId: offering.mp.id }]);
  // Photos to read: a 404 on one's own photo would then be a wrong refusal, not a missing picture.
  for (const id of [...Object.values(roles).map((r) => r.user.id), stranger.id]) await givePhoto(db, id);
  // exams: an exam of each subject-period; the matrix's student is enrolled in the one its professor scores
  // ('own'), the stranger in the other one.
  const examenOwn = await createExamen(db, otherSection.id, roles.profesor.user.id);
  const examenOther = await createExamen(db, offering.mp.id, offering.profesor.id);
  const examenes = {
    examOwn: examenOwn,
    examOther: examenOther,
    inscripcionOwn: await enrolInExamen(
      db,
      examenOwn.id,
      perfilOwn.id,
      (await inscribir(db, perfilOwn.id, otherSection)).id,
    ),
    inscripcionOther: await enrolInExamen(
      db,
      examenOther.id,
      perfilOther.id,
      (await inscribir(db, perfilOther.id, offering.mp)).id,
    ),
  };
  // enrolment: the matrix's student ('own') and the stranger ('other') enrolled in a subject of their own, so
  // other areas' enrolments in the offering's subject never meet the one-section-per-subject constraint.
  const enrolmentMp = await createMateriaPeriodo(db, {
    materiaMallaId: (await addToMalla(db, offering.malla.id)).id,
    periodoId: offering.periodoId,
  });
  const enrolment = {
    mp: enrolmentMp,
    own: await inscribir(db, perfilOwn.id, enrolmentMp),
    other: await inscribir(db, perfilOther.id, enrolmentMp),
  };
  // teaching: a subject-period the matrix's professor teaches and its student is enrolled in ('own' for both),
  // and a homework and an attendance session on it and on one neither of them has ('other').
  const mpTaught = await createMateriaPeriodo(db, {
    materiaMallaId: (await addToMalla(db, offering.malla.id)).id,
    periodoId: offering.periodoId,
    seccion: 'T',
    staff: [[roles.profesor.user.id, 'Encargado']],
  });
  await inscribir(db, perfilOwn.id, mpTaught);
  const teaching = {
    mpTaught,
    tareaOwn: await createTarea(db, mpTaught.id),
    tareaOther: await createTarea(db, offering.mp.id),
    asistenciaOwn: await createAsistencia(db, mpTaught.id),
    asistenciaOther: await createAsistencia(db, offering.mp.id),
  };
  // certificates (issue 30): one of the matrix's student ('own') and one of the stranger ('other').
  const certificados = {
    own: await createCertificado(db, perfilOwn.id, roles.alumno.user.id),
    other: await createCertificado(db, perfilOther.id, stranger.id),
  };
  return {
    db,
    exams: examenes,
    certificados,
    who: {
      admin: signed(roles.admin),
      funcionario: signed(roles.funcionario),
      profesor: signed(roles.profesor),
      alumno: signed(roles.alumno),
      firstLogin: {
        userId: firstLoginUser.id,
        email: firstLoginUser.email,
        token: await login(app, firstLoginUser.email, TEST_PASSWORD),
      },
    } satisfies Record<RoleCaller | 'firstLogin', Signed>,
    stranger,
    offering,
    perfilOwn,
    perfilOther,
    // Taught by the matrix's professor ('own') and by someone else ('other').
    mpOwn: otherSection,
    mpOther: offering.mp,
    enrolment,
    teaching,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/** How a route param is filled: from the world, per caller and side; `fresh*` make a new object per call. */
export type Fixture = (w: World, caller: Caller, side: Side) => number | string | Promise<number | string>;

const callerUser = (w: World, caller: Caller) =>
  caller === 'anonymous' || caller === 'invalidToken' ? w.stranger.id : w.who[caller].userId;

export const FIXTURES = {
  /** An id nothing has: for routes whose objects the matrix does not build (allowed callers may get 404). */
  missing: () => 2_147_483_000,
  /** An import's kind (`/api/importaciones/:tipo`, issue 31). */
  importKind: () => 'alumnos',
  /** Whose week (`/api/horario/:titular/:id`, issue 45): a student's, with the `perfil` fixture as the id. */
  horarioTitular: () => 'alumno',
  user: (w, caller, side) => (side === 'own' ? callerUser(w, caller) : w.stranger.id),
  freshUser: async (w) => (await createUser(w.db, { roles: [Role.Alumno] })).id,
  perfil: (w, _c, side) => (side === 'own' ? w.perfilOwn.id : w.perfilOther.id),
  freshPerfil: async (w) =>
    (await createAlumnoProfile(w.db, (await createUser(w.db, { roles: [Role.Alumno] })).id, w.offering.malla.id)).id,
  carrera: (w) => w.offering.carrera.id,
  freshCarrera: async (w) => (await createCarrera(w.db)).id,
  materia: (w) => w.offering.materiaMalla.materiaId,
  freshMateria: async (w) => (await createMateria(w.db)).id,
  malla: (w) => w.offering.malla.id,
  freshMalla: async (w) => (await createMalla(w.db, w.offering.carrera.id)).id,
  freshMateriaMalla: async (w) => (await addToMalla(w.db, w.offering.malla.id)).id,
  /** A subject of the matrix's malla (a correlative exception's target, issue 29). */
  materiaMalla: (w) => w.offering.materiaMalla.id,
  periodo: (w) => w.offering.periodoId,
  freshPeriodo: async (w) => (await createPeriodo(w.db)).id,
  materiaPeriodo: (w, _c, side) => (side === 'own' ? w.mpOwn.id : w.mpOther.id),
  freshMateriaPeriodo: async (w) => {
    const mm = await addToMalla(w.db, w.offering.malla.id);
    return (await createMateriaPeriodo(w.db, { materiaMallaId: mm.id, periodoId: w.offering.periodoId })).id;
  },
  // exams
  examen: (w, _c, side) => (side === 'own' ? w.exams.examOwn.id : w.exams.examOther.id),
  freshExamen: async (w) => (await createExamen(w.db, w.mpOther.id, w.offering.profesor.id)).id,
  inscripcionExamen: (w, _c, side) => (side === 'own' ? w.exams.inscripcionOwn.id : w.exams.inscripcionOther.id),
  freshInscripcionExamen: async (w) => {
    const alumno = await createAlumno(w.db, w.offering.malla.id);
    const materia = await inscribir(w.db, alumno.perfil.id, w.mpOther);
    return (await enrolInExamen(w.db, w.exams.examOther.id, alumno.perfil.id, materia.id)).id;
  },
  certificado: (w, _c, side) => (side === 'own' ? w.certificados.own.id : w.certificados.other.id),
  // enrolment
  /** A subject enrolment: the matrix's student's own, or another student's. */
  inscripcion: (w, _c, side) => (side === 'own' ? w.enrolment.own.id : w.enrolment.other.id),
  /** A new enrolment of a new student per call (deletes). */
  freshInscripcion: async (w) => {
    const perfil = await createAlumnoProfile(
      w.db,
      (await createUser(w.db, { roles: [Role.Alumno] })).id,
      w.offering.malla.id,
    );
    return (await inscribir(w.db, perfil.id, w.enrolment.mp)).id;
  },
  // teaching: 'own' is taught by the matrix's professor and has its student enrolled; 'other' has neither.
  taughtMateriaPeriodo: (w, _c, side) => (side === 'own' ? w.teaching.mpTaught.id : w.mpOther.id),
  tarea: (w, _c, side) => (side === 'own' ? w.teaching.tareaOwn.id : w.teaching.tareaOther.id),
  freshTarea: async (w, _c, side) =>
    (await createTarea(w.db, side === 'own' ? w.teaching.mpTaught.id : w.mpOther.id)).id,
  asistencia: (w, _c, side) => (side === 'own' ? w.teaching.asistenciaOwn.id : w.teaching.asistenciaOther.id),
  freshAsistencia: async (w, _c, side) =>
    (await createAsistencia(w.db, side === 'own' ? w.teaching.mpTaught.id : w.mpOther.id)).id,
  /** A new Preliminar subject-period, taught by the matrix's professor on 'own': publish must not freeze shared ones. */
  freshTaughtMateriaPeriodo: async (w, _c, side) => {
    const mm = await addToMalla(w.db, w.offering.malla.id);
    const staff: [number, 'Encargado'][] = side === 'own' ? [[w.who.profesor.userId, 'Encargado']] : [];
    return (await createMateriaPeriodo(w.db, { materiaMallaId: mm.id, periodoId: w.offering.periodoId, staff })).id;
  },
} satisfies Record<string, Fixture>;
export type FixtureName = keyof typeof FIXTURES;

/** A fresh session of a role caller, for routes that end the session they are called with (logout). */
export async function freshToken(app: FastifyInstance, w: World, caller: RoleCaller | 'firstLogin') {
  return login(app, w.who[caller].email, TEST_PASSWORD);
}
