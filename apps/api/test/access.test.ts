import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, Role } from '@arandu/shared';
import type { AuthUser } from '../src/modules/auth/auth-user.js';
import {
  materiasPeriodoAllowed,
  mayActOnMateriaPeriodo,
  requireMateriaPeriodo,
  requireMateriasPeriodo,
  teachersAmong,
} from '../src/modules/access/access.service.js';
import { mayOverbook, requireEnrolmentCreation } from '../src/modules/access/enrolment-access.js';
import { accountCreationRefusal } from '../src/modules/access/user-changes.js';
import {
  photosReadable,
  requirePhotoChangeable,
  requirePhotoReadable,
  requireUserReadable,
  seesTeachingCategories,
} from '../src/modules/access/user-access.js';
import { createMateriaPeriodo, inscribir } from './factories/academic.js';
import { createCarreraWithMalla, createPeriodoOfOwnYear, createAlumnoProfile } from './factories/students.js';
import { createUser } from './factories/users.js';
import { setupTestApp, type TestContext } from './helper.js';

/*
 * The access module's functions called directly (the routes that use them are in the route x role matrix and
 * each module's tests): the set-of-ids checks filter or refuse a whole set, someone else's id answers the
 * 404 of a missing one.
 */

let t: TestContext;
const who = {} as Record<
  'admin' | 'funcionario' | 'profesor' | 'auxiliar' | 'otroProfesor' | 'alumno' | 'otroAlumno',
  AuthUser
>;
const mp = {} as Record<'taught' | 'other' | 'third', number>;
const MISSING = 2_000_000_000;

const actor = (
  user: { id: number; email: string; nombre: string; apellido: string; numeroDocumento: string },
  roles: Role[],
): AuthUser => ({
  id: user.id,
  sessionId: 0,
  email: user.email,
  nombre: user.nombre,
  apellido: user.apellido,
  numeroDocumento: user.numeroDocumento,
  roles,
  esAdminRoot: false,
  permisosExtra: [],
  firstLogin: false,
  mfaSetupRequired: false,
});
const account = async (roles: Role[]) => actor(await createUser(t.db, { roles }), roles);

beforeAll(async () => {
  t = await setupTestApp();
  who.admin = await account([Role.Admin]);
  who.funcionario = await account([Role.Funcionario]);
  who.profesor = await account([Role.Profesor]);
  who.auxiliar = await account([Role.Profesor]);
  who.otroProfesor = await account([Role.Profesor]);
  who.alumno = await account([Role.Alumno]);
  who.otroAlumno = await account([Role.Alumno]);
  const carrera = await createCarreraWithMalla(t.db, { subjects: 3 });
  const periodo = await createPeriodoOfOwnYear(t.db);
  const offer = (i: number, staff: [number, 'Encargado' | 'Asistente'][]) =>
    createMateriaPeriodo(t.db, { materiaMallaId: carrera.subjects[i]!.materiaMalla.id, periodoId: periodo.id, staff });
  const taught = await offer(0, [
    [who.profesor.id, 'Encargado'],
    [who.auxiliar.id, 'Asistente'],
  ]);
  const other = await offer(1, [[who.otroProfesor.id, 'Encargado']]);
  const third = await offer(2, [[who.profesor.id, 'Encargado']]);
  Object.assign(mp, { taught: taught.id, other: other.id, third: third.id });
  // The student is enrolled in the professor's subject-period; the other student in the other professor's.
  await inscribir(t.db, (await createAlumnoProfile(t.db, who.alumno.id, carrera.malla.id)).id, taught);
  await inscribir(t.db, (await createAlumnoProfile(t.db, who.otroAlumno.id, carrera.malla.id)).id, other);
});
afterAll(async () => {
  await t?.close();
});

describe('subject-periods over a set of ids', () => {
  it('keeps those a professor teaches, head or auxiliary, and every one for staff', async () => {
    const all = [mp.taught, mp.other, mp.third];
    expect(await materiasPeriodoAllowed(t.db, who.profesor, all, 'read')).toEqual(new Set([mp.taught, mp.third]));
    expect(await materiasPeriodoAllowed(t.db, who.auxiliar, all, 'edit')).toEqual(new Set([mp.taught]));
    expect(await materiasPeriodoAllowed(t.db, who.funcionario, all, 'edit')).toEqual(new Set(all));
    expect(await materiasPeriodoAllowed(t.db, who.alumno, all, 'read')).toEqual(new Set());
    expect(await materiasPeriodoAllowed(t.db, who.profesor, [], 'read')).toEqual(new Set());
  });

  it("refuses the whole set with the 404 of a missing one when one id is someone else's", async () => {
    await expect(requireMateriasPeriodo(t.db, who.profesor, [mp.taught, mp.third], 'edit')).resolves.toBeUndefined();
    for (const ids of [[mp.taught, mp.other], [mp.other], [mp.taught, MISSING]]) {
      await expect(requireMateriasPeriodo(t.db, who.profesor, ids, 'edit')).rejects.toMatchObject({
        statusCode: 404,
        message: MSG.materiaPeriodoNotFound,
      });
    }
    await expect(requireMateriasPeriodo(t.db, who.alumno, [mp.taught], 'read', 'otro')).rejects.toMatchObject({
      statusCode: 404,
      message: 'otro',
    });
  });

  it('answers one id as the set does, and a missing or foreign subject-period alike', async () => {
    expect(await mayActOnMateriaPeriodo(t.db, who.profesor, mp.taught, 'read')).toBe(true);
    expect(await mayActOnMateriaPeriodo(t.db, who.profesor, mp.other, 'read')).toBe(false);
    expect(await mayActOnMateriaPeriodo(t.db, who.admin, MISSING, 'read')).toBe(true);
    expect((await requireMateriaPeriodo(t.db, who.profesor, mp.taught, 'read')).id).toBe(mp.taught);
    for (const id of [mp.other, MISSING]) {
      await expect(requireMateriaPeriodo(t.db, who.profesor, id, 'read')).rejects.toMatchObject({ statusCode: 404 });
    }
    await expect(requireMateriaPeriodo(t.db, who.admin, MISSING, 'read')).rejects.toMatchObject({ statusCode: 404 });
  });

  it("keeps, of a planning's professors, those who teach the subject-period", async () => {
    const asked = [who.profesor.id, who.auxiliar.id, who.otroProfesor.id, who.alumno.id];
    expect(await teachersAmong(t.db, mp.taught, asked)).toEqual(new Set([who.profesor.id, who.auxiliar.id]));
    expect(await teachersAmong(t.db, mp.other, [])).toEqual(new Set());
  });
});

describe('user records and photos', () => {
  it("lets anyone read their own record and staff anyone's; someone else's is a 404", () => {
    expect(() => requireUserReadable(who.alumno, who.alumno.id)).not.toThrow();
    expect(() => requireUserReadable(who.funcionario, who.alumno.id)).not.toThrow();
    for (const reader of [who.alumno, who.profesor]) {
      expect(() => requireUserReadable(reader, who.otroAlumno.id)).toThrow(
        expect.objectContaining({ statusCode: 404, message: MSG.userNotFound }),
      );
    }
  });

  it('lets the owner and staff change a photo; anyone else, or a missing user, gets the same 404', () => {
    const target = { id: who.alumno.id, esAdmin: false };
    expect(requirePhotoChangeable(who.alumno, target)).toBe(target);
    expect(requirePhotoChangeable(who.admin, target)).toBe(target);
    for (const [reader, found] of [
      [who.profesor, target],
      [who.otroAlumno, target],
      [who.admin, undefined],
    ] as const) {
      expect(() => requirePhotoChangeable(reader, found)).toThrow(expect.objectContaining({ statusCode: 404 }));
    }
  });

  it("filters a set of users' photos: a professor sees their own students', staff everyone's", async () => {
    const asked = [who.alumno.id, who.otroAlumno.id, who.profesor.id, MISSING];
    expect(await photosReadable(t.db, who.profesor, asked)).toEqual(new Set([who.alumno.id, who.profesor.id]));
    expect(await photosReadable(t.db, who.auxiliar, asked)).toEqual(new Set([who.alumno.id]));
    expect(await photosReadable(t.db, who.otroProfesor, asked)).toEqual(new Set([who.otroAlumno.id]));
    expect(await photosReadable(t.db, who.funcionario, asked)).toEqual(new Set(asked));
    // A student teaches nobody: only their own, whoever shares their subject-period.
    expect(await photosReadable(t.db, who.alumno, asked)).toEqual(new Set([who.alumno.id]));
  });

  it("answers someone else's photo with the 404 of a missing user", async () => {
    await expect(requirePhotoReadable(t.db, who.profesor, who.alumno.id)).resolves.toBeUndefined();
    for (const [reader, id] of [
      [who.profesor, who.otroAlumno.id],
      [who.otroAlumno, who.alumno.id],
    ] as const) {
      await expect(requirePhotoReadable(t.db, reader, id)).rejects.toMatchObject({
        statusCode: 404,
        message: MSG.userNotFound,
      });
    }
  });

  it("shows the form's teaching categories to staff and professors only", () => {
    expect([who.admin, who.funcionario, who.profesor, who.alumno].map(seesTeachingCategories)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('lets only an Admin create an Admin account', () => {
    const roles = { esAlumno: false, esProfesor: false, esFuncionario: false };
    expect(accountCreationRefusal(who.admin, { ...roles, esAdmin: true })).toBeUndefined();
    expect(accountCreationRefusal(who.funcionario, { ...roles, esAdmin: true })).toBe(MSG.adminGrantOnlyByAdmin);
    expect(accountCreationRefusal(who.funcionario, { ...roles, esFuncionario: true, esAdmin: false })).toBeUndefined();
  });
});

describe("enrolment rules that are an Admin's", () => {
  it("keeps 'Nueva inscripción' (403 for anyone else) and enrolling over the cap to an Admin", () => {
    expect(() => requireEnrolmentCreation(who.admin)).not.toThrow();
    expect(mayOverbook(who.admin)).toBe(true);
    for (const user of [who.funcionario, who.profesor, who.alumno]) {
      expect(() => requireEnrolmentCreation(user)).toThrow(expect.objectContaining({ statusCode: 403 }));
      expect(mayOverbook(user)).toBe(false);
    }
  });
});
