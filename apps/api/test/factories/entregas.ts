import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { Clock } from '../../src/lib/clock.js';
import { createAlumno, createOffering, inscribir } from './academic.js';
import { TEST_PASSWORD } from './users.js';
import { bearer, injectAs, type TestContext } from '../helper.js';

/**
 * Homework handed in through Arandu (issue 46), for the tests of an app `t()` over `clock`: a classroom with
 * a homework due in an hour, multipart uploads as the browser sends them, small PDFs.
 */
export function entregasKit(t: () => TestContext, clock: Clock) {
  let address = 0;
  async function login(email: string) {
    address += 1;
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: `10.46.${Math.floor(address / 250)}.${address % 250}`,
    });
    return res.json<{ token: string }>().token;
  }

  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const pdf = (text: string, size = 0) => {
    const body = Buffer.from(
      `%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    );
    return size > body.length ? Buffer.concat([body, Buffer.alloc(size - body.length, 0x20)]) : body;
  };

  function form(files: { name: string; data: Buffer; field?: string }[]) {
    const boundary = `----entregas${Math.random().toString(16).slice(2)}`;
    const parts = files.flatMap((f) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'archivos'}"; filename="${f.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      f.data,
      Buffer.from('\r\n'),
    ]);
    return {
      payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  const upload = (token: string, tareaId: number, files: { name: string; data: Buffer; field?: string }[]) => {
    const body = form(files);
    return t().app.inject({
      method: 'POST',
      url: `/api/tareas/${tareaId}/entregas`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };

  const HOUR = 3_600_000;

  /** A subject-period, its professor, two students, and a homework due in an hour (late work for one more). */
  async function classroom(entrega: Record<string, unknown> = {}) {
    const o = await createOffering(t().db);
    const alumnos = [];
    for (const apellido of ['Acosta', 'Benítez']) {
      const a = await createAlumno(t().db, o.malla.id, { apellido });
      await inscribir(t().db, a.perfil.id, o.mp);
      alumnos.push({ ...a, token: await login(a.user.email) });
    }
    const profesor = await login(o.profesor.email);
    const hasta = new Date(Math.floor((clock.now().getTime() + HOUR) / 1000) * 1000);
    const res = await injectAs(t().app, profesor, 'POST', '/api/homework/homework', {
      id: 0,
      materiaPeriodoId: o.mp.id,
      descripcion: 'Informe de laboratorio',
      fechaEntrega: hasta.toISOString().slice(0, 10),
      tipoTarea: 1,
      puntajeTotal: 20,
      porcentajePesoMateria: null,
      entrega: {
        hasta: hasta.toISOString(),
        tipos: ['pdf', 'imagen'],
        atrasoHasta: new Date(hasta.getTime() + HOUR).toISOString(),
        ...entrega,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tareaId = res.json<{ id: number }>().id;
    return { ...o, alumnos, profesor, tareaId, hasta };
  }

  return { login, sha, pdf, form, upload, classroom, HOUR };
}
