import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { Role } from '@arandu/shared';
import * as repo from '../../src/modules/reports/alumnos.repository.js';
import type { FastifyReply } from 'fastify';
import { EXPORT_BATCH, whileConnected } from '../../src/modules/reports/reports.export.js';
import { createCarrera, createMalla } from '../factories/academic.js';
import { createUser, TEST_PASSWORD } from '../factories/users.js';
import { login, setupTestApp, type TestContext } from '../helper.js';

// Counts the export's batch queries (the app imports the same mocked module).
vi.mock('../../src/modules/reports/alumnos.repository.js', async (importOriginal) => {
  const original = await importOriginal<typeof repo>();
  return { ...original, alumnosBatch: vi.fn(original.alumnosBatch) };
});

const ALUMNOS = 5 * EXPORT_BATCH + 17;
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await setupTestApp();
  const malla = await createMalla(t.db, (await createCarrera(t.db)).id);
  // Bulk rows straight in SQL: the factories' one-user-a-transaction would take minutes.
  await t.db.execute(sql`insert into usuarios (nombre, apellido, numero_documento, email, password_hash, es_alumno)
    select 'Nombre' || n, 'Apellido' || n, (7000000 + n)::text, 'bulk' || n || '@prueba.edu.py', 'x', true
      from generate_series(1, ${ALUMNOS}) n`);
  await t.db.execute(sql`insert into perfiles_alumno (usuario_id, malla_id, numero_legajo, fecha_ingreso)
    select u.id, ${malla.id}, 900000 + row_number() over (order by u.id), '2024-02-01'
      from usuarios u where u.email like 'bulk%'`);
  const staff = await createUser(t.db, { roles: [Role.Funcionario] });
  token = await login(t.app, staff.email, TEST_PASSWORD);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let listening: Promise<string> | undefined;
/** The app on a real socket: inject() would hide how Node treats a request whose body has been read. */
const address = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

describe('report downloads at size', () => {
  it('writes every row, batch after batch, in legajo order, over a real connection', async () => {
    vi.mocked(repo.alumnosBatch).mockClear();
    const res = await fetch(`${await address()}/api/reports/reporte_alumnos_download`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(ALUMNOS + 1);
    expect(sheet.getRow(2).getCell(2).value).toBe('Apellido1');
    expect(sheet.getRow(ALUMNOS + 1).getCell(2).value).toBe(`Apellido${ALUMNOS}`);
    expect(vi.mocked(repo.alumnosBatch)).toHaveBeenCalledTimes(Math.ceil(ALUMNOS / EXPORT_BATCH));
  });

  it('stops asking for batches once the response closes unfinished (the client went)', async () => {
    const raw = Object.assign(new EventEmitter(), { writableFinished: false, destroyed: false });
    const reply = { raw } as unknown as FastifyReply;
    let pulled = 0;
    async function* batches() {
      for (let i = 0; i < 10; i++) {
        pulled++;
        yield [i];
      }
    }
    const seen: number[][] = [];
    for await (const batch of whileConnected(reply, batches())) {
      seen.push(batch);
      if (seen.length === 2) raw.emit('close');
    }
    expect(seen).toEqual([[0], [1]]);
    expect(pulled).toBe(3);
    expect(raw.listenerCount('close')).toBe(0);
  });

  it('keeps serving after a client abandons a download', async () => {
    const base = await address();
    const { port } = t.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/reports/reporte_alumnos_download',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          req.destroy();
          resolve();
        },
      );
      req.on('error', (err) => (err.message.includes('socket hang up') ? resolve() : reject(err)));
      req.end('{}');
    });
    const after = await fetch(`${base}/api/reports/reporte_alumnos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pageSize: 1 }),
    });
    expect(((await after.json()) as { totalItemsCount: number }).totalItemsCount).toBe(ALUMNOS);
  });
});
