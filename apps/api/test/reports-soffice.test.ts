import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@arandu/shared';
import { createAlumno, createCarrera, createMalla } from './factories/academic.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { injectAs, login, setupTestApp, type TestContext } from './helper.js';
import { findSoffice } from './soffice.js';

const soffice = findSoffice();
if (!soffice) console.log('[reports] LibreOffice no está instalado: se omite la prueba de apertura con soffice');

describe.skipIf(!soffice)('a downloaded report opens outside exceljs', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await setupTestApp();
    const malla = await createMalla(t.db, (await createCarrera(t.db, { nombre: 'Ingeniería Civil' })).id);
    await createAlumno(t.db, malla.id, { nombre: 'Ñandutí', apellido: 'Güemes' });
    const staff = await createUser(t.db, { roles: [Role.Funcionario] });
    token = await login(t.app, staff.email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('soffice --headless --convert-to csv reads Alumnos.xlsx', async () => {
    const res = await injectAs(t.app, token, 'POST', '/api/reports/reporte_alumnos_download', {});
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-soffice-'));
    try {
      const file = path.join(dir, 'Alumnos.xlsx');
      fs.writeFileSync(file, res.rawPayload);
      // The CSV filter's options: comma, double quotes, UTF-8 (76), from the first row, language 0, and text
      // quoted only where needed (the seventh). Without them soffice writes the system's default encoding, and
      // 'Nº' came back as 'N\ufffd' on a machine set to C.
      const csvUtf8 = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true';
      execFileSync(soffice!, ['--headless', '--convert-to', csvUtf8, '--outdir', dir, file], {
        stdio: 'pipe',
        timeout: 120_000,
        env: { ...process.env, HOME: dir },
      });
      const csv = fs.readFileSync(path.join(dir, 'Alumnos.csv'), 'utf8').split(/\r?\n/);
      expect(csv[0]).toContain('C.I. Nº,Apellido,Nombre,Edad');
      expect(csv[1]).toContain('Güemes,Ñandutí');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
