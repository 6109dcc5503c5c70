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

  it('saves of many cells of one student at once leave percentages that count every one of them', async () => {
    const o = await createOffering(t.db);
    const alumno = await createAlumno(t.db, o.malla.id);
    const insc = await inscribir(t.db, alumno.perfil.id, o.mp);
    const token = await login(t.app, o.profesor.email, TEST_PASSWORD);
    const post = (url: string, body: object) => injectAs(t.app, token, 'POST', url, body);
    const ids = async (n: number, create: (i: number) => Promise<{ json: <T>() => T }>) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await create(i)).json<{ id: number }>().id);
      return out;
    };
    const tareas = await ids(20, (i) =>
      post('/api/homework/homework', {
        materiaPeriodoId: o.mp.id,
        descripcion: `Tarea ${i + 1}`,
        fechaEntrega: '2026-04-01',
        tipoTarea: 1,
        puntajeTotal: 10,
      }),
    );
    const sesiones = await ids(20, (i) =>
      post('/api/assistances', {
        id: 0,
        subjectPeriodId: o.mp.id,
        logContentId: null,
        room: 'A-1',
        reference: `Clase ${i + 1}`,
        date: `2026-03-${String(i + 2).padStart(2, '0')}`,
      }),
    );
    // Each save recomputes the student's percentage from a snapshot: if two overlapped, the later one
    // would store a figure that misses the other's value. A new homework and a new session, which recompute
    // every student's, go in the same burst.
    const replies = await Promise.all([
      ...tareas.map((tareaMateriaId) =>
        post('/api/homework/homework/update-score', {
          inscripcionMateriaId: insc.id,
          tareaMateriaId,
          puntajeObtenido: 10,
        }),
      ),
      ...sesiones.map((id) =>
        post(`/api/assistances/${id}/update-presence`, { assistanceId: id, studentId: insc.id, present: true }),
      ),
      post('/api/homework/homework', {
        materiaPeriodoId: o.mp.id,
        descripcion: 'Tarea sin puntaje',
        fechaEntrega: '2026-04-01',
        tipoTarea: 1,
        puntajeTotal: 30,
      }),
      post('/api/assistances', {
        id: 0,
        subjectPeriodId: o.mp.id,
        logContentId: null,
        room: 'A-1',
        reference: 'Clase sin marcas',
        date: '2026-03-30',
      }),
    ]);
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const [stored] = await rows<{ pp: number; asis: number }>(
      t.db,
      sql`select porcentaje_pp::float8 as pp, porcentaje_asistencia::float8 as asis
            from inscripciones_materia where id = ${insc.id}`,
    );
    // 200 of 230 points; 20 of 21 sessions present.
    expect(stored).toEqual({ pp: 86.96, asis: 95 });
  });
});
