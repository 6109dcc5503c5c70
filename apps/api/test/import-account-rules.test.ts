import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, MSG_IMPORT, Role } from '@arandu/shared';
import { paises, usuarios } from '../src/db/schema/index.js';
import { uploadImport, xlsxOf, type Report } from './factories/imports.js';
import { createUser, TEST_PASSWORD, userFormOf } from './factories/users.js';
import { injectAs, login, setupTestApp, type TestContext } from './helper.js';

/**
 * Issue 40 item 3: every change an import makes to an account passes the users screen's rules, read from one
 * place (modules/access/user-changes.ts). Each refusal of 'Usuarios del Sistema' is tried both ways: the form
 * answers 403 with its message, the import's dry run refuses the row with the same words, its apply writes
 * nothing. Before the fix a non-root Admin's import gave itself a new e-mail and the Profesor role, and a
 * Funcionario's moved a fellow Funcionario's e-mail to an address it controls.
 */

const HEADER = ['Documento', 'Nombre', 'Apellido', 'Correo electrónico', 'Teléfono celular'];
type Person = Awaited<ReturnType<typeof createUser>>;
type Actor = { user: Person; token: string };

let t: TestContext;
let paraguay: number;
let root: Actor;
let admin: Actor;
let funcionario: Actor;

const signIn = async (roles: Role[], esAdminRoot = false): Promise<Actor> => {
  const user = await createUser(t.db, { roles, esAdminRoot });
  return { user, token: await login(t.app, user.email, TEST_PASSWORD) };
};

beforeAll(async () => {
  t = await setupTestApp();
  paraguay = (await t.db.select().from(paises).where(eq(paises.nombre, 'Paraguay')))[0]!.id;
  root = await signIn([Role.Admin], true);
  admin = await signIn([Role.Admin]);
  funcionario = await signIn([Role.Funcionario]);
});
afterAll(async () => {
  await t?.close();
});

/** The professors file with one row: `target` as stored, with `email` in place of theirs. */
const profesoresFile = (target: Person, email: string) =>
  xlsxOf([HEADER, [target.numeroDocumento, target.nombre, target.apellido, email, '0981 123 456']]);

const stored = async (id: number) => (await t.db.select().from(usuarios).where(eq(usuarios.id, id)))[0]!;

/** Through the form: `target` with `email` and, when given, `roles`. */
async function throughForm(actor: Actor, target: Person, email: string, roles?: Role[]) {
  const form = await userFormOf(t.app, actor.token, target.id, paraguay);
  return injectAs(t.app, actor.token, 'POST', '/api/users', { ...form, email, roles: roles ?? form.roles });
}

/** Through an import of professors (which adds the Profesor role), dry run then apply. */
async function throughImport(actor: Actor, target: Person, email: string) {
  const file = await profesoresFile(target, email);
  const dryRun = await uploadImport(t.app, actor.token, 'profesores', 'prueba', file);
  expect(dryRun.statusCode, dryRun.body).toBe(200);
  const applied = await uploadImport(t.app, actor.token, 'profesores', 'aplicar', file);
  return { dryRun: dryRun.json<Report>(), applied };
}

const cases: {
  name: string;
  actor: () => Actor;
  target: () => Promise<Person>;
  /** Whether the form's attempt also changes roles (adds Profesor, as the import would). */
  addProfesor: boolean;
  newEmail: boolean;
  message: string;
}[] = [
  {
    name: 'a non-root Admin changes its own e-mail',
    actor: () => admin,
    target: async () => admin.user,
    addProfesor: false,
    newEmail: true,
    message: MSG.ownIdentityLocked,
  },
  {
    name: 'a non-root Admin gives itself the Profesor role',
    actor: () => admin,
    target: async () => admin.user,
    addProfesor: true,
    newEmail: false,
    message: MSG.ownIdentityLocked,
  },
  {
    name: 'the root administrator changes its own e-mail',
    actor: () => root,
    target: async () => root.user,
    addProfesor: false,
    newEmail: true,
    message: MSG.ownIdentityLocked,
  },
  {
    name: "a Funcionario moves a fellow Funcionario's e-mail",
    actor: () => funcionario,
    target: () => createUser(t.db, { roles: [Role.Funcionario] }),
    addProfesor: false,
    newEmail: true,
    message: MSG.staffIdentityOnlyByAdmin,
  },
  {
    name: 'a Funcionario gives a fellow Funcionario the Profesor role',
    actor: () => funcionario,
    target: () => createUser(t.db, { roles: [Role.Funcionario] }),
    addProfesor: true,
    newEmail: false,
    message: MSG.staffIdentityOnlyByAdmin,
  },
  {
    name: "a Funcionario changes an Admin's e-mail",
    actor: () => funcionario,
    target: () => createUser(t.db, { roles: [Role.Admin] }),
    addProfesor: false,
    newEmail: true,
    message: MSG.adminEditOnlyByRoot,
  },
  {
    name: "a non-root Admin changes the root's e-mail",
    actor: () => admin,
    target: async () => root.user,
    addProfesor: false,
    newEmail: true,
    message: MSG.adminEditOnlyByRoot,
  },
];

let sequence = 0;

describe('the users screen and an import refuse the same changes, with the same words', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const actor = c.actor();
      const target = await c.target();
      const before = await stored(target.id);
      sequence += 1;
      const email = c.newEmail ? `cambiado${sequence}.${process.pid}@atacante.com.py` : target.email;

      const formRoles = c.addProfesor ? [...new Set([...rolesOf(before), Role.Profesor])] : undefined;
      const form = await throughForm(actor, target, email, formRoles);
      expect(form.statusCode, form.body).toBe(403);
      expect(form.json().error).toBe(c.message);

      const { dryRun, applied } = await throughImport(actor, target, email);
      const [row] = dryRun.filas;
      expect(row!.accion).toBe('error');
      expect(Object.values(row!.errores).flat()).toContain(c.message);
      expect(applied.statusCode).toBe(400);

      const after = await stored(target.id);
      expect({ email: after.email, ...rolesFlags(after) }).toEqual({ email: before.email, ...rolesFlags(before) });
    });
  }
});

describe('what the users screen allows, an import allows', () => {
  it("an Admin moves a Funcionario's e-mail, shown as 'Cambia el correo' in the dry run", async () => {
    const target = await createUser(t.db, { roles: [Role.Funcionario] });
    const email = `nuevo.correo.${process.pid}@prueba.edu.py`;
    const { dryRun, applied } = await throughImport(admin, target, email);
    expect(dryRun.filas[0]).toMatchObject({ accion: 'actualizar', errores: {} });
    expect(dryRun.filas[0]!.cambios).toEqual(expect.arrayContaining([MSG_IMPORT.emailChange, 'Rol Profesor']));
    expect(applied.statusCode, applied.body).toBe(200);
    const after = await stored(target.id);
    expect(after).toMatchObject({ email, esFuncionario: true, esProfesor: true });
  });

  it("a Funcionario updates a professor's e-mail, as on the users screen", async () => {
    const target = await createUser(t.db, { roles: [Role.Profesor] });
    const email = `profe.nuevo.${process.pid}@prueba.edu.py`;
    const { applied } = await throughImport(funcionario, target, email);
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await stored(target.id)).email).toBe(email);
  });
});

function rolesFlags(u: { esAlumno: boolean; esProfesor: boolean; esFuncionario: boolean; esAdmin: boolean }) {
  return { esAlumno: u.esAlumno, esProfesor: u.esProfesor, esFuncionario: u.esFuncionario, esAdmin: u.esAdmin };
}

function rolesOf(u: { esAlumno: boolean; esProfesor: boolean; esFuncionario: boolean; esAdmin: boolean }): Role[] {
  return [
    ...(u.esAlumno ? [Role.Alumno] : []),
    ...(u.esProfesor ? [Role.Profesor] : []),
    ...(u.esFuncionario ? [Role.Funcionario] : []),
    ...(u.esAdmin ? [Role.Admin] : []),
  ];
}
