import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CONFIG, Role, SETTINGS_DEFAULTS, type ConfiguracionSave } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { getSettings } from '../src/modules/settings/settings.service.js';
import { multipart, pngBytes } from './factories/photos.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';

let t: TestContext;
let adminId: number;
const tokens: Record<string, string> = {};

const call = (who: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? bearer(tokens[who]!) : {} });

const uploadLogo = (who: string, data: Buffer, type = 'image/png') => {
  const body = multipart('files', 'logo.png', type, data);
  return t.app.inject({
    method: 'PUT',
    url: '/api/configuracion/logo',
    headers: { ...bearer(tokens[who]!), ...body.headers },
    payload: body.payload,
  });
};

async function current(): Promise<ConfiguracionSave> {
  const { tieneLogo: _logo, ...figures } = (await call('admin', 'GET', '/api/configuracion')).json<
    ConfiguracionSave & { tieneLogo: boolean }
  >();
  return figures;
}

const auditOf = (clave: string) =>
  rows<{ usuario_id: number; anterior: string | null; nuevo: string | null }>(
    t.db,
    sql`select usuario_id, valores_anteriores ->> 'valor' as anterior, valores_nuevos ->> 'valor' as nuevo
          from auditoria where nombre_tabla = 'configuracion' and clave_primaria = ${clave} order by id`,
  );

beforeAll(async () => {
  t = await setupTestApp();
  for (const [key, role] of [
    ['admin', Role.Admin],
    ['funcionario', Role.Funcionario],
  ] as const) {
    const user = await createUser(t.db, { roles: [role] });
    if (key === 'admin') adminId = user.id;
    tokens[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(async () => {
  await t?.close();
});

describe("'Configuración'", () => {
  it('shows the figures in force, the waiting-list deadline defaulting to 24 h', async () => {
    const res = await call('admin', 'GET', '/api/configuracion');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      minAsistenciaExamen: SETTINGS_DEFAULTS.minAsistenciaExamen,
      pesoPP: 0.4,
      pesoPF: 0.6,
      listaEsperaOfertaHoras: 24,
      nombreFacultad: 'Facultad de Ingeniería',
      tieneLogo: false,
    });
    expect((await call('funcionario', 'GET', '/api/configuracion')).statusCode).toBe(403);
  });

  it('refuses out-of-range figures and weights that do not add up, in Spanish, changing nothing', async () => {
    const before = await current();
    const range = await call('admin', 'PUT', '/api/configuracion', { ...before, minAsistenciaExamen: 150 });
    expect(range.statusCode).toBe(400);
    expect(range.json().errors.minAsistenciaExamen).toBe(
      'El mínimo de asistencia para rendir debe ser un número entre 0 y 100',
    );
    const weights = await call('admin', 'PUT', '/api/configuracion', { ...before, pesoPP: 0.5, pesoPF: 0.6 });
    expect(weights.statusCode).toBe(400);
    expect(weights.json().errors.pesoPF).toBe(MSG_CONFIG.weightsSum);
    const empty = await call('admin', 'PUT', '/api/configuracion', { ...before, nombreFacultad: '  ' });
    expect(empty.json().errors.nombreFacultad).toBe('Ingrese el nombre de la facultad');
    const months = await call('admin', 'PUT', '/api/configuracion', { ...before, vigenciaDerechoExamenMeses: 1.5 });
    expect(months.statusCode).toBe(400);
    for (const sitio of ['javascript:alert(1)', 'facultad', 'https://', `https://${'a'.repeat(200)}.py`]) {
      const bad = await call('admin', 'PUT', '/api/configuracion', { ...before, sitioFacultad: sitio });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.sitioFacultad).toBe(MSG_CONFIG.sitioInvalid);
    }
    expect(await current()).toEqual(before);
    expect(await auditOf('minAsistenciaExamen')).toEqual([]);
  });

  it('saves a change that rules at once (no restart), audited key by key with who made it', async () => {
    const before = await current();
    const res = await call('admin', 'PUT', '/api/configuracion', {
      ...before,
      minAsistenciaExamen: 75,
      pesoPP: 0.3,
      pesoPF: 0.7,
      nombreUniversidad: 'Universidad Nacional de Itapúa',
      nombreDecano: 'Dra. Mirta Benítez',
      sitioFacultad: 'https://ingenieria.demo.edu.py',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ minAsistenciaExamen: 75, pesoPP: 0.3, pesoPF: 0.7 });
    const settings = await getSettings(t.db);
    expect(settings.minAsistenciaExamen).toBe(75);
    expect(settings.nombreDecano).toBe('Dra. Mirta Benítez');
    expect(await auditOf('minAsistenciaExamen')).toEqual([{ usuario_id: adminId, anterior: '70', nuevo: '75' }]);
    expect(await auditOf('nombreDecano')).toEqual([
      { usuario_id: adminId, anterior: null, nuevo: '"Dra. Mirta Benítez"' },
    ]);
    // Unchanged keys write nothing.
    expect(await auditOf('loginMaxFallos')).toEqual([]);
    const membrete = await call('', 'GET', '/api/configuracion/membrete');
    expect(membrete.json()).toEqual({
      universidad: 'Universidad Nacional de Itapúa',
      facultad: 'Facultad de Ingeniería',
      decano: 'Dra. Mirta Benítez',
      sitio: 'https://ingenieria.demo.edu.py',
      tieneLogo: false,
    });
  });
});

describe('the logo', () => {
  it('takes a png or jpeg, re-encoded as a png of at most 600 x 300, audited; anyone reads it', async () => {
    expect((await uploadLogo('admin', await pngBytes(1200, 400))).statusCode).toBe(204);
    const res = await call('', 'GET', '/api/configuracion/logo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 200]);
    expect((await call('admin', 'GET', '/api/configuracion')).json().tieneLogo).toBe(true);
    expect((await auditOf('logoMembrete')).map((a) => a.usuario_id)).toEqual([adminId]);
  });

  it('refuses what is not an image, one over 1 MB, and anyone but an administrator', async () => {
    const text = await uploadLogo('admin', Buffer.from('no soy una imagen'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe(MSG_CONFIG.logoType);
    const big = await uploadLogo('admin', Buffer.concat([await pngBytes(10, 10), Buffer.alloc(1_000_001)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toBe(MSG_CONFIG.logoTooLarge);
    expect((await uploadLogo('funcionario', await pngBytes(10, 10))).statusCode).toBe(403);
  });

  it('is removed by an administrator', async () => {
    expect((await call('admin', 'DELETE', '/api/configuracion/logo')).statusCode).toBe(204);
    expect((await call('', 'GET', '/api/configuracion/logo')).statusCode).toBe(404);
  });
});
