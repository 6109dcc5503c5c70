import { hash } from '@node-rs/argon2';
import { expect } from 'vitest';
import { Role } from '@arandu/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { usuarios } from '../../src/db/schema/index.js';
import { writeTx } from '../../src/db/tx.js';
import { ARGON2_OPTIONS } from '../../src/modules/auth/password.js';
import { injectAs, login } from '../helper.js';

export const TEST_PASSWORD = 'Clave-Prueba-2026';

let hashed: Promise<string> | undefined;
/** Hashed once per file: argon2 is deliberately slow. */
function testPasswordHash(): Promise<string> {
  hashed ??= hash(TEST_PASSWORD, ARGON2_OPTIONS);
  return hashed;
}

let sequence = 0;

export interface UserOverrides {
  email?: string;
  nombre?: string;
  apellido?: string;
  numeroDocumento?: string;
  roles?: Role[];
  esAdminRoot?: boolean;
  firstLogin?: boolean;
  activo?: boolean;
  /** The own ficha saved complete, as subject enrolment requires (DOMAIN.md section 2). */
  fichaActualizada?: boolean;
}

export async function createUser(db: Db, overrides: UserOverrides = {}) {
  sequence += 1;
  const roles = overrides.roles ?? [Role.Alumno];
  const n = `${process.pid % 1000}${sequence}`.padStart(6, '0');
  const values = {
    nombre: overrides.nombre ?? `Nombre${sequence}`,
    apellido: overrides.apellido ?? `Apellido${sequence}`,
    numeroDocumento: overrides.numeroDocumento ?? `9${n}`.slice(0, 8),
    email: overrides.email ?? `usuario${n}@prueba.edu.py`,
    passwordHash: await testPasswordHash(),
    firstLogin: overrides.firstLogin ?? false,
    esAlumno: roles.includes(Role.Alumno),
    esProfesor: roles.includes(Role.Profesor),
    esFuncionario: roles.includes(Role.Funcionario),
    esAdmin: roles.includes(Role.Admin),
    esAdminRoot: overrides.esAdminRoot ?? false,
    activo: overrides.activo ?? true,
    fichaActualizada: overrides.fichaActualizada ?? false,
  };
  const [row] = await writeTx(db, null, (tx) => tx.insert(usuarios).values(values).returning());
  return row!;
}

/** A new user (of `overrides.roles`), signed in: who they are and their bearer token. */
export async function signIn(app: FastifyInstance, db: Db, overrides: UserOverrides = {}) {
  const user = await createUser(db, overrides);
  return { id: user.id, email: user.email, token: await login(app, user.email, TEST_PASSWORD) };
}

/**
 * A user's stored detail, read as `token`'s holder, as the users form sends it back: the form fills in an
 * empty nationality (`nacionalidadPaisId`) and phone.
 */
export async function userFormOf(app: FastifyInstance, token: string, id: number, nacionalidadPaisId: number) {
  const res = await injectAs(app, token, 'GET', `/api/users/${id}`);
  expect(res.statusCode).toBe(200);
  const d = res.json();
  return {
    id: d.id,
    nombre: d.nombre,
    apellido: d.apellido,
    numeroDocumento: d.numeroDocumento,
    email: d.email,
    nacionalidadPaisId: d.nacionalidadPaisId ?? nacionalidadPaisId,
    telefonoCelular: d.telefonoCelular ?? '0981 000 000',
    roles: d.roles.map((r: { value: number }) => r.value),
    categoriasProfesores: d.categoriasProfesores.map(
      (c: { materia: { value: number }; escalafon: { value: number }; notas: string }) => ({
        materiaId: c.materia.value,
        escalafonDocenteId: c.escalafon.value,
        notas: c.notas,
      }),
    ),
  };
}
