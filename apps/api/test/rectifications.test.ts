import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EstadoExamen, MSG_EXAMENES, Role } from '@arandu/shared';
import type { Tx } from '../src/db/client.js';
import { rows } from '../src/db/sql.js';
import { writeTx } from '../src/db/tx.js';
import { setupAppWithEveryRole } from './factories/academic.js';
import { createExamen, createExamenScene, enrolAllAndHold } from './factories/exams.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { expectAppendOnly, injectAs, login, refusalOf } from './helper.js';

// Issue 30: actas rectificativas. A sealed exam's result is corrected by a new sealed record, never by an edit.
const { t, who } = setupAppWithEveryRole();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = who.admin.token) =>
  injectAs(t.app, token, method, url, payload);

const MOTIVO = 'Error de transcripción del % PF en el acta original';

/** A rectification of one student's PF on a sealed exam, with a valid reason. */
const rectify = (examenId: number, inscripcionId: number, porcentajePF: number, token = who.admin.token) =>
  call('POST', `/api/exams/${examenId}/rectificaciones`, { inscripcionId, porcentajePF, motivo: MOTIVO }, token);

interface ExamenRow {
  id: number;
  perfilAlumnoId: number;
  porcentajePF: number | null;
  calificacion: number;
}

async function examenOf(id: number) {
  const res = await call('GET', `/api/exams/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ estado: { value: number }; codigoVerificacion: string | null; inscriptos: ExamenRow[] }>();
}

/** Two students enrolled (Final) and scored: the first passes with PF 95, the second fails with PF 30. */
async function scoredExamen(seal: boolean) {
  const scene = await createExamenScene(t.db, [
    { porcentajeAsistencia: 95, porcentajePP: 90 },
    { porcentajeAsistencia: 90, porcentajePP: 80 },
  ]);
  await enrolAllAndHold(t.app, t.db, who.admin.token, scene);
  const before = await examenOf(scene.examen.id);
  const byPerfil = (i: number) => before.inscriptos.find((r) => r.perfilAlumnoId === scene.alumnos[i]!.perfil.id)!;
  for (const [i, pf] of [95, 30].entries()) {
    const res = await call('POST', '/api/inscripcionexamen/update-score', {
      inscripcionId: byPerfil(i).id,
      porcentajePF: pf,
    });
    expect(res.statusCode).toBe(200);
  }
  let codigo: string | null = null;
  if (seal) {
    const stamped = await call('PUT', '/api/exams/stamp', { id: scene.examen.id });
    expect(stamped.statusCode).toBe(200);
    codigo = stamped.json<{ codigoVerificacion: string }>().codigoVerificacion;
  }
  const examen = await examenOf(scene.examen.id);
  const rowOf = (i: number) => examen.inscriptos.find((r) => r.perfilAlumnoId === scene.alumnos[i]!.perfil.id)!;
  return { scene, codigo, passed: rowOf(0), failed: rowOf(1) };
}

async function originalRow(id: number) {
  const [row] = await rows<{ pf: number; calificacion: number }>(
    t.db,
    sql`select porcentaje_pf::float8 as pf, calificacion::int as calificacion from inscripciones_examen where id = ${id}`,
  );
  return row!;
}

const refusal = (statement: (tx: Tx) => Promise<unknown>, userId: number | null = null) =>
  refusalOf(t.db, userId, statement);

describe('POST /api/exams/{id}/rectificaciones', () => {
  it('seals a correction at once, numbered R-{nroActa}-{n}, graded by the rule, and leaves the original as it was', async () => {
    const { scene, codigo, failed } = await scoredExamen(true);
    expect(failed.calificacion).toBe(1);
    const res = await rectify(scene.examen.id, failed.id, 90);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      examenId: scene.examen.id,
      inscripcionId: failed.id,
      numero: 1,
      nroRectificacion: 'R-ACTA-1-1',
      nroActa: 'ACTA-1',
      codigoActa: codigo,
      motivo: MOTIVO,
      vigente: true,
      anterior: { porcentajePF: 30, calificacion: 1, porcentajePP: 80 },
      nuevo: { porcentajePF: 90, porcentajePP: 80 },
      usuario: `${who.admin.user.apellido}, ${who.admin.user.nombre}`,
    });
    expect(r.nuevo.calificacion).toBeGreaterThanOrEqual(2);
    expect(r.codigoVerificacion).toMatch(/^[0-9A-F]{12}$/);
    expect(r.codigoVerificacion).not.toBe(codigo);

    // The original row and the exam stay as they were sealed.
    expect(await originalRow(failed.id)).toEqual({ pf: 30, calificacion: 1 });
    const examen = await examenOf(scene.examen.id);
    expect(examen.estado.value).toBe(EstadoExamen.Sellado);
    expect(examen.codigoVerificacion).toBe(codigo);

    // A second one replaces the first's figures, numbered next.
    const second = await call('POST', `/api/exams/${scene.examen.id}/rectificaciones`, {
      inscripcionId: failed.id,
      porcentajePF: 75,
      motivo: 'La corrección anterior tomó la nota de otro alumno',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ numero: 2, nroRectificacion: 'R-ACTA-1-2', anterior: { porcentajePF: 90 } });

    const list = await call('GET', `/api/exams/${scene.examen.id}/rectificaciones`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ numero: number }[]>().map((x) => x.numero)).toEqual([1, 2]);
  });

  it('asks for the reason (10-500 characters) and refuses a correction that changes nothing', async () => {
    const { scene, failed } = await scoredExamen(true);
    const url = `/api/exams/${scene.examen.id}/rectificaciones`;
    for (const motivo of [undefined, '', 'corto', 'x'.repeat(501)]) {
      const res = await call('POST', url, { inscripcionId: failed.id, porcentajePF: 90, motivo });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ motivo: MSG_EXAMENES.rectificacionMotivo });
    }
    const same = await call('POST', url, { inscripcionId: failed.id, porcentajePF: 30, motivo: MOTIVO });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe(MSG_EXAMENES.rectificacionSinCambios);
    const list = await call('GET', url);
    expect(list.json()).toEqual([]);
  });

  it('refuses an exam not sealed (400), a student not in it (404), and anyone without the permission (403)', async () => {
    const open = await scoredExamen(false);
    const notSealed = await rectify(open.scene.examen.id, open.failed.id, 90);
    expect(notSealed.statusCode).toBe(400);
    expect(notSealed.json().error).toBe(MSG_EXAMENES.rectificacionSoloSellada);
    expect(await originalRow(open.failed.id)).toEqual({ pf: 30, calificacion: 1 });

    const sealed = await scoredExamen(true);
    const url = `/api/exams/${sealed.scene.examen.id}/rectificaciones`;
    const otherAlumno = await call('POST', url, { inscripcionId: open.failed.id, porcentajePF: 90, motivo: MOTIVO });
    expect(otherAlumno.statusCode).toBe(404);
    expect(otherAlumno.json().error).toBe(MSG_EXAMENES.rectificacionAlumno);

    const body = { inscripcionId: sealed.failed.id, porcentajePF: 90, motivo: MOTIVO };
    for (const token of [who.funcionario.token, who.profesor.token, who.alumno.token]) {
      expect((await call('POST', url, body, token)).statusCode).toBe(403);
    }
    expect((await call('GET', url)).json()).toEqual([]);
  });

  it('lets a Funcionario rectify once the root administrator grants the permission', async () => {
    const funcionario = await createUser(t.db, { roles: [Role.Funcionario] });
    await writeTx(t.db, null, (tx) =>
      tx.execute(sql`update usuarios set puede_rectificar = true where id = ${funcionario.id}`),
    );
    const token = await login(t.app, funcionario.email, TEST_PASSWORD);
    const { scene, failed } = await scoredExamen(true);
    const res = await call(
      'POST',
      `/api/exams/${scene.examen.id}/rectificaciones`,
      { inscripcionId: failed.id, porcentajePF: 90, motivo: MOTIVO },
      token,
    );
    expect(res.statusCode).toBe(200);
    // A professor with the flag set by hand is still refused: the grant is a Funcionario's.
    const profesor = await createUser(t.db, { roles: [Role.Profesor] });
    await writeTx(t.db, null, (tx) =>
      tx.execute(sql`update usuarios set puede_rectificar = true where id = ${profesor.id}`),
    );
    const ptoken = await login(t.app, profesor.email, TEST_PASSWORD);
    const refused = await call(
      'POST',
      `/api/exams/${scene.examen.id}/rectificaciones`,
      { inscripcionId: failed.id, porcentajePF: 80, motivo: MOTIVO },
      ptoken,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('writes the audit log: who, when and why', async () => {
    const { scene, failed } = await scoredExamen(true);
    const res = await rectify(scene.examen.id, failed.id, 90);
    const id = res.json<{ id: number }>().id;
    const [audit] = await rows<{ usuarioId: number; tipo: string; motivo: string; fecha: string | null }>(
      t.db,
      sql`select usuario_id as "usuarioId", tipo, valores_nuevos ->> 'motivo' as motivo, fecha::text as fecha
            from auditoria where nombre_tabla = 'rectificaciones_examen' and clave_primaria = ${String(id)}`,
    );
    expect(audit).toMatchObject({ usuarioId: who.admin.user.id, tipo: 'INSERT', motivo: MOTIVO });
    expect(audit!.fecha).toBeTruthy();
  });
});

describe('the database keeps rectifications and the original acta as sealed', () => {
  it('refuses UPDATE and DELETE of a rectification and of the original row, and an insert on an unsealed exam', async () => {
    const { scene, failed } = await scoredExamen(true);
    const res = await rectify(scene.examen.id, failed.id, 90);
    const id = res.json<{ id: number }>().id;
    await expectAppendOnly(t.db, 'rectificaciones_examen', 'calificacion = 5', id);
    expect(
      await refusal((tx) => tx.execute(sql`update inscripciones_examen set calificacion = 5 where id = ${failed.id}`)),
    ).toMatch(/sellado/);
    expect(await originalRow(failed.id)).toEqual({ pf: 30, calificacion: 1 });

    // By hand, the trigger still decides: a user without the permission, or an exam not sealed, is refused.
    const insert = (examenId: number, inscripcionId: number) => (tx: Tx) =>
      tx.execute(sql`insert into rectificaciones_examen (examen_id, inscripcion_examen_id, codigo_acta, numero,
                       nro_rectificacion, codigo_verificacion, motivo, usuario_id, anterior_calificacion, calificacion)
                     values (${examenId}, ${inscripcionId}, '', 0, '', 'ABCDEF012345', ${MOTIVO},
                             ${who.funcionario.user.id}, 0, 5)`);
    expect(await refusal(insert(scene.examen.id, failed.id), who.funcionario.user.id)).toContain('permiso');
    const open = await scoredExamen(false);
    const asAdmin = (examenId: number, inscripcionId: number) => (tx: Tx) =>
      tx.execute(sql`insert into rectificaciones_examen (examen_id, inscripcion_examen_id, codigo_acta, numero,
                       nro_rectificacion, codigo_verificacion, motivo, usuario_id, anterior_calificacion, calificacion)
                     values (${examenId}, ${inscripcionId}, '', 0, '', 'ABCDEF012346', ${MOTIVO},
                             ${who.admin.user.id}, 0, 5)`);
    expect(await refusal(asAdmin(open.scene.examen.id, open.failed.id), who.admin.user.id)).toContain('sellada');
  });
});

describe('what reads the result uses the rectified grade', () => {
  it('the academic status shows it marked rectificada, and the exam eligibility counts the subject passed', async () => {
    const { scene, failed } = await scoredExamen(true);
    const alumno = scene.alumnos[1]!;
    const statusOf = async () => {
      const res = await call('GET', `/api/reports/reporte-academic-status-student/${alumno.perfil.id}`);
      expect(res.statusCode).toBe(200);
      const materias = res
        .json<{ semestres: { materias: { calificacion: number | null; rectificacion: unknown }[] }[] }>()
        .semestres.flatMap((s) => s.materias)
        .filter((m) => m.calificacion !== null);
      return { materias, resumen: res.json<{ resumen: { aprobadas: number } }>().resumen };
    };
    const before = await statusOf();
    expect(before.materias).toEqual([expect.objectContaining({ calificacion: 1, rectificacion: null })]);
    expect(before.resumen.aprobadas).toBe(0);

    // A later exam of the same subject: the failing student may still sit it.
    const later = await createExamen(t.db, scene.mp.id, scene.profesor.id);
    const token = await login(t.app, alumno.user.email, TEST_PASSWORD);
    const derecho = async () => {
      const res = await call('POST', '/api/studentsubjects/mis_derechos_a_examenes', { page: 1, pageSize: 100 }, token);
      return res.json<{ items: { instancia: { item: { motivo: string | null } } }[] }>().items[0]!.instancia.item
        .motivo;
    };
    expect(await derecho()).not.toBe(MSG_EXAMENES.motivoAprobada);
    expect(later.id).toBeGreaterThan(0);

    const res = await rectify(scene.examen.id, failed.id, 90);
    const r = res.json<{
      id: number;
      nroRectificacion: string;
      codigoVerificacion: string;
      nuevo: { calificacion: number };
    }>();
    const after = await statusOf();
    expect(after.materias).toEqual([
      expect.objectContaining({
        calificacion: r.nuevo.calificacion,
        examenId: scene.examen.id,
        rectificacion: { id: r.id, nroRectificacion: r.nroRectificacion, codigo: r.codigoVerificacion },
      }),
    ]);
    expect(after.resumen.aprobadas).toBe(1);
    expect(await derecho()).toBe(MSG_EXAMENES.motivoAprobada);
  });
});

describe("a rectification and the student's certificates", () => {
  it("issues again a certificate whose content changed; the old one says 'reemplazado' on verification", async () => {
    const { scene, passed, failed } = await scoredExamen(true);
    const alumno = scene.alumnos[0]!;
    const token = await login(t.app, alumno.user.email, TEST_PASSWORD);
    const issued = await call('POST', '/api/certificados', { tipo: 'estudios' }, token);
    expect(issued.statusCode).toBe(200);
    const { codigo } = issued.json<{ codigo: string }>();
    const verify = async (c: string) => {
      const res = await call('GET', `/api/verificar/${c}`, undefined, '');
      expect(res.statusCode).toBe(200);
      return res.json<{ certificado: { vigente: boolean; reemplazado: { emitido: string } | null } }>().certificado;
    };
    expect((await verify(codigo)).vigente).toBe(true);

    // The other student's rectification leaves this student's certificate as it was.
    const other = await rectify(scene.examen.id, failed.id, 90);
    expect(other.statusCode).toBe(200);
    expect((await verify(codigo)).vigente).toBe(true);

    // This student's grade changes: the certificate is issued again in the same transaction.
    const res = await rectify(scene.examen.id, passed.id, 62);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ nuevo: { calificacion: number } }>().nuevo.calificacion).not.toBe(passed.calificacion);
    const old = await verify(codigo);
    expect(old.vigente).toBe(false);
    expect(old.reemplazado).not.toBeNull();
    const list = await call('GET', '/api/certificados', undefined, token);
    const mine = list.json<{ codigo: string; tipo: string; reemplazado: boolean }[]>();
    expect(mine).toHaveLength(2);
    const current = mine.find((c) => !c.reemplazado)!;
    expect(current).toMatchObject({ tipo: 'estudios' });
    expect((await verify(current.codigo)).vigente).toBe(true);
    // The constancia was never issued: the rectification issues none.
    expect(mine.every((c) => c.tipo === 'estudios')).toBe(true);
  });
});

describe('GET /api/exams/verify-rectificacion/{code}', () => {
  it('verifies an acta rectificativa by its code without names or figures; an unknown code is a 404', async () => {
    const { scene, codigo, failed } = await scoredExamen(true);
    const res = await rectify(scene.examen.id, failed.id, 90);
    const code = res.json<{ codigoVerificacion: string }>().codigoVerificacion;
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/exams/verify-rectificacion/${code.toLowerCase()}`,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      codigo: code,
      nroRectificacion: 'R-ACTA-1-1',
      nroActa: 'ACTA-1',
      codigoActa: codigo,
      vigente: true,
    });
    expect(verified.body).not.toContain(scene.alumnos[1]!.user.numeroDocumento);
    expect(verified.body).not.toContain(MOTIVO);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/exams/verify-rectificacion/000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(MSG_EXAMENES.rectificacionDesconocida);
  });
});

describe('GET /api/verificar/{código}: the public page of every document (issue 43)', () => {
  it("serves a rectification's own code and lists the acta's rectifications with number, date and code", async () => {
    const { scene, codigo, failed } = await scoredExamen(true);
    const first = (await rectify(scene.examen.id, failed.id, 80)).json<{ codigoVerificacion: string }>();
    const second = (await rectify(scene.examen.id, failed.id, 90)).json<{ codigoVerificacion: string }>();
    const byCode = await t.app.inject({ method: 'GET', url: `/api/verificar/${second.codigoVerificacion}` });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json()).toMatchObject({
      tipo: 'rectificacion',
      rectificacion: { codigo: second.codigoVerificacion, nroRectificacion: 'R-ACTA-1-2', codigoActa: codigo },
    });
    expect(byCode.body).not.toContain(scene.alumnos[1]!.user.numeroDocumento);
    expect(byCode.body).not.toContain(MOTIVO);
    const acta = await t.app.inject({ method: 'GET', url: `/api/verificar/${codigo}` });
    expect(acta.statusCode).toBe(200);
    const { rectificaciones } = acta.json<{ acta: { rectificaciones: { codigo: string; fecha: string }[] } }>().acta;
    expect(rectificaciones).toMatchObject([
      { nroRectificacion: 'R-ACTA-1-1', codigo: first.codigoVerificacion },
      { nroRectificacion: 'R-ACTA-1-2', codigo: second.codigoVerificacion },
    ]);
    expect(rectificaciones.every((r) => !Number.isNaN(Date.parse(r.fecha)))).toBe(true);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/verificar/000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('No se encontró ningún documento con ese código');
  });
});

describe("the root's reopening keeps a reason and a resolution", () => {
  it('records both with the reopening and the acta that replaces it carries them', async () => {
    const { scene, codigo } = await scoredExamen(true);
    const root = await createUser(t.db, { roles: [Role.Admin], esAdminRoot: true });
    const token = await login(t.app, root.email, TEST_PASSWORD);
    const tooLong = await call(
      'PUT',
      '/api/exams/open',
      { id: scene.examen.id, motivo: 'Examen anulado por resolución', resolucion: 'x'.repeat(65) },
      token,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ resolucion: MSG_EXAMENES.reopenResolucion });
    const opened = await call(
      'PUT',
      '/api/exams/open',
      { id: scene.examen.id, motivo: 'Examen anulado por resolución', resolucion: 'Res. CD 12/2026' },
      token,
    );
    expect(opened.statusCode).toBe(200);
    expect((await call('PUT', '/api/exams/stamp', { id: scene.examen.id })).statusCode).toBe(200);
    const acta = await call('GET', `/api/exams/report/${scene.examen.id}/final`);
    expect(acta.json().examen.reapertura).toMatchObject({
      motivo: 'Examen anulado por resolución',
      resolucion: 'Res. CD 12/2026',
      codigoReemplazado: codigo,
    });
  });

  it('a rectification of the reopened version no longer counts once the exam is sealed again', async () => {
    const { scene, failed } = await scoredExamen(true);
    const res = await rectify(scene.examen.id, failed.id, 90);
    const code = res.json<{ codigoVerificacion: string }>().codigoVerificacion;
    const root = await createUser(t.db, { roles: [Role.Admin], esAdminRoot: true });
    const token = await login(t.app, root.email, TEST_PASSWORD);
    await call('PUT', '/api/exams/open', { id: scene.examen.id, motivo: 'Examen anulado por resolución' }, token);
    await call('PUT', '/api/exams/stamp', { id: scene.examen.id });
    const list = await call('GET', `/api/exams/${scene.examen.id}/rectificaciones`);
    expect(list.json()).toEqual([expect.objectContaining({ vigente: false })]);
    const verified = await t.app.inject({ method: 'GET', url: `/api/exams/verify-rectificacion/${code}` });
    expect(verified.json()).toMatchObject({ vigente: false });
    const [row] = await rows<{ calificacion: number }>(
      t.db,
      sql`select calificacion::int as calificacion from resultados_examen where examen_id = ${scene.examen.id}
             and perfil_alumno_id = ${scene.alumnos[1]!.perfil.id}`,
    );
    expect(row).toEqual({ calificacion: 1 });
  });
});

describe('PUT /api/users/{id}/rectificar-actas', () => {
  it("is the root administrator's: grants a Funcionario the permission, refuses other roles and other admins", async () => {
    const funcionario = await createUser(t.db, { roles: [Role.Funcionario] });
    const profesor = await createUser(t.db, { roles: [Role.Profesor] });
    const root = await createUser(t.db, { roles: [Role.Admin], esAdminRoot: true });
    const rootToken = await login(t.app, root.email, TEST_PASSWORD);
    const url = (id: number) => `/api/users/${id}/rectificar-actas`;

    const byAdmin = await call('PUT', url(funcionario.id), { puedeRectificar: true });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error).toBe(MSG_EXAMENES.rectificacionGrantRootOnly);
    expect((await call('PUT', url(funcionario.id), { puedeRectificar: true }, who.funcionario.token)).statusCode).toBe(
      403,
    );
    const toProfesor = await call('PUT', url(profesor.id), { puedeRectificar: true }, rootToken);
    expect(toProfesor.statusCode).toBe(400);
    expect(toProfesor.json().error).toBe(MSG_EXAMENES.rectificacionGrantFuncionario);

    const token = await login(t.app, funcionario.email, TEST_PASSWORD);
    const { scene, failed } = await scoredExamen(true);
    const asFuncionario = () => rectify(scene.examen.id, failed.id, 90, token);
    expect((await asFuncionario()).statusCode).toBe(403);
    const granted = await call('PUT', url(funcionario.id), { puedeRectificar: true }, rootToken);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ puedeRectificar: true });
    // In effect at once, on the session already open.
    expect((await asFuncionario()).statusCode).toBe(200);
    const status = await call('GET', '/api/users/get_login_status', undefined, token);
    expect(status.json()).toMatchObject({ user: { puedeRectificar: true } });
    const [audit] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from auditoria where nombre_tabla = 'usuarios'
             and tipo = 'UPDATE' and clave_primaria = ${String(funcionario.id)} and 'puede_rectificar' = any(columnas_afectadas)`,
    );
    expect(audit!.n).toBe(1);
  });
});

describe('the signatories of an acta', () => {
  it('refuses the same person as two of them, with the field that repeats', async () => {
    const scene = await createExamenScene(t.db, [{ porcentajeAsistencia: 90, porcentajePP: 80 }]);
    const otro = await createUser(t.db, { roles: [Role.Profesor] });
    const body = {
      fecha: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      fechaLimiteInscripcion: new Date(Date.now() + 15 * 86_400_000).toISOString(),
      materiaPeriodoId: scene.mp.id,
      interventorId: otro.id,
      periodo: 'Segundo periodo',
      nroActa: 'A-78',
    };
    const twice = await call('POST', '/api/exams', { ...body, profesorId: otro.id });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ profesorId: MSG_EXAMENES.samePersonTwice });
    const auxiliar = await call('POST', '/api/exams', { ...body, interventorAuxiliarId: otro.id });
    expect(auxiliar.json().errors).toEqual({ interventorAuxiliarId: MSG_EXAMENES.samePersonTwice });
    const ok = await call('POST', '/api/exams', { ...body, profesorId: scene.profesor.id });
    expect(ok.statusCode).toBe(200);
  });
});
