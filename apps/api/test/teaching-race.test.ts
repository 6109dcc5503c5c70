import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/sql.js';
import { createAlumno, createOffering, inscribir, setupAppWithEveryRole } from './factories/academic.js';
import { TEST_PASSWORD } from './factories/users.js';
import { injectAs, login } from './helper.js';
import { serverUrl } from './test-database.js';

/**
 * Autosaves of one cell racing each other. Real concurrency needs the PostgreSQL server (PGlite runs one
 * statement at a time), so this file runs only where `.ci/run` gives it DATABASE_URL.
 */
describe.skipIf(!serverUrl())('concurrent score autosaves (PostgreSQL)', () => {
  const { t } = setupAppWithEveryRole();

  async function cell() {
    const o = await createOffering(t.db);
    const alumno = await createAlumno(t.db, o.malla.id);
    const insc = await inscribir(t.db, alumno.perfil.id, o.mp);
    const token = await login(t.app, o.profesor.email, TEST_PASSWORD);
    const created = await injectAs(t.app, token, 'POST', '/api/homework/homework', {
      materiaPeriodoId: o.mp.id,
      descripcion: 'Parcial',
      fechaEntrega: '2026-04-01',
      tipoTarea: 1,
      puntajeTotal: 100,
    });
    const tareaId = created.json<{ id: number }>().id;
    const stored = async () =>
      (
        await rows<{ puntaje: number; pp: number }>(
          t.db,
          sql`select s.puntaje_obtenido::float8 as puntaje, i.porcentaje_pp::float8 as pp
                from tareas_materia_alumnos s join inscripciones_materia i on i.id = s.inscripcion_materia_id
               where s.tarea_materia_id = ${tareaId} and s.inscripcion_materia_id = ${insc.id}`,
        )
      )[0]!;
    const save = (puntajeObtenido: number | null, secuencia?: number) =>
      injectAs(t.app, token, 'POST', '/api/homework/homework/update-score', {
        inscripcionMateriaId: insc.id,
        tareaMateriaId: tareaId,
        puntajeObtenido,
        ...(secuencia === undefined ? {} : { secuencia }),
      });
    return { save, stored };
  }

  it('50 concurrent saves leave exactly the value of the last one acknowledged, and PP agrees', async () => {
    const c = await cell();
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => c.save(i + 1)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const acknowledged = replies.map((r) => r.json<{ puntajeObtenido: number; secuencia: number }>());
    const last = acknowledged.reduce((a, b) => (b.secuencia > a.secuencia ? b : a));
    expect(new Set(acknowledged.map((a) => a.secuencia)).size).toBe(50);
    const final = await c.stored();
    expect(final.puntaje).toBe(last.puntajeObtenido);
    expect(final.pp).toBe(last.puntajeObtenido);
  });

  it('with the client order, the newest save wins whatever order the saves arrive in', async () => {
    const c = await cell();
    const order = Array.from({ length: 50 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    const replies = await Promise.all(order.map((n) => c.save(n, 1_000 + n)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect((await c.stored()).puntaje).toBe(50);
  });

  it('a clearing that is the newest save wins over older saves arriving at the same time', async () => {
    const c = await cell();
    // Saves 1..49 typed, then the cell emptied (secuencia 1,050): whatever order they arrive in, it ends empty.
    const saves = [
      ...Array.from({ length: 49 }, (_, i) => () => c.save(i + 1, 1_000 + i + 1)),
      () => c.save(null, 1_050),
    ].sort(() => Math.random() - 0.5);
    const replies = await Promise.all(saves.map((send) => send()));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await c.stored()).toBeUndefined();
  });
});
