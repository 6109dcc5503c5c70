import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { setupAppWithEveryRole } from './factories/academic.js';
import { createExamenScene, enrolAllAndHold } from './factories/exams.js';
import { TEST_PASSWORD } from './factories/users.js';
import { injectAs, login } from './helper.js';

// Issue 44: after an acta rectificativa every reader shows the rectified figures, marked (decision 021), and the
// printed acta keeps what was sealed.
const { t, who } = setupAppWithEveryRole();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = who.admin.token) =>
  injectAs(t.app, token, method, url, payload);

interface Fila {
  id: number;
  perfilAlumnoId: number;
  porcentajePF: number | null;
  calificacion: number;
  rectificacion: { id: number; nroRectificacion: string; codigo: string } | null;
}

/** One student, Final, PF 40, sealed; then the PF rectified to 90. */
async function rectifiedScene() {
  const scene = await createExamenScene(t.db, [{ porcentajeAsistencia: 95, porcentajePP: 80 }]);
  await enrolAllAndHold(t.app, t.db, who.admin.token, scene);
  const examen = () => call('GET', `/api/exams/${scene.examen.id}`).then((r) => r.json<{ inscriptos: Fila[] }>());
  const [row] = (await examen()).inscriptos;
  expect(
    (await call('POST', '/api/inscripcionexamen/update-score', { inscripcionId: row!.id, porcentajePF: 40 }))
      .statusCode,
  ).toBe(200);
  expect((await call('PUT', '/api/exams/stamp', { id: scene.examen.id })).statusCode).toBe(200);
  const before = (await examen()).inscriptos[0]!;
  const res = await call('POST', `/api/exams/${scene.examen.id}/rectificaciones`, {
    inscripcionId: row!.id,
    porcentajePF: 90,
    motivo: 'Error de transcripción del % PF en el acta original',
  });
  expect(res.statusCode).toBe(200);
  const r = res.json<{
    id: number;
    nroRectificacion: string;
    codigoVerificacion: string;
    nuevo: { calificacion: number };
  }>();
  return {
    scene,
    examen,
    before,
    r,
    mark: { id: r.id, nroRectificacion: r.nroRectificacion, codigo: r.codigoVerificacion },
  };
}

describe('a rectified PF, wherever a figure is shown', () => {
  it("'Mis exámenes' shows the rectified PF and grade, marked with the acta rectificativa", async () => {
    const { scene, before, r, mark } = await rectifiedScene();
    expect(before).toMatchObject({ porcentajePF: 40, rectificacion: null });
    const token = await login(t.app, scene.alumnos[0]!.user.email, TEST_PASSWORD);
    const res = await call('POST', '/api/inscripcionexamen/my-exams', { page: 1, pageSize: 20 }, token);
    expect(res.statusCode).toBe(200);
    const [mine] = res.json<{ items: Fila[] }>().items;
    expect(mine).toMatchObject({ porcentajePF: 90, calificacion: r.nuevo.calificacion, rectificacion: mark });
    expect(r.nuevo.calificacion).not.toBe(before.calificacion);
  });

  it("the exam's rows and its 'Respaldo Docente' show it marked; the printed acta keeps the sealed figures", async () => {
    const { scene, examen, before, r, mark } = await rectifiedScene();
    const [row] = (await examen()).inscriptos;
    expect(row).toMatchObject({ porcentajePF: 90, calificacion: r.nuevo.calificacion, rectificacion: mark });

    const xlsx = await call('GET', `/api/exams/download-score-report/${scene.examen.id}`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(values[header.indexOf('% PF')]).toBe(90);
    expect(values[header.indexOf('Rectificada por')]).toBe(mark.nroRectificacion);

    const acta = await call('GET', `/api/exams/report/${scene.examen.id}`);
    expect(acta.statusCode).toBe(200);
    const [printed] = acta.json<{ inscriptos: { porcentajePF: number; calificacion: number }[] }>().inscriptos;
    expect(printed).toMatchObject({ porcentajePF: 40, calificacion: before.calificacion });
  });
});
