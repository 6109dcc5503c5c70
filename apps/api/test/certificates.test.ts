import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CERTIFICATES, Role } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { writeTx } from '../src/db/tx.js';
import type { AuthUser } from '../src/modules/auth/auth-user.js';
import { renderCertificadoPdf } from '../src/modules/certificates/certificates.pdf.js';
import { reissueChanged, sha256 } from '../src/modules/certificates/certificates.service.js';
import { VERIFICATIONS_PER_MINUTE } from '../src/modules/verification/verification.service.js';
import {
  addToMalla,
  createAlumno,
  createCarrera,
  createMalla,
  createMateriaPeriodo,
  createPeriodo,
  inscribir,
} from './factories/academic.js';
import { fixtureResults } from './factories/exams.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';
import { readPdf } from './pdf-reader.js';

const PUBLIC_URL = 'https://arandu.example.edu.py';
let t: TestContext;
const tokens: Record<string, string> = {};
let sofia: { perfilId: number; userId: number };
let ana: { perfilId: number };
let funcionarioId: number;
let mm: { id: number }[];
let oldPeriodoId: number;
/** Each call comes from its own address unless it says one, so only the throttling test meets the limit. */
let address = 0;
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = nextAddress()) =>
  t.app.inject({ method, url, payload, remoteAddress, headers: who ? bearer(tokens[who]!) : {} });

async function stored(id: number) {
  const [row] = await rows<{ contenido: string; digesto: string; emitido_por: number; reemplaza_id: number | null }>(
    t.db,
    sql`select contenido, digesto, emitido_por, reemplaza_id from certificados where id = ${id}`,
  );
  return { ...row!, json: JSON.parse(row!.contenido) };
}

beforeAll(async () => {
  t = await setupTestApp({ config: { publicUrl: PUBLIC_URL } });
  await fixtureResults(t.ownerDb);
  const carrera = await createCarrera(t.db, { nombre: 'Ingeniería Informática' });
  const malla = await createMalla(t.db, carrera.id);
  mm = [
    await addToMalla(t.db, malla.id, { semestre: 1 }),
    await addToMalla(t.db, malla.id, { semestre: 1 }),
    await addToMalla(t.db, malla.id, { semestre: 2 }),
  ];
  oldPeriodoId = (await createPeriodo(t.db, { anho: 2025 })).id;
  const active = await createPeriodo(t.db, { anho: 2026, activo: true });
  const mp = await createMateriaPeriodo(t.db, { materiaMallaId: mm[1]!.id, periodoId: active.id, seccion: 'B' });
  const a = await createAlumno(t.db, malla.id, { nombre: 'Sofía', apellido: 'Cáceres', numeroDocumento: '4812340' });
  const b = await createAlumno(t.db, malla.id, { nombre: 'Ana', apellido: 'Benítez', numeroDocumento: '3987654' });
  sofia = { perfilId: a.perfil.id, userId: a.user.id };
  ana = { perfilId: b.perfil.id };
  await inscribir(t.db, a.perfil.id, mp);
  await t.ownerDb.execute(sql`insert into fixture_resultados values
    (${a.perfil.id}, ${mm[0]!.id}, 1, '2025-07-10T13:00:00Z', 'A-101', ${oldPeriodoId}, 1),
    (${a.perfil.id}, ${mm[0]!.id}, 4, '2025-12-05T13:00:00Z', 'A-207', ${oldPeriodoId}, 2),
    (${b.perfil.id}, ${mm[0]!.id}, 5, '2025-12-05T13:00:00Z', 'A-207', ${oldPeriodoId}, 2)`);
  tokens.sofia = await login(t.app, a.user.email, TEST_PASSWORD);
  tokens.ana = await login(t.app, b.user.email, TEST_PASSWORD);
  for (const [key, role] of [
    ['funcionario', Role.Funcionario],
    ['profesor', Role.Profesor],
  ] as const) {
    const user = await createUser(t.db, { roles: [role] });
    if (key === 'funcionario') funcionarioId = user.id;
    tokens[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('issuing', () => {
  it("freezes the 'Certificado de estudios' from the academic status: passed subjects, average, share of the malla", async () => {
    const res = await call('sofia', 'POST', '/api/certificados', { tipo: 'estudios' });
    expect(res.statusCode).toBe(200);
    const issued = res.json();
    expect(issued.codigo).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(Date.parse(issued.emitido)).toBeGreaterThan(Date.now() - 60_000);
    const row = await stored(issued.id);
    expect(row.digesto).toBe(sha256(row.contenido));
    expect(row.emitido_por).toBe(sofia.userId);
    const status = (await call('sofia', 'GET', '/api/reports/academic-status-own')).json();
    expect(row.json).toMatchObject({
      tipo: 'estudios',
      alumno: { nombre: 'Sofía', apellido: 'Cáceres', numeroDocumento: '4812340', carrera: 'Ingeniería Informática' },
      aprobadas: status.resumen.aprobadas,
      promedio: status.resumen.promedio,
      materiasMalla: 3,
      porcentajeMalla: 33.3,
    });
    // Only the passed exam, not the failed one (grade 1) of the same subject.
    expect(row.json.materias).toEqual([
      {
        codigo: status.semestres[0].materias[1].codigo,
        materia: status.semestres[0].materias[1].materia,
        calificacion: 4,
        calificacionLetras: 'Cuatro',
        fechaExamen: '2025-12-05',
        nroActa: 'A-207',
      },
    ]);
  });

  it("freezes the 'Constancia de alumno regular' with the active period's subjects; refuses a student not enrolled", async () => {
    const res = await call('sofia', 'POST', '/api/certificados', { tipo: 'alumno-regular' });
    expect(res.statusCode).toBe(200);
    const row = await stored(res.json().id);
    expect(row.json.periodo).toMatch(/^2026 - /);
    expect(row.json.materias).toEqual([{ codigo: expect.any(String), materia: expect.any(String), seccion: 'B' }]);
    const refused = await call('ana', 'POST', '/api/certificados', { tipo: 'alumno-regular' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(MSG_CERTIFICATES.notEnrolled);
  });

  it('refuses a bad type with a Spanish 400, and another student or a professor', async () => {
    const bad = await call('sofia', 'POST', '/api/certificados', { tipo: 'titulo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.tipo).toBe(MSG_CERTIFICATES.tipoInvalid);
    const other = await call('sofia', 'POST', '/api/certificados', { tipo: 'estudios', perfilAlumnoId: ana.perfilId });
    expect(other.statusCode).toBe(404);
    expect((await call('profesor', 'POST', '/api/certificados', { tipo: 'estudios' })).statusCode).toBe(403);
  });

  it("lets staff issue one for any student from the student's record (perfilAlumnoId), and list them", async () => {
    const res = await call('funcionario', 'POST', '/api/certificados', {
      tipo: 'estudios',
      perfilAlumnoId: ana.perfilId,
    });
    expect(res.statusCode).toBe(200);
    expect((await stored(res.json().id)).emitido_por).toBe(funcionarioId);
    const listed = await call('funcionario', 'GET', `/api/certificados?perfilAlumnoId=${ana.perfilId}`);
    expect(listed.json().map((c: { id: number }) => c.id)).toEqual([res.json().id]);
    // Staff have no record of their own to issue for.
    expect((await call('funcionario', 'POST', '/api/certificados', { tipo: 'estudios' })).statusCode).toBe(404);
    // A student lists only their own, whatever they ask for.
    const own = (await call('sofia', 'GET', '/api/certificados')).json();
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect((await call('sofia', 'GET', `/api/certificados?perfilAlumnoId=${ana.perfilId}`)).statusCode).toBe(404);
    const pdfOfOther = await call('sofia', 'GET', `/api/certificados/${res.json().id}/pdf`);
    expect(pdfOfOther.statusCode).toBe(404);
  });

  it('keeps an issued certificate as it was: the database refuses changes, and the issue is audited', async () => {
    const { id } = (await call('sofia', 'POST', '/api/certificados', { tipo: 'estudios' })).json();
    await expect(t.db.execute(sql`update certificados set contenido = '{}' where id = ${id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from certificados where id = ${id}`)).rejects.toThrow();
    const audit = await rows<{ usuario_id: number; tipo: string }>(
      t.db,
      sql`select usuario_id, tipo from auditoria where nombre_tabla = 'certificados' and clave_primaria = ${String(id)}`,
    );
    expect(audit).toEqual([{ usuario_id: sofia.userId, tipo: 'INSERT' }]);
  });
});

describe('the PDF', () => {
  it('is a real PDF with the letterhead, the content, the code and a QR linked to the verification page', async () => {
    const { id, codigo } = (await call('sofia', 'POST', '/api/certificados', { tipo: 'estudios' })).json();
    const res = await call('sofia', 'GET', `/api/certificados/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Certificado-${codigo}.pdf`);
    const pdf = await readPdf(res.rawPayload);
    const target = `${PUBLIC_URL}/verificar/${codigo}`;
    expect(pdf.links).toContain(target);
    for (const text of [
      'Universidad Nacional',
      'Facultad de Ingeniería',
      'Certificado de estudios',
      'Sofía Cáceres',
      '4 (Cuatro)',
      'A-207',
      '05/12/2025',
      `Código de verificación: ${codigo}`,
      target,
      'Materias aprobadas: 1 de 3 de la malla (33,3 %)',
    ]) {
      expect(pdf.text).toContain(text);
    }
  });

  it("prints the constancia's subjects and section", async () => {
    const { id, codigo } = (await call('sofia', 'POST', '/api/certificados', { tipo: 'alumno-regular' })).json();
    const pdf = await readPdf((await call('sofia', 'GET', `/api/certificados/${id}/pdf`)).rawPayload);
    expect(pdf.text).toContain('Constancia de estudiante regular');
    // Sofía's genero is not recorded: neutral words (issue 44; certificate-wording.test.ts has the others).
    expect(pdf.text).toContain('es estudiante regular de la carrera Ingeniería Informática');
    expect(pdf.links).toContain(`${PUBLIC_URL}/verificar/${codigo}`);
  });
});

describe('verification', () => {
  it("shows a certificate's type, name, masked document, date and digest, and never a grade", async () => {
    const { id, codigo } = (await call('sofia', 'POST', '/api/certificados', { tipo: 'estudios' })).json();
    const res = await call('', 'GET', `/api/verificar/${codigo.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      tipo: 'certificado',
      certificado: {
        codigo,
        tipo: 'estudios',
        nombre: 'Certificado de estudios',
        alumno: 'Sofía Cáceres',
        documento: '4.8**.**0',
        digesto: (await stored(id)).digesto,
        vigente: true,
        reemplazado: null,
      },
    });
    expect(res.body).not.toMatch(/Cuatro|calificaci|A-207|4812340/);
  });

  it("says 'reemplazado' once a later certificate with another content replaced it (a rectified grade)", async () => {
    const first = (await call('sofia', 'POST', '/api/certificados', { tipo: 'estudios' })).json();
    const same = (await call('sofia', 'POST', '/api/certificados', { tipo: 'estudios' })).json();
    // Same content: the earlier one stays valid.
    expect((await call('', 'GET', `/api/verificar/${first.codigo}`)).json().certificado.vigente).toBe(true);
    expect((await stored(same.id)).reemplaza_id).toBeNull();
    // A grade changes (a rectification): the office's reissue replaces the latest of each type.
    await t.ownerDb.execute(sql`insert into fixture_resultados values
      (${sofia.perfilId}, ${mm[2]!.id}, 5, '2026-02-10T13:00:00Z', 'A-300', ${oldPeriodoId}, 3)`);
    const staff = { id: funcionarioId, roles: [Role.Funcionario] } as AuthUser;
    const reissued = await writeTx(t.db, funcionarioId, (tx) => reissueChanged(tx, staff, sofia.perfilId));
    expect(reissued).toHaveLength(1);
    expect((await stored(reissued[0]!.id)).reemplaza_id).toBe(same.id);
    const old = (await call('', 'GET', `/api/verificar/${same.codigo}`)).json().certificado;
    expect(old.vigente).toBe(false);
    expect(old.reemplazado).toEqual({ emitido: reissued[0]!.emitido });
    expect((await call('', 'GET', `/api/verificar/${reissued[0]!.codigo}`)).json().certificado.vigente).toBe(true);
    const list = (await call('sofia', 'GET', '/api/certificados')).json();
    expect(list.find((c: { id: number }) => c.id === same.id).reemplazado).toBe(true);
    // Nothing changed since: a second reissue issues nothing.
    expect(await writeTx(t.db, funcionarioId, (tx) => reissueChanged(tx, staff, sofia.perfilId))).toEqual([]);
  });

  it('answers an unknown or malformed code with the same 404', async () => {
    for (const code of ['ZZZZ-ZZZZ-ZZZZ-ZZZZ', 'ABCDEF123456', 'hola']) {
      const res = await call('', 'GET', `/api/verificar/${code}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(MSG_CERTIFICATES.verifyUnknown);
    }
  });

  it('throttles lookups per address, on the new path and the old exam path alike', async () => {
    const from = '10.9.9.9';
    for (let i = 0; i < VERIFICATIONS_PER_MINUTE - 1; i++) {
      expect((await call('', 'GET', '/api/verificar/ZZZZ-ZZZZ-ZZZZ-ZZZZ', undefined, from)).statusCode).toBe(404);
    }
    expect((await call('', 'GET', '/api/exams/verify/ABCDEF123456', undefined, from)).statusCode).toBe(404);
    const refused = await call('', 'GET', '/api/verificar/ZZZZ-ZZZZ-ZZZZ-ZZZZ', undefined, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(MSG_CERTIFICATES.verifyThrottled);
    expect((await call('', 'GET', '/api/exams/verify/ABCDEF123456', undefined, from)).statusCode).toBe(429);
    // Another address is not held back.
    expect((await call('', 'GET', '/api/verificar/ZZZZ-ZZZZ-ZZZZ-ZZZZ', undefined, '10.9.9.10')).statusCode).toBe(404);
  });
});

describe('a certificate longer than a page', () => {
  it('opens every page with the letterhead, and the last with the QR and its code', async () => {
    const materias = Array.from({ length: 70 }, (_, i) => ({
      codigo: `M${String(i).padStart(3, '0')}`,
      materia: `Materia de prueba ${i}`,
      calificacion: 4,
      calificacionLetras: 'Cuatro',
      fechaExamen: '2026-02-10T13:00:00Z',
      nroActa: `A-${i}`,
    }));
    const url = `${PUBLIC_URL}/verificar/ABCD-EFGH-JKMN-PQRS`;
    const pdf = await readPdf(
      await renderCertificadoPdf({
        codigo: 'ABCD-EFGH-JKMN-PQRS',
        emitido: '2026-03-01T12:00:00Z',
        digesto: 'f'.repeat(64),
        verificationUrl: url,
        logo: undefined,
        contenido: {
          tipo: 'estudios',
          membrete: { universidad: 'Universidad de Prueba', facultad: 'Facultad de Pruebas', decano: 'Ana Decana' },
          alumno: {
            nombre: 'Sofía',
            apellido: 'Cáceres',
            numeroDocumento: '4812340',
            numeroLegajo: 20250001,
            carrera: 'Ingeniería Informática',
            malla: 'Plan 2023',
          },
          materias,
          aprobadas: 70,
          materiasMalla: 70,
          porcentajeMalla: 100,
          promedio: 4,
        },
      }),
    );
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    for (const page of pdf.pageTexts) expect(page.trim()).toMatch(/^Universidad de Prueba Facultad de Pruebas/);
    expect(pdf.text).toContain('M069');
    expect(pdf.pageTexts.at(-1)).toContain('Código de verificación: ABCD-EFGH-JKMN-PQRS');
    expect(pdf.links).toContain(url);
  });
});
