import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { Role } from '@arandu/shared';
import * as repo from '../src/modules/reports/alumnos.repository.js';
import { EXPORT_BATCH } from '../src/modules/reports/reports.export.js';
import { createCarrera, createMalla } from './factories/academic.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { injectAs, login, setupTestApp, type TestContext } from './helper.js';

// Counts the export's batch queries (the app imports the same mocked module).
vi.mock('../src/modules/reports/alumnos.repository.js', async (importOriginal) => {
  const original = await importOriginal<typeof repo>();
  return { ...original, alumnosBatch: vi.fn(original.alumnosBatch) };
});

const STUDENTS = 5 * EXPORT_BATCH + 17;
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await setupTestApp();
  const malla = await createMalla(t.db, (await createCarrera(t.db)).id);
  // Bulk rows straight in SQL: the factories' one-user-a-transaction would take minutes.
  await t.db.execute(sql`insert into usuarios (nombre, apellido, numero_documento, email, password_hash, es_alumno)
    select 'Nombre' || n, 'Apellido' || n, (7000000 + n)::text, 'bulk' || n || '@prueba.edu.py', 'x', true
      from generate_series(1, ${STUDENTS}) n`);
  await t.db.execute(sql`insert into perfiles_alumno (usuario_id, malla_id, numero_legajo, fecha_ingreso)
    select u.id, ${malla.id}, 900000 + row_number() over (order by u.id), '2024-02-01'
      from usuarios u where u.email like 'bulk%'`);
  const staff = await createUser(t.db, { roles: [Role.Funcionario] });
  token = await login(t.app, staff.email, TEST_PASSWORD);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('report downloads at size', () => {
  it('writes every row, batch after batch, in legajo order', async () => {
    vi.mocked(repo.alumnosBatch).mockClear();
    const res = await injectAs(t.app, token, 'POST', '/api/reports/reporte_alumnos_download', {});
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(STUDENTS + 1);
    expect(sheet.getRow(2).getCell(2).value).toBe('Apellido1');
    expect(sheet.getRow(STUDENTS + 1).getCell(2).value).toBe(`Apellido${STUDENTS}`);
    expect(vi.mocked(repo.alumnosBatch)).toHaveBeenCalledTimes(Math.ceil(STUDENTS / EXPORT_BATCH));
  });

  it('stops querying when the client abandons the download, and keeps serving', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    vi.mocked(repo.alumnosBatch).mockClear();
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
          // Gone as soon as the file starts: the export must notice and stop.
          req.destroy();
          resolve();
        },
      );
      req.on('error', (err) => (err.message.includes('socket hang up') ? resolve() : reject(err)));
      req.end('{}');
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(vi.mocked(repo.alumnosBatch).mock.calls.length).toBeLessThan(Math.ceil(STUDENTS / EXPORT_BATCH));
    const after = await fetch(`${address}/api/reports/reporte_alumnos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pageSize: 1 }),
    });
    expect(((await after.json()) as { totalItemsCount: number }).totalItemsCount).toBe(STUDENTS);
  });
});
