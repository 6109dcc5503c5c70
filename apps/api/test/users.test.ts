import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, Role } from '@arandu/shared';
import { auditoria, categoriasProfesores, correosSalientes, paises, usuarios } from '../src/db/schema/index.js';
import { givePhoto } from './factories/photos.js';
import { createCarreraWithMalla } from './factories/students.js';
import { createUser, signIn, TEST_PASSWORD, userFormOf, type UserOverrides } from './factories/users.js';
import { bearer, lastMailTo, login, setupTestApp, temporaryPasswordIn, type TestContext, injectAs } from './helper.js';

let t: TestContext;
let paraguay: number;
let materiaIds: number[];
let escalafonIds: number[];

type Account = { id: number; email: string; token: string };
const accounts = {} as Record<'admin' | 'funcionario' | 'profesor' | 'alumno' | 'otroAlumno' | 'otroAdmin', Account>;

async function account(roles: Role[], extra: UserOverrides = {}): Promise<Account> {
  const signed = await signIn(t.app, t.db, { roles, ...extra });
  await givePhoto(t.db, signed.id);
  return signed;
}

beforeAll(async () => {
  t = await setupTestApp();
  paraguay = (await t.db.select().from(paises).where(eq(paises.nombre, 'Paraguay')))[0]!.id;
  const carrera = await createCarreraWithMalla(t.db, { subjects: 3 });
  materiaIds = carrera.subjects.map((s) => s.materia.id);
  escalafonIds = (await t.db.execute(sql`select id from escalafones_docentes order by orden`)).rows.map(
    (r) => (r as { id: number }).id,
  );
  accounts.admin = await account([Role.Admin], { nombre: 'Lucía', apellido: 'Ramírez Benítez' });
  accounts.funcionario = await account([Role.Funcionario]);
  accounts.profesor = await account([Role.Profesor]);
  accounts.alumno = await account([Role.Alumno]);
  accounts.otroAlumno = await account([Role.Alumno]);
  accounts.otroAdmin = await account([Role.Admin]);
});
afterAll(async () => {
  await t?.close();
});

let emailSeq = 0;
function userBody(overrides: Record<string, unknown> = {}) {
  emailSeq += 1;
  return {
    nombre: 'Ana',
    apellido: 'Benítez Ortiz',
    numeroDocumento: `77${String(emailSeq).padStart(5, '0')}`,
    email: `ana.benitez${emailSeq}@prueba.edu.py`,
    nacionalidadPaisId: paraguay,
    telefonoCelular: '0981 123 456',
    roles: [Role.Profesor],
    categoriasProfesores: [],
    ...overrides,
  };
}

const call = (token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t.app, token, method, url, payload);

const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(usuarios))[0]!.n;
const userRow = async (id: number) => (await t.db.select().from(usuarios).where(eq(usuarios.id, id)))[0]!;

/** A user's stored detail, as the form would send it back. */
const formOf = (token: string, id: number) => userFormOf(t.app, token, id, paraguay);

describe('POST /api/users (create)', () => {
  it('creates a professor with teaching categories, mails a temporary password and asks for a new one', async () => {
    const before = await countUsers();
    const body = userBody({
      roles: [Role.Profesor],
      domicilioCalle: '  Mcal. López  ',
      categoriasProfesores: [
        { materiaId: materiaIds[0], escalafonDocenteId: escalafonIds[1], notas: 'Titular desde 2019' },
        { materiaId: materiaIds[1], escalafonDocenteId: escalafonIds[0], notas: 'Auxiliar' },
      ],
    });
    const res = await call(accounts.admin.token, 'POST', '/api/users', body);
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      nombre: 'Ana',
      email: body.email,
      esProfesor: true,
      esAdmin: false,
      domicilioCalle: 'Mcal. López',
      roles: [{ value: 1, label: 'Profesor', code: 'P' }],
      fichaActualizada: false,
      urlPhoto: null,
    });
    expect(created.categoriasProfesores).toHaveLength(2);
    expect(created).not.toHaveProperty('passwordHash');
    expect(await countUsers()).toBe(before + 1);

    const stored = await userRow(created.id);
    expect(stored.firstLogin).toBe(true);
    const mail = await lastMailTo(t.db, body.email);
    expect(mail?.cuerpo).toContain('Contraseña temporal:');
    const temporary = temporaryPasswordIn(mail!.cuerpo);
    const loginRes = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: body.email, password: temporary },
    });
    expect(loginRes.statusCode).toBe(200);
    expect(loginRes.json().firstLogin).toBe(true);

    // The audit trigger attributes the new row to the administrator and leaves the hash out.
    const [logged] = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.nombreTabla, 'usuarios'), eq(auditoria.clavePrimaria, String(created.id))));
    expect(logged).toMatchObject({ tipo: 'INSERT', usuarioId: accounts.admin.id });
    expect(logged!.valoresNuevos).not.toHaveProperty('password_hash');
    // The derived search text is no change of its own.
    expect(logged!.columnasAfectadas).not.toContain('busqueda');
    expect(logged!.valoresNuevos).not.toHaveProperty('busqueda');
  });

  it('answers every rule of the form in Spanish and saves nothing', async () => {
    const before = await countUsers();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nombre: '' }, 'nombre', MSG.nombreRequired],
      [{ nombre: '   ' }, 'nombre', MSG.nombreRequired],
      [{ apellido: undefined }, 'apellido', MSG.apellidoRequired],
      [{ numeroDocumento: '12345' }, 'numeroDocumento', MSG.documentoInvalid],
      [{ numeroDocumento: '12.345.678' }, 'numeroDocumento', MSG.documentoInvalid],
      [{ numeroDocumento: '12345678901' }, 'numeroDocumento', MSG.documentoInvalid],
      [{ nacionalidadPaisId: null }, 'nacionalidadPaisId', MSG.nacionalidadRequired],
      [{ telefonoCelular: '12345' }, 'telefonoCelular', MSG.phoneInvalid],
      [{ telefonoCelular: '0981-abc-123' }, 'telefonoCelular', MSG.phoneInvalid],
      [{ trabajoTelefono: 'x' }, 'trabajoTelefono', MSG.phoneInvalid],
      [{ email: 'no-es-correo' }, 'email', MSG.emailInvalid],
      [{ email: '' }, 'email', MSG.emailRequired],
      [{ roles: [] }, 'roles', MSG.roleRequired],
      [{ fechaNacimiento: '2999-01-01' }, 'fechaNacimiento', MSG.fechaNacimientoInvalid],
      [{ fechaNacimiento: '31/12/1990' }, 'fechaNacimiento', MSG.fechaNacimientoInvalid],
      [
        { categoriasProfesores: [{ materiaId: null, escalafonDocenteId: escalafonIds[0], notas: 'x' }] },
        'categoriasProfesores.0.materiaId',
        MSG.categoriaMateriaRequired,
      ],
      [
        { categoriasProfesores: [{ materiaId: materiaIds[0], escalafonDocenteId: 0, notas: 'x' }] },
        'categoriasProfesores.0.escalafonDocenteId',
        MSG.categoriaEscalafonRequired,
      ],
      [
        { categoriasProfesores: [{ materiaId: materiaIds[0], escalafonDocenteId: escalafonIds[0], notas: ' ' }] },
        'categoriasProfesores.0.notas',
        MSG.categoriaNotaRequired,
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call(accounts.admin.token, 'POST', '/api/users', userBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(overrides)).toBe(message);
    }
    expect(await countUsers()).toBe(before);
  });

  it('refuses a subject listed twice, naming it, and unknown subjects or ranks', async () => {
    const before = await countUsers();
    const twice = await call(
      accounts.admin.token,
      'POST',
      '/api/users',
      userBody({
        categoriasProfesores: [
          { materiaId: materiaIds[0], escalafonDocenteId: escalafonIds[0], notas: 'a' },
          { materiaId: materiaIds[0], escalafonDocenteId: escalafonIds[1], notas: 'b' },
        ],
      }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatch(/^La materia M.* - Materia .* ya fue agregada\.$/);
    const unknownMateria = await call(
      accounts.admin.token,
      'POST',
      '/api/users',
      userBody({ categoriasProfesores: [{ materiaId: 999999, escalafonDocenteId: escalafonIds[0], notas: 'a' }] }),
    );
    expect(unknownMateria.statusCode).toBe(400);
    expect(unknownMateria.json().error).toBe(MSG.categoriaMateriaRequired);
    const unknownRank = await call(
      accounts.admin.token,
      'POST',
      '/api/users',
      userBody({ categoriasProfesores: [{ materiaId: materiaIds[0], escalafonDocenteId: 999999, notas: 'a' }] }),
    );
    expect(unknownRank.json().error).toBe(MSG.categoriaEscalafonRequired);
    const tooMany = await call(
      accounts.admin.token,
      'POST',
      '/api/users',
      userBody({
        categoriasProfesores: Array.from({ length: 21 }, () => ({
          materiaId: materiaIds[0],
          escalafonDocenteId: escalafonIds[0],
          notas: 'a',
        })),
      }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.categoriasProfesores).toBe(MSG.categoriasTooMany);
    const unknownCountry = await call(
      accounts.admin.token,
      'POST',
      '/api/users',
      userBody({ nacionalidadPaisId: 999999 }),
    );
    expect(unknownCountry.statusCode).toBe(400);
    expect(unknownCountry.json().errors.nacionalidadPaisId).toBe(MSG.nacionalidadRequired);
    expect(await countUsers()).toBe(before);
  });

  it('refuses bad input with a Spanish 400 and never a 500: long strings, wrong types, unknown fields', async () => {
    const before = await countUsers();
    const bodies: unknown[] = [
      userBody({ nombre: 'x'.repeat(51) }),
      userBody({ apellido: 'x'.repeat(400_000) }),
      userBody({ lugarNacimiento: 'x'.repeat(51) }),
      userBody({ puebloOriginario: 'x'.repeat(51), provenienteDePuebloOriginario: true }),
      userBody({ saludOtraDiscapacidad: 'x'.repeat(51) }),
      userBody({ saludAlergia: 'x'.repeat(257) }),
      userBody({
        categoriasProfesores: [
          { materiaId: materiaIds[0], escalafonDocenteId: escalafonIds[0], notas: 'x'.repeat(257) },
        ],
      }),
      userBody({ nombre: 12 }),
      userBody({ roles: 'Admin' }),
      userBody({ roles: [7] }),
      userBody({ genero: 5 }),
      userBody({ estadoCivil: '1' }),
      userBody({ grupoSanguineo: 'Z+' }),
      userBody({ arancelCero: 'si' }),
      userBody({ nacionalidadPaisId: 1e20 }),
      userBody({ id: -1 }),
      userBody({ passwordHash: 'x' }),
      userBody({ esAdminRoot: true }),
      userBody({
        categoriasProfesores: [{ materiaId: materiaIds[0], escalafonDocenteId: escalafonIds[0], notas: 'a', extra: 1 }],
      }),
      [],
      'texto',
      null,
    ];
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...bearer(accounts.admin.token), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(typeof res.json().error).toBe('string');
      expect(res.json().error).not.toMatch(/expected|invalid input|required/i);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...bearer(accounts.admin.token), 'content-type': 'application/json' },
      payload: '{"nombre": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe(MSG.invalidInput);
    // Past the 1 MB body limit the API answers 413 with its Spanish message before reading it.
    const huge = await call(accounts.admin.token, 'POST', '/api/users', userBody({ nombre: 'x'.repeat(2_000_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: MSG.payloadTooLarge });
    expect(await countUsers()).toBe(before);
  });

  it('refuses a second user with the same e-mail, whatever its case', async () => {
    const body = userBody();
    expect((await call(accounts.admin.token, 'POST', '/api/users', body)).statusCode).toBe(200);
    const before = await countUsers();
    const again = await call(accounts.admin.token, 'POST', '/api/users', userBody({ email: body.email.toUpperCase() }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: MSG.emailTaken, errors: { email: MSG.emailTaken } });
    expect(await countUsers()).toBe(before);
  });
});

describe('POST /api/users (update) and the Admin rules', () => {
  it('updates a user, its roles and categories, and applies the enabled-when rules', async () => {
    const created = (await call(accounts.admin.token, 'POST', '/api/users', userBody())).json();
    await givePhoto(t.db, created.id);
    const form = await formOf(accounts.admin.token, created.id);
    const res = await call(accounts.funcionario.token, 'POST', '/api/users', {
      ...form,
      apellido: 'Benítez Duarte',
      roles: [Role.Profesor, Role.Alumno],
      provenienteDePuebloOriginario: false,
      puebloOriginario: 'Guaraní',
      saludPoseeOtraDiscapacidad: true,
      saludOtraDiscapacidad: 'Dislexia',
      arancelCero: true,
      fechaFinArancelCero: '2027-12-31',
      categoriasProfesores: [{ materiaId: materiaIds[2], escalafonDocenteId: escalafonIds[4], notas: 'Nueva' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      apellido: 'Benítez Duarte',
      esAlumno: true,
      esProfesor: true,
      puebloOriginario: null,
      saludOtraDiscapacidad: 'Dislexia',
      arancelCero: true,
      fechaFinArancelCero: '2027-12-31',
    });
    const categorias = await t.db
      .select()
      .from(categoriasProfesores)
      .where(eq(categoriasProfesores.usuarioId, created.id));
    expect(categorias.map((c) => c.materiaId)).toEqual([materiaIds[2]]);

    const off = await call(accounts.funcionario.token, 'POST', '/api/users', {
      ...(await formOf(accounts.admin.token, created.id)),
      arancelCero: false,
      fechaFinArancelCero: '2027-12-31',
    });
    expect(off.json()).toMatchObject({ arancelCero: false, fechaFinArancelCero: null });
  });

  it('keeps teaching categories for professors only, whatever the body says', async () => {
    const category = { materiaId: materiaIds[1], escalafonDocenteId: escalafonIds[0], notas: 'Auxiliar' };
    const res = await call(
      accounts.admin.token,
      'POST',
      '/api/users',
      userBody({ roles: [Role.Funcionario], categoriasProfesores: [category] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().categoriasProfesores).toEqual([]);
    const stored = () =>
      t.db.select().from(categoriasProfesores).where(eq(categoriasProfesores.usuarioId, res.json().id));
    expect(await stored()).toHaveLength(0);

    // A professor who loses the role loses the categories with it.
    await givePhoto(t.db, res.json().id);
    const form = await formOf(accounts.admin.token, res.json().id);
    await call(accounts.admin.token, 'POST', '/api/users', {
      ...form,
      roles: [Role.Profesor],
      categoriasProfesores: [category],
    });
    expect(await stored()).toHaveLength(1);
    await call(accounts.admin.token, 'POST', '/api/users', {
      ...form,
      roles: [Role.Funcionario],
      categoriasProfesores: [category],
    });
    expect(await stored()).toHaveLength(0);
  });

  it('will not save an existing user without a photo', async () => {
    const created = (await call(accounts.admin.token, 'POST', '/api/users', userBody())).json();
    const res = await call(accounts.admin.token, 'POST', '/api/users', {
      ...(await formOf(accounts.admin.token, created.id)),
      nombre: 'Otra',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.photoRequired, errors: { photo: MSG.photoRequired } });
    expect((await userRow(created.id)).nombre).toBe('Ana');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await call(accounts.admin.token, 'POST', '/api/users', userBody({ id: 999999 }));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(MSG.userNotFound);
  });

  it('lets only an Admin grant, remove or touch Admin', async () => {
    const before = await countUsers();
    const grant = await call(accounts.funcionario.token, 'POST', '/api/users', userBody({ roles: [Role.Admin] }));
    expect(grant.statusCode).toBe(403);
    expect(grant.json().error).toBe(MSG.adminGrantOnlyByAdmin);
    expect(await countUsers()).toBe(before);

    const plain = await account([Role.Funcionario]);
    const promote = await call(accounts.funcionario.token, 'POST', '/api/users', {
      ...(await formOf(accounts.admin.token, plain.id)),
      roles: [Role.Funcionario, Role.Admin],
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error).toBe(MSG.adminGrantOnlyByAdmin);
    expect((await userRow(plain.id)).esAdmin).toBe(false);

    const adminForm = await formOf(accounts.admin.token, accounts.otroAdmin.id);
    const editAdmin = await call(accounts.funcionario.token, 'POST', '/api/users', {
      ...adminForm,
      nombre: 'Cambiado',
    });
    expect(editAdmin.statusCode).toBe(403);
    expect(editAdmin.json().error).toBe(MSG.adminEditOnlyByRoot);
    const demote = await call(accounts.funcionario.token, 'POST', '/api/users', {
      ...adminForm,
      roles: [Role.Funcionario],
    });
    expect(demote.statusCode).toBe(403);
    const row = await userRow(accounts.otroAdmin.id);
    expect(row.esAdmin).toBe(true);
    expect(row.nombre).not.toBe('Cambiado');
    const resetAdmin = await call(
      accounts.funcionario.token,
      'GET',
      `/api/users/reset_password/${accounts.otroAdmin.id}`,
    );
    expect(resetAdmin.statusCode).toBe(403);
    expect((await userRow(accounts.otroAdmin.id)).firstLogin).toBe(false);

    // An Admin may.
    const byAdmin = await call(accounts.admin.token, 'POST', '/api/users', {
      ...(await formOf(accounts.admin.token, plain.id)),
      roles: [Role.Funcionario, Role.Admin],
    });
    expect(byAdmin.statusCode).toBe(200);
    expect((await userRow(plain.id)).esAdmin).toBe(true);
    const created = await call(accounts.admin.token, 'POST', '/api/users', userBody({ roles: [Role.Admin] }));
    expect(created.statusCode).toBe(200);
  });

  it('keeps the Admin role of the administrator saving and of a root administrator', async () => {
    const root = await account([Role.Admin], { esAdminRoot: true });
    const otherRoot = await account([Role.Admin], { esAdminRoot: true });
    const own = await call(accounts.admin.token, 'POST', '/api/users', {
      ...(await formOf(accounts.admin.token, accounts.admin.id)),
      roles: [Role.Funcionario],
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(MSG.ownIdentityLocked);
    const byRoot = await call(root.token, 'POST', '/api/users', {
      ...(await formOf(root.token, otherRoot.id)),
      roles: [Role.Funcionario],
    });
    expect(byRoot.statusCode).toBe(400);
    expect(byRoot.json().error).toBe(MSG.adminRoleKept);
    expect((await userRow(otherRoot.id)).esAdmin).toBe(true);
  });
});

describe('the own ficha (profile mode)', () => {
  const contact = { emergenciaNumero: '(021) 555-123', emergenciaContacto: 'María Benítez' };

  it('reads the own user at /api/users/profile', async () => {
    const res = await call(accounts.alumno.token, 'GET', '/api/users/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: accounts.alumno.id,
      esAlumno: true,
      urlPhoto: `/api/users/${accounts.alumno.id}/photo`,
    });
  });

  it('saves the non-core fields of a student, ignores core ones, and marks the ficha as updated', async () => {
    const before = await userRow(accounts.alumno.id);
    const res = await call(accounts.alumno.token, 'POST', '/api/users/profile', {
      nombre: 'Hackeado',
      numeroDocumento: '1111111',
      email: 'otro@prueba.edu.py',
      arancelCero: true,
      fechaFinArancelCero: '2030-01-01',
      nacionalidadPaisId: paraguay,
      telefonoCelular: '+595 981 222 333',
      domicilioCalle: 'Avda. España 123',
      provenienteDePuebloOriginario: true,
      puebloOriginario: 'Avá Guaraní',
      ...contact,
    });
    expect(res.statusCode).toBe(200);
    const after = await userRow(accounts.alumno.id);
    expect(after).toMatchObject({
      nombre: before.nombre,
      numeroDocumento: before.numeroDocumento,
      email: before.email,
      arancelCero: false,
      fechaFinArancelCero: null,
      telefonoCelular: '+595 981 222 333',
      domicilioCalle: 'Avda. España 123',
      puebloOriginario: 'Avá Guaraní',
      emergenciaContacto: 'María Benítez',
      fichaActualizada: true,
    });
  });

  it('requires the emergency contact and a photo', async () => {
    const alumno = await createUser(t.db, { roles: [Role.Alumno] });
    const token = await login(t.app, alumno.email, TEST_PASSWORD);
    const base = { nacionalidadPaisId: paraguay, telefonoCelular: '0981 123 456' };
    const noContact = await call(token, 'POST', '/api/users/profile', { ...base, emergenciaNumero: '0981 111 111' });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().errors.emergenciaContacto).toBe(MSG.emergencyContactRequired);
    const badPhone = await call(token, 'POST', '/api/users/profile', { ...base, ...contact, emergenciaNumero: '12' });
    expect(badPhone.json().errors.emergenciaNumero).toBe(MSG.phoneInvalid);
    const noPhoto = await call(token, 'POST', '/api/users/profile', { ...base, ...contact });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().error).toBe(MSG.photoRequired);
    expect((await userRow(alumno.id)).fichaActualizada).toBe(false);
    await givePhoto(t.db, alumno.id);
    const ok = await call(token, 'POST', '/api/users/profile', { ...base, ...contact });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().fichaActualizada).toBe(true);
  });

  it('lets a student fill in a nationality never recorded, and nothing else of the core', async () => {
    const alumno = await createUser(t.db, { roles: [Role.Alumno] });
    await givePhoto(t.db, alumno.id);
    const token = await login(t.app, alumno.email, TEST_PASSWORD);
    const body = { nacionalidadPaisId: paraguay, telefonoCelular: '0981 123 456', ...contact };
    expect((await call(token, 'POST', '/api/users/profile', body)).statusCode).toBe(200);
    expect((await userRow(alumno.id)).nacionalidadPaisId).toBe(paraguay);
    const other = (await t.db.select().from(paises).where(eq(paises.nombre, 'Brasil')))[0]!.id;
    expect((await call(token, 'POST', '/api/users/profile', { ...body, nacionalidadPaisId: other })).statusCode).toBe(
      200,
    );
    expect((await userRow(alumno.id)).nacionalidadPaisId).toBe(paraguay);
  });

  it('lets staff change their own core fields in profile mode', async () => {
    const staff = await account([Role.Funcionario]);
    const res = await call(staff.token, 'POST', '/api/users/profile', {
      nombre: 'Miguel Ángel',
      nacionalidadPaisId: paraguay,
      telefonoCelular: '0981 123 456',
      ...contact,
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow(staff.id)).nombre).toBe('Miguel Ángel');
    // The identity rules are skipped in profile mode: an empty value keeps what is stored.
    const blank = await call(staff.token, 'POST', '/api/users/profile', {
      nombre: '',
      numeroDocumento: '',
      email: '',
      nacionalidadPaisId: paraguay,
      telefonoCelular: '0981 123 456',
      ...contact,
    });
    expect(blank.statusCode).toBe(200);
    expect(await userRow(staff.id)).toMatchObject({ nombre: 'Miguel Ángel', email: staff.email });
    const bad = await call(staff.token, 'POST', '/api/users/profile', {
      numeroDocumento: '12',
      email: 'x',
      nacionalidadPaisId: paraguay,
      telefonoCelular: '0981 123 456',
      ...contact,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ numeroDocumento: MSG.documentoInvalid, email: MSG.emailInvalid });
  });

  it('treats POST /api/users from a non-staff user as their own ficha: roles and core fields ignored', async () => {
    const form = { ...(await formOf(accounts.profesor.token, accounts.profesor.id)), ...contact };
    const res = await call(accounts.profesor.token, 'POST', '/api/users', {
      ...form,
      nombre: 'Otro Nombre',
      roles: [Role.Admin, Role.Profesor],
      categoriasProfesores: [{ materiaId: materiaIds[0], escalafonDocenteId: escalafonIds[4], notas: 'yo mismo' }],
      trabajoEmpresa: 'Itaipú',
    });
    expect(res.statusCode).toBe(200);
    const row = await userRow(accounts.profesor.id);
    expect(row).toMatchObject({ esAdmin: false, esProfesor: true, trabajoEmpresa: 'Itaipú', fichaActualizada: true });
    expect(row.nombre).not.toBe('Otro Nombre');
    expect(
      await t.db.select().from(categoriasProfesores).where(eq(categoriasProfesores.usuarioId, accounts.profesor.id)),
    ).toEqual([]);

    const noContact = await call(accounts.profesor.token, 'POST', '/api/users', { ...form, emergenciaContacto: '' });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().errors.emergenciaContacto).toBe(MSG.emergencyContactRequired);
  });
});

describe('GET /api/users/reset_password/{id}', () => {
  it('gives a new temporary password by mail, marks first login and ends the sessions', async () => {
    const target = await account([Role.Profesor]);
    const mailsBefore = (
      await t.db.select().from(correosSalientes).where(eq(correosSalientes.destinatario, target.email))
    ).length;
    const res = await call(accounts.funcionario.token, 'GET', `/api/users/reset_password/${target.id}`);
    expect(res.statusCode).toBe(200);
    // No SMTP in these tests: the password comes back to whoever reset it, this once (issue 40).
    const reply = res.json<{ message: string; contrasenaTemporal: string }>();
    expect(reply.message).toBe(MSG.resetPasswordHeld);
    const mails = await t.db.select().from(correosSalientes).where(eq(correosSalientes.destinatario, target.email));
    expect(mails).toHaveLength(mailsBefore + 1);
    expect((await userRow(target.id)).firstLogin).toBe(true);
    expect((await call(target.token, 'GET', '/api/users/profile')).statusCode).toBe(401);
    const temporary = temporaryPasswordIn((await lastMailTo(t.db, target.email))!.cuerpo);
    expect(reply.contrasenaTemporal).toBe(temporary);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: target.email, password: temporary },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lists the mails of an account the caller may manage, every temporary password masked', async () => {
    const target = await account([Role.Alumno]);
    const reset = await call(accounts.admin.token, 'GET', `/api/users/reset_password/${target.id}`);
    const real = reset.json<{ contrasenaTemporal: string }>().contrasenaTemporal;
    expect(real).toBe(temporaryPasswordIn((await lastMailTo(t.db, target.email))!.cuerpo));
    const res = await call(accounts.admin.token, 'GET', `/api/users/${target.id}/mails`);
    expect(res.statusCode).toBe(200);
    const [mail] = res.json().items;
    expect(mail).toMatchObject({ destinatario: target.email, asunto: 'Arandu: contraseña temporal' });
    expect(mail.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Unused and current, and still masked on both screens (issue 40).
    expect(mail.cuerpo).toContain('Contraseña temporal: ********');
    expect(res.body).not.toContain(real);
    const outbox = await call(accounts.admin.token, 'GET', `/api/outbox?search=${encodeURIComponent(target.email)}`);
    expect(outbox.body).not.toContain(real);
    expect((await call(accounts.funcionario.token, 'GET', `/api/users/${target.id}/mails`)).statusCode).toBe(403);
    expect((await call(accounts.admin.token, 'GET', '/api/users/999999/mails')).statusCode).toBe(404);
  });

  it('answers 404 with the spec message for an unknown user', async () => {
    const res = await call(accounts.admin.token, 'GET', '/api/users/reset_password/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MSG.userNotFound });
  });
});

describe('DELETE /api/users/{id}', () => {
  it('is refused with the reason (deletion stays disabled) and deletes nothing', async () => {
    const target = await createUser(t.db, { roles: [Role.Alumno] });
    const res = await call(accounts.admin.token, 'DELETE', `/api/users/${target.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.userDeleteDisabled });
    expect(await userRow(target.id)).toBeDefined();
    const missing = await call(accounts.admin.token, 'DELETE', '/api/users/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(MSG.userNotFound);
  });
});

describe('POST /api/users/all', () => {
  it('pages in name order with the total, and searches ignoring accents and case', async () => {
    const special = await createUser(t.db, { roles: [Role.Profesor], nombre: 'Zoilo', apellido: 'Ñandutí Céspedes' });
    await t.db.insert(categoriasProfesores).values([
      { usuarioId: special.id, materiaId: materiaIds[0]!, escalafonDocenteId: escalafonIds[0]!, notas: 'a' },
      { usuarioId: special.id, materiaId: materiaIds[1]!, escalafonDocenteId: escalafonIds[1]!, notas: 'b' },
    ]);
    const found = await call(accounts.admin.token, 'POST', '/api/users/all', {
      page: 1,
      pageSize: 25,
      filters: { search: 'nanduti cesp' },
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      totalItemsCount: 1,
      items: [
        {
          id: special.id,
          numeroDocumento: special.numeroDocumento,
          nombre: 'Zoilo',
          apellido: 'Ñandutí Céspedes',
          email: special.email,
          telefonoCelular: null,
          roles: [{ value: 1, label: 'Profesor', code: 'P' }],
          escalafon: 2,
          arancelCero: false,
          fechaFinArancelCero: null,
        },
      ],
    });
    const byDocument = await call(accounts.admin.token, 'POST', '/api/users/all', {
      filters: { search: special.numeroDocumento },
    });
    expect(byDocument.json().items.map((u: { id: number }) => u.id)).toEqual([special.id]);
    const byEmail = await call(accounts.admin.token, 'POST', '/api/users/all', {
      filters: { search: special.email.toUpperCase() },
    });
    expect(byEmail.json().totalItemsCount).toBe(1);
    const wildcard = await call(accounts.admin.token, 'POST', '/api/users/all', { filters: { search: '%' } });
    expect(wildcard.json().totalItemsCount).toBe(0);

    const all = await call(accounts.admin.token, 'POST', '/api/users/all', { page: 1, pageSize: 3 });
    const total = await countUsers();
    expect(all.json().totalItemsCount).toBe(total);
    expect(all.json().items).toHaveLength(3);
    const last = await call(accounts.admin.token, 'POST', '/api/users/all', {
      page: Math.ceil(total / 3),
      pageSize: 3,
    });
    expect(last.json().items.length).toBe(total % 3 || 3);
    const names = (await call(accounts.admin.token, 'POST', '/api/users/all', { pageSize: 1000 }))
      .json()
      .items.map((u: { apellido: string }) => u.apellido);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('answers GET /api/users/all with the same page, its page and size in the query', async () => {
    const total = await countUsers();
    const first = await call(accounts.admin.token, 'GET', '/api/users/all');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual((await call(accounts.admin.token, 'POST', '/api/users/all', {})).json());
    expect(first.json().totalItemsCount).toBe(total);
    const second = await call(accounts.admin.token, 'GET', '/api/users/all?page=2&pageSize=3');
    expect(second.json()).toEqual(
      (await call(accounts.admin.token, 'POST', '/api/users/all', { page: 2, pageSize: 3 })).json(),
    );
    for (const query of ['page=0', 'pageSize=5000', 'page=uno']) {
      const bad = await call(accounts.admin.token, 'GET', `/api/users/all?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error).toBe(MSG.pageInvalid);
    }
  });

  it('filters by role values, and shows the escalafón count only for professors', async () => {
    const res = await call(accounts.admin.token, 'POST', '/api/users/all', {
      pageSize: 1000,
      filters: { roles: [Role.Admin] },
    });
    const items = res.json().items as { roles: { value: number }[]; escalafon: number | null }[];
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((u) => u.roles.some((r) => r.value === Role.Admin))).toBe(true);
    expect(items.every((u) => u.escalafon === null)).toBe(true);
    const both = await call(accounts.admin.token, 'POST', '/api/users/all', {
      pageSize: 1000,
      filters: { roles: [Role.Admin, Role.Alumno] },
    });
    expect(both.json().totalItemsCount).toBeGreaterThan(res.json().totalItemsCount);
  });

  it('refuses bad paging and filters in Spanish', async () => {
    const cases = [
      { filters: { search: 'x'.repeat(33) } },
      { filters: { nombre: 'x' } },
      { filters: { roles: [9] } },
      { page: 0 },
      { pageSize: 5000 },
      { page: 'uno' },
    ];
    for (const body of cases) {
      const res = await call(accounts.admin.token, 'POST', '/api/users/all', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });
});

describe('form data and roles', () => {
  it('lists countries (Paraguay first), ranks, subjects, roles and the audit options to staff', async () => {
    const res = await call(accounts.admin.token, 'GET', '/api/users/form_data');
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.paises[0]).toEqual({ id: paraguay, nombre: 'Paraguay' });
    expect(data.escalafonDocente.map((e: { label: string }) => e.label)).toEqual([
      'Auxiliar de la Enseñanza',
      'Encargado de Cátedra',
      'Profesor Asistente',
      'Profesor Adjunto',
      'Profesor Titular',
    ]);
    expect(data.materias.map((m: { value: number }) => m.value)).toEqual(expect.arrayContaining(materiaIds));
    expect(data.roles).toHaveLength(4);
    expect(data.tiposAuditoria).toEqual([
      { value: 1, label: 'Creación' },
      { value: 2, label: 'Modificación' },
      { value: 3, label: 'Eliminación' },
      { value: 4, label: 'Denegación' },
      { value: 5, label: 'Contraseña temporal mostrada' },
    ]);
    expect(data.tablasAuditoria).toEqual(
      expect.arrayContaining(['usuarios', 'perfiles_alumno', 'categorias_profesores']),
    );
    const roles = await call(accounts.admin.token, 'GET', '/api/users/roles');
    expect(roles.json().roles.map((r: { code: string }) => r.code)).toEqual(['A', 'P', 'F', 'S']);
  });
});

describe('permission matrix: each role against own and other users', () => {
  type Who = 'admin' | 'funcionario' | 'profesor' | 'alumno';
  const staff: Who[] = ['admin', 'funcionario'];
  const others: Who[] = ['profesor', 'alumno'];

  it('staff list, read, reset; students and professors get 403 on staff calls and 404 on other users', async () => {
    const target = await account([Role.Alumno]);
    const resetTarget = await account([Role.Alumno]);
    for (const who of [...staff, ...others]) {
      const me = accounts[who];
      const isStaff = staff.includes(who);
      const expectStatus = async (method: 'GET' | 'POST' | 'DELETE', url: string, status: number, body?: unknown) => {
        const res = await call(me.token, method, url, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(status);
        expect(typeof res.json().error === 'string' || status === 200).toBe(true);
      };
      await expectStatus('POST', '/api/users/all', isStaff ? 200 : 403, {});
      await expectStatus('GET', '/api/users/roles', isStaff ? 200 : 403);
      await expectStatus('GET', `/api/users/${target.id}`, isStaff ? 200 : 404);
      await expectStatus('GET', `/api/users/${me.id}`, 200);
      await expectStatus('GET', '/api/users/profile', 200);
      await expectStatus('GET', '/api/users/form_data', 200);
      await expectStatus('DELETE', `/api/users/${target.id}`, isStaff ? 400 : 403);
      // An invalid body is refused before anything is looked up, for everybody alike.
      await expectStatus('POST', '/api/users', 400, { ...(await formOf(accounts.admin.token, target.id)), nombre: '' });
      if (isStaff) {
        await expectStatus('GET', `/api/users/reset_password/${resetTarget.id}`, 200);
      } else {
        await expectStatus('GET', `/api/users/reset_password/${target.id}`, 403);
        await expectStatus('POST', '/api/users', 404, await formOf(accounts.admin.token, target.id));
        await expectStatus('POST', '/api/users', 403, userBody());
      }
    }
    expect((await userRow(target.id)).firstLogin).toBe(false);
  });

  it('answers 401 without a session, and 403 until a first-login user sets a password', async () => {
    expect((await call(null, 'POST', '/api/users/all', {})).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/users/profile')).statusCode).toBe(401);
    expect((await call('x'.repeat(43), 'GET', `/api/users/${accounts.alumno.id}`)).statusCode).toBe(401);
    const fresh = await createUser(t.db, { roles: [Role.Admin], firstLogin: true });
    const token = await login(t.app, fresh.email, TEST_PASSWORD);
    const res = await call(token, 'POST', '/api/users/all', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MSG.firstLoginRequired);
  });

  it('answers a Spanish 400 for an id that is not a number', async () => {
    const res = await call(accounts.admin.token, 'GET', '/api/users/abc');
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });
});
