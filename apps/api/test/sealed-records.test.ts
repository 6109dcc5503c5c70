import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EstadoExamen, MSG_EXAMENES, Role } from '@arandu/shared';
import type { Tx } from '../src/db/client.js';
import { rows } from '../src/db/sql.js';
import { setupAppWithEveryRole } from './factories/academic.js';
import { createExamenScene, enrolAllAndHold } from './factories/exams.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { injectAs, login, refusalOf } from './helper.js';

// Issue 28 items 4 and 5 (decision 017): what the database refuses to whoever holds the app's credentials,
// and what the public verification of a sealed acta shows once it has been reopened and replaced.
const { t, who } = setupAppWithEveryRole();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = who.funcionario.token) =>
  injectAs(t.app, token, method, url, payload);

const FIGURES = [
  { porcentajeAsistencia: 90, porcentajePP: 80 },
  { porcentajeAsistencia: 95, porcentajePP: 90 },
  { porcentajeAsistencia: 85, porcentajePP: 70 },
];

interface ExamenRow {
  id: number;
  perfilAlumnoId: number;
}

async function examenOf(id: number) {
  const res = await call('GET', `/api/exams/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ estado: { value: number }; codigoVerificacion: string | null; inscriptos: ExamenRow[] }>();
}

/** An exam of three students with scores entered, sealed through the API; returns its rows and code. */
async function sealedExamen() {
  const scene = await createExamenScene(t.db, FIGURES);
  await enrolAllAndHold(t.app, t.db, who.funcionario.token, scene);
  const { inscriptos } = await examenOf(scene.examen.id);
  for (const [i, row] of inscriptos.entries()) {
    const calificacion = await call('POST', '/api/inscripcionexamen/update-score', {
      inscripcionId: row.id,
      porcentajePF: [70, 95, 40][i],
    });
    expect(calificacion.statusCode).toBe(200);
  }
  const stamped = await call('PUT', '/api/exams/stamp', { id: scene.examen.id });
  expect(stamped.statusCode).toBe(200);
  const codigo = stamped.json<{ codigoVerificacion: string }>().codigoVerificacion;
  return { scene, codigo, inscriptos };
}

/** The digest a reader can recompute from the printed acta: 'documento;calificación' lines by document. */
async function expectedDigest(examenId: number): Promise<string> {
  const lines = await rows<{ documento: string; calificacion: number }>(
    t.db,
    sql`select u.numero_documento as documento, ie.calificacion::int as calificacion
          from inscripciones_examen ie join perfiles_alumno pa on pa.id = ie.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id where ie.examen_id = ${examenId}`,
  );
  const text = lines
    .map((l) => `${l.documento};${l.calificacion}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .join('\n');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

async function rootToken() {
  const root = await createUser(t.db, { roles: [Role.Admin], esAdminRoot: true });
  return { root, token: await login(t.app, root.email, TEST_PASSWORD) };
}

/**
 * Runs `statement` in a transaction attributed to `userId`, as the API's writes are, over the app's connection
 * or the tables' owner's (the same one unless the run uses the role split); resolves to the refusal's message.
 */
const refusal = (statement: (tx: Tx) => Promise<unknown>, opts: { userId?: number; as?: 'app' | 'owner' } = {}) =>
  refusalOf(opts.as === 'owner' ? t.ownerDb : t.db, opts.userId ?? null, statement);

/** The app's role of the split is refused before any trigger runs: it holds no such privilege. */
const orNotGranted = (trigger: string) => new RegExp(`${trigger}|permission denied`);

describe('the public verification of a sealed acta', () => {
  it('shows the number of students, the distribution and the digest printed on the acta, and no names', async () => {
    const { scene, codigo } = await sealedExamen();
    const res = await t.app.inject({ method: 'GET', url: `/api/exams/verify/${codigo.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    const digest = await expectedDigest(scene.examen.id);
    expect(res.json()).toMatchObject({
      codigo,
      nroActa: 'ACTA-1',
      vigente: true,
      cantidadAlumnos: 3,
      digesto: digest,
      reemplazada: null,
    });
    const distribucion = res.json<{ distribucion: { calificacion: number; cantidad: number }[] }>().distribucion;
    expect(distribucion.map((d) => d.calificacion)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(distribucion.reduce((n, d) => n + d.cantidad, 0)).toBe(3);
    for (const a of scene.alumnos) {
      expect(res.body).not.toContain(a.user.numeroDocumento);
      expect(res.body).not.toContain(a.user.apellido);
    }

    const acta = await call('GET', `/api/exams/report/${scene.examen.id}/all`);
    expect(acta.json()).toMatchObject({ examen: { digesto: digest, cantidadSellada: 3, codigoVerificacion: codigo } });
  });

  it('says a reopened acta was replaced, by which version and when; the new version verifies with its own digest', async () => {
    const { scene, codigo, inscriptos } = await sealedExamen();
    const { token } = await rootToken();

    const short = await call('PUT', '/api/exams/open', { id: scene.examen.id, motivo: 'corto' }, token);
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ motivo: MSG_EXAMENES.reopenReason });
    expect((await examenOf(scene.examen.id)).estado.value).toBe(EstadoExamen.Sellado);

    const motivo = 'Error de transcripción en la nota del primer alumno';
    const opened = await call('PUT', '/api/exams/open', { id: scene.examen.id, motivo }, token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ codigoVerificacion: null, fechaSellado: null });
    const [reapertura] = await rows<{ motivo: string; codigo: string }>(
      t.db,
      sql`select motivo, codigo_reemplazado as codigo from reaperturas_examen where examen_id = ${scene.examen.id}`,
    );
    expect(reapertura).toEqual({ motivo, codigo });

    const between = await t.app.inject({ method: 'GET', url: `/api/exams/verify/${codigo}` });
    expect(between.json()).toMatchObject({ vigente: false, reemplazada: { codigo: null, fechaSellado: null } });

    await call('POST', '/api/inscripcionexamen/update-score', { inscripcionId: inscriptos[0]!.id, porcentajePF: 20 });
    const resealed = await call('PUT', '/api/exams/stamp', { id: scene.examen.id });
    const nuevo = resealed.json<{ codigoVerificacion: string; fechaSellado: string }>();
    expect(nuevo.codigoVerificacion).not.toBe(codigo);

    const old = await t.app.inject({ method: 'GET', url: `/api/exams/verify/${codigo}` });
    expect(old.json()).toMatchObject({
      vigente: false,
      reemplazada: { codigo: nuevo.codigoVerificacion, fechaSellado: nuevo.fechaSellado },
    });
    const current = await t.app.inject({ method: 'GET', url: `/api/exams/verify/${nuevo.codigoVerificacion}` });
    const digest = await expectedDigest(scene.examen.id);
    expect(current.json()).toMatchObject({ vigente: true, digesto: digest, reemplazada: null });
    expect(old.json<{ digesto: string }>().digesto).not.toBe(digest);
  });

  it("accepts the spec's reopen body (the id and the exam) without a reason, and records the reopening", async () => {
    const { scene } = await sealedExamen();
    const { token } = await rootToken();
    const body = await examenOf(scene.examen.id);
    const opened = await call('PUT', '/api/exams/open', body, token);
    expect(opened.statusCode).toBe(200);
    const [row] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from reaperturas_examen where examen_id = ${scene.examen.id} and motivo is null`,
    );
    expect(row!.n).toBe(1);
  });
});

describe('the guards the database keeps for the app connection itself', () => {
  it('refuses 1 -> 0 -> 1 by hand without a reopening, and keeps the code and grades as sealed', async () => {
    const { scene, codigo, inscriptos } = await sealedExamen();
    const message = await refusal(async (tx) => {
      await tx.execute(sql`update examenes set estado = 0 where id = ${scene.examen.id}`);
      await tx.execute(
        sql`update inscripciones_examen set porcentaje_pf = 100, calificacion = 5 where id = ${inscriptos[0]!.id}`,
      );
      await tx.execute(sql`update examenes set estado = 1 where id = ${scene.examen.id}`);
    });
    expect(message).toContain('reapertura');
    expect((await examenOf(scene.examen.id)).codigoVerificacion).toBe(codigo);
  });

  it('refuses a reopening record that names a user other than the one of the transaction, or not the root', async () => {
    const { scene, codigo } = await sealedExamen();
    const { root } = await rootToken();
    const insert = (usuarioId: number) => (tx: Tx) =>
      tx.execute(sql`insert into reaperturas_examen (examen_id, codigo_reemplazado, usuario_id, transaccion)
                     values (${scene.examen.id}, ${codigo}, ${usuarioId}, txid_current())`);
    expect(await refusal(insert(root.id), { userId: who.admin.user.id })).toContain('administrador raíz');
    expect(await refusal(insert(who.admin.user.id), { userId: who.admin.user.id })).toContain('administrador raíz');
  });

  it('keeps sealed versions and reopenings append-only, and refuses a version no sealing wrote', async () => {
    const { scene, codigo } = await sealedExamen();
    const update = (tx: Tx) => tx.execute(sql`update actas_selladas set digesto = 'x' where codigo = ${codigo}`);
    const remove = (tx: Tx) => tx.execute(sql`delete from actas_selladas where codigo = ${codigo}`);
    for (const as of ['owner', 'app'] as const) {
      const expected = as === 'owner' ? /no pueden modificarse/ : orNotGranted('no pueden modificarse');
      expect(await refusal(update, { as })).toMatch(expected);
      expect(await refusal(remove, { as })).toMatch(expected);
    }
    const forged = (tx: Tx) =>
      tx.execute(
        sql`insert into actas_selladas (codigo, examen_id, nro_acta) values ('ABCDEF012345', ${scene.examen.id}, 'X')`,
      );
    expect(await refusal(forged)).toContain('Sólo un examen sellado');
  });

  it.each([
    'auditoria',
    'examenes',
    'inscripciones_examen',
    'actas_selladas',
    'reaperturas_examen',
    'materias_periodo',
    'inscripciones_materia',
    'tareas_materia',
    'tareas_materia_alumnos',
    'asistencias',
    'asistencias_alumnos',
  ])('refuses TRUNCATE %s, to the owner too', async (table) => {
    const count = () => rows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    const before = await count();
    const truncate = (tx: Tx) => tx.execute(sql`truncate ${sql.identifier(table)} cascade`);
    expect(await refusal(truncate, { as: 'owner' })).toContain('no puede vaciarse');
    expect(await refusal(truncate)).toMatch(orNotGranted('no puede vaciarse'));
    expect(await count()).toEqual(before);
  });
});

// With the role split (MIGRATION_DATABASE_URL, set by .ci/run's PostgreSQL run) the tests connect as the
// app's role: what only ownership or superuser rights allow must be refused to it.
describe.skipIf(!process.env.MIGRATION_DATABASE_URL)('the app role of the split', () => {
  it.each([
    ['switches triggers off for its session', sql`set session_replication_role = replica`],
    ['disables a guard trigger', sql`alter table examenes disable trigger examenes_guardar_sellado`],
    ['disables every trigger of a table', sql`alter table inscripciones_examen disable trigger all`],
    ['rewrites the audit log', sql`update auditoria set usuario_id = null where id = (select min(id) from auditoria)`],
    ['deletes from the audit log', sql`delete from auditoria where id = (select min(id) from auditoria)`],
    ['creates a table', sql`create table intrusa (id int)`],
    ['drops a guard function', sql`drop function examenes_guardar_sellado() cascade`],
  ])('cannot: %s', async (_what, statement) => {
    const message = await refusal((tx) => tx.execute(statement));
    expect(message).toMatch(/permission denied|must be owner/);
  });
});
