import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG_EXAMENES, Role } from '@arandu/shared';
import type { Tx } from '../src/db/client.js';
import { rows } from '../src/db/sql.js';
import { writeTx } from '../src/db/tx.js';
import { setupAppWithEveryRole } from './factories/academic.js';
import { createExamenScene } from './factories/exams.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { expectAppendOnly, injectAs, login, refusalOf } from './helper.js';

// Issue 30: a sealed subject's result (a student's % PP or % Asistencia) is corrected by a rectification of
// the subject-period's record with a reason, never by an edit.
const { t, who } = setupAppWithEveryRole();

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: unknown, token = who.admin.token) =>
  injectAs(t.app, token, method, url, payload);

const MOTIVO = 'Error de carga del % de asistencia en la planilla';

/**
 * A subject-period with two students (the second below the attendance minimum) and a later exam of it; sealed
 * unless `seal` is false (then only published, as createExamScene leaves it).
 */
async function scene(seal = true) {
  const s = await createExamenScene(t.db, [
    { porcentajeAsistencia: 95, porcentajePP: 90 },
    { porcentajeAsistencia: 50, porcentajePP: 40 },
  ]);
  if (seal) {
    await writeTx(t.db, null, (tx) =>
      tx.execute(sql`update materias_periodo set estado = 2, fecha_sellado = now() where id = ${s.mp.id}`),
    );
  }
  return { ...s, low: s.alumnos[1]!.inscripcion };
}

async function originalRow(id: number) {
  const [row] = await rows<{ asistencia: number | null; pp: number | null }>(
    t.db,
    sql`select porcentaje_asistencia::float8 as asistencia, porcentaje_pp::float8 as pp
          from inscripciones_materia where id = ${id}`,
  );
  return row!;
}

const refusal = (statement: (tx: Tx) => Promise<unknown>, userId: number | null = null) =>
  refusalOf(t.db, userId, statement);

describe('POST /api/MateriasPeriodo/{id}/rectificaciones', () => {
  it('seals a correction numbered R-MP{id}-{n}, leaves the enrolment as sealed, and the list shows it rectificada', async () => {
    const { mp, low } = await scene();
    const url = `/api/MateriasPeriodo/${mp.id}/rectificaciones`;
    const res = await call('POST', url, { inscripcionId: low.id, porcentajeAsistencia: 80, motivo: MOTIVO });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      materiaPeriodoId: mp.id,
      inscripcionId: low.id,
      numero: 1,
      nroRectificacion: `R-MP${mp.id}-1`,
      motivo: MOTIVO,
      anterior: { porcentajeAsistencia: 50, porcentajePP: 40 },
      nuevo: { porcentajeAsistencia: 80, porcentajePP: 40 },
      usuario: `${who.admin.user.apellido}, ${who.admin.user.nombre}`,
    });
    expect(await originalRow(low.id)).toEqual({ asistencia: 50, pp: 40 });

    const second = await call('POST', url, { inscripcionId: low.id, porcentajePP: 60, motivo: MOTIVO });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      numero: 2,
      anterior: { porcentajeAsistencia: 80, porcentajePP: 40 },
      nuevo: { porcentajeAsistencia: 80, porcentajePP: 60 },
    });
    const list = await call('GET', url);
    expect(list.json<{ numero: number }[]>().map((x) => x.numero)).toEqual([1, 2]);

    const alumnos = await call('POST', `/api/MateriasPeriodo/${mp.id}/alumnos`, { page: 1, pageSize: 50 });
    const row = alumnos.json<{ items: { id: number }[] }>().items.find((i) => i.id === low.id);
    expect(row).toMatchObject({
      porcentajeAsistencia: 80,
      porcentajePP: 60,
      rectificacion: { id: second.json().id, nroRectificacion: `R-MP${mp.id}-2` },
    });
    const other = alumnos
      .json<{ items: { id: number; rectificacion: unknown }[] }>()
      .items.find((i) => i.id !== low.id);
    expect(other?.rectificacion).toBeNull();
  });

  it('asks for the reason (10-500 characters) with the exam message and refuses a correction that changes nothing', async () => {
    const { mp, low } = await scene();
    const url = `/api/MateriasPeriodo/${mp.id}/rectificaciones`;
    for (const motivo of [undefined, '', 'corto', 'x'.repeat(501)]) {
      const res = await call('POST', url, { inscripcionId: low.id, porcentajePP: 60, motivo });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ motivo: MSG_EXAMENES.rectificacionMotivo });
    }
    for (const body of [{ porcentajePP: 40 }, {}]) {
      const same = await call('POST', url, { inscripcionId: low.id, ...body, motivo: MOTIVO });
      expect(same.statusCode).toBe(400);
      expect(same.json().error).toBe(MSG_EXAMENES.rectificacionMateriaSinCambios);
    }
    expect((await call('GET', url)).json()).toEqual([]);
  });

  it('refuses a subject-period not sealed (400), a student not in it (404), and anyone without the permission (403)', async () => {
    const open = await scene(false);
    const notSealed = await call('POST', `/api/MateriasPeriodo/${open.mp.id}/rectificaciones`, {
      inscripcionId: open.low.id,
      porcentajePP: 60,
      motivo: MOTIVO,
    });
    expect(notSealed.statusCode).toBe(400);
    expect(notSealed.json().error).toBe(MSG_EXAMENES.rectificacionMateriaSoloSellada);

    const sealed = await scene();
    const url = `/api/MateriasPeriodo/${sealed.mp.id}/rectificaciones`;
    const otherAlumno = await call('POST', url, { inscripcionId: open.low.id, porcentajePP: 60, motivo: MOTIVO });
    expect(otherAlumno.statusCode).toBe(404);
    expect(otherAlumno.json().error).toBe(MSG_EXAMENES.rectificacionMateriaAlumno);
    const missing = await call('POST', '/api/MateriasPeriodo/999999/rectificaciones', {
      inscripcionId: sealed.low.id,
      porcentajePP: 60,
      motivo: MOTIVO,
    });
    expect(missing.statusCode).toBe(404);

    const body = { inscripcionId: sealed.low.id, porcentajePP: 60, motivo: MOTIVO };
    for (const token of [who.funcionario.token, who.profesor.token, who.alumno.token]) {
      expect((await call('POST', url, body, token)).statusCode).toBe(403);
    }
    expect((await call('GET', url)).json()).toEqual([]);
    expect(await originalRow(sealed.low.id)).toEqual({ asistencia: 50, pp: 40 });
  });

  it('lets a Funcionario the root granted the permission rectify, and writes the audit log', async () => {
    const funcionario = await createUser(t.db, { roles: [Role.Funcionario] });
    await writeTx(t.db, null, (tx) =>
      tx.execute(sql`update usuarios set puede_rectificar = true where id = ${funcionario.id}`),
    );
    const token = await login(t.app, funcionario.email, TEST_PASSWORD);
    const { mp, low } = await scene();
    const res = await call(
      'POST',
      `/api/MateriasPeriodo/${mp.id}/rectificaciones`,
      { inscripcionId: low.id, porcentajePP: 60, motivo: MOTIVO },
      token,
    );
    expect(res.statusCode).toBe(200);
    const id = res.json<{ id: number }>().id;
    const [audit] = await rows<{ usuarioId: number; tipo: string; motivo: string }>(
      t.db,
      sql`select usuario_id as "usuarioId", tipo, valores_nuevos ->> 'motivo' as motivo
            from auditoria where nombre_tabla = 'rectificaciones_materia' and clave_primaria = ${String(id)}`,
    );
    expect(audit).toEqual({ usuarioId: funcionario.id, tipo: 'INSERT', motivo: MOTIVO });
  });
});

describe('the database keeps the sealed record and its rectifications', () => {
  it('refuses an SQL update of the original enrolment, any change to a rectification, and an insert by hand without the rules', async () => {
    const { mp, low } = await scene();
    const res = await call('POST', `/api/MateriasPeriodo/${mp.id}/rectificaciones`, {
      inscripcionId: low.id,
      porcentajeAsistencia: 80,
      motivo: MOTIVO,
    });
    const id = res.json<{ id: number }>().id;
    expect(
      await refusal((tx) =>
        tx.execute(sql`update inscripciones_materia set porcentaje_asistencia = 99 where id = ${low.id}`),
      ),
    ).toMatch(/publicada o sellada/);
    expect(await originalRow(low.id)).toEqual({ asistencia: 50, pp: 40 });
    await expectAppendOnly(t.db, 'rectificaciones_materia', 'porcentaje_pp = 99', id);

    const insert = (materiaPeriodoId: number, inscripcionId: number, usuarioId: number) => (tx: Tx) =>
      tx.execute(sql`insert into rectificaciones_materia (materia_periodo_id, inscripcion_materia_id, numero,
                       nro_rectificacion, motivo, usuario_id, porcentaje_pp)
                     values (${materiaPeriodoId}, ${inscripcionId}, 0, '', ${MOTIVO}, ${usuarioId}, 99)`);
    const fid = who.funcionario.user.id;
    expect(await refusal(insert(mp.id, low.id, fid), fid)).toContain('permiso');
    const open = await scene(false);
    const aid = who.admin.user.id;
    expect(await refusal(insert(open.mp.id, open.low.id, aid), aid)).toContain('sellada');
    expect(await refusal(insert(mp.id, open.low.id, aid), aid)).toContain('no está inscripto');
  });
});

describe('what reads the result uses the rectified figures', () => {
  it('the right to an exam and the report by subject take the rectified attendance', async () => {
    const s = await scene();
    const alumno = s.alumnos[1]!;
    const token = await login(t.app, alumno.user.email, TEST_PASSWORD);
    const derecho = async () => {
      const res = await call('POST', '/api/studentsubjects/mis_derechos_a_examenes', { page: 1, pageSize: 100 }, token);
      expect(res.statusCode).toBe(200);
      return res.json<{ items: { porcentajeAsistencia: number; instancia: { item: { motivo: string | null } } }[] }>()
        .items[0]!;
    };
    expect((await derecho()).instancia.item.motivo).toContain(MSG_EXAMENES.motivoAsistencia);

    const res = await call('POST', `/api/MateriasPeriodo/${s.mp.id}/rectificaciones`, {
      inscripcionId: s.low.id,
      porcentajeAsistencia: 85,
      motivo: MOTIVO,
    });
    expect(res.statusCode).toBe(200);
    const after = await derecho();
    expect(after.instancia.item.motivo ?? '').not.toContain(MSG_EXAMENES.motivoAsistencia);
    expect(after.porcentajeAsistencia).toBe(85);

    const report = await call('POST', '/api/reports/reporte_alumnos_por_materia', { filters: { materiaId: s.mp.id } });
    const rowOf = report
      .json<{ items: { numeroDocumento: string; porcentajeAsistencia: number }[] }>()
      .items.find((i) => i.numeroDocumento === alumno.user.numeroDocumento);
    expect(rowOf?.porcentajeAsistencia).toBe(85);
  });
});
