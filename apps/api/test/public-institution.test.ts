import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTx } from '../src/db/tx.js';
import { forgetCachedSettings } from '../src/modules/settings/settings.service.js';
import { saveSettingValues } from '../src/modules/settings/settings.repository.js';
import { setupTestApp, type TestContext } from './helper.js';

// Issue 44: the login page names the institution 'Configuración' holds, from the public settings it already
// asks without a session; only the names every printed document shows, and whether there is a logo.
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/public/settings', () => {
  it("answers without a session the university and faculty 'Configuración' holds, and whether a logo is set", async () => {
    await writeTx(t.db, null, (tx) =>
      saveSettingValues(tx, {
        nombreUniversidad: 'Universidad Nacional de Itapúa',
        nombreFacultad: 'Facultad de Ciencias y Tecnologías',
        nombreDecano: 'Prof. Dra. Ana Decana',
      }),
    );
    forgetCachedSettings();
    const res = await t.app.inject({ method: 'GET', url: '/api/public/settings' });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      universidad: 'Universidad Nacional de Itapúa',
      facultad: 'Facultad de Ciencias y Tecnologías',
      tieneLogo: false,
    });
    // Nothing else of the settings: not the dean, not the academic figures.
    expect(Object.keys(body).sort()).toEqual(
      [
        'appEnv',
        'appName',
        'appVersion',
        'buildNumber',
        'facultad',
        'institutionalLogin',
        'tieneLogo',
        'universidad',
      ].sort(),
    );
  });
});
