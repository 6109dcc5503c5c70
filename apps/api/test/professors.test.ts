import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, Role } from '@arandu/shared';
import { materiasPeriodo, profesoresMateriaPeriodo } from '../src/db/schema/index.js';
import { writeTx } from '../src/db/tx.js';
import {
  createAlumno,
  createMateriaPeriodo,
  createOffering,
  createPeriodo,
  createProfesor,
  inscribir,
  setupAppWithEveryRole,
} from './factories/academic.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { injectAs, login } from './helper.js';

const { t, who } = setupAppWithEveryRole();

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  injectAs(t.app, token, method, url, payload);

/** A professor heading one subject in each of two periods and assisting in a third, plus someone else's subject. */
async function profesorWithMaterias() {
  const profesor = await createProfesor(t.db, { nombre: 'Rosa', apellido: 'Giménez' });
  const token = await login(t.app, profesor.email, TEST_PASSWORD);
  const older = await createPeriodo(t.db, { anho: 2025 });
  const current = await createPeriodo(t.db, { anho: 2026 });
  const head = await createOffering(t.db, { periodoId: current.id });
  await t.db
    .update(profesoresMateriaPeriodo)
    .set({ usuarioId: profesor.id })
    .where(eq(profesoresMateriaPeriodo.materiaPeriodoId, head.mp.id));
  const assisting = await createOffering(t.db, { periodoId: current.id });
  await t.db
    .insert(profesoresMateriaPeriodo)
    .values({ materiaPeriodoId: assisting.mp.id, usuarioId: profesor.id, rol: 'Asistente' });
  const past = await createMateriaPeriodo(t.db, {
    materiaMallaId: head.materiaMalla.id,
    periodoId: older.id,
    staff: [[profesor.id, 'Encargado']],
  });
  const foreign = await createOffering(t.db, { periodoId: current.id });
  return { profesor, token, older, current, head, assisting, past, foreign };
}

describe("'Materias asignadas'", () => {
  it('lists only the professor’s own subject-periods, by period, with students and state', async () => {
    const p = await profesorWithMaterias();
    const { perfil } = await createAlumno(t.db, p.head.malla.id);
    await inscribir(t.db, perfil.id, p.head.mp);
    const all = await call(p.token, 'POST', '/api/Professors/subjects/all', { page: 1, pageSize: 25 });
    expect(all.statusCode).toBe(200);
    expect(all.json().totalItemsCount).toBe(3);
    const ids = all.json().items.map((i: { id: number }) => i.id);
    expect(ids).not.toContain(p.foreign.mp.id);

    const current = await call(p.token, 'POST', '/api/Professors/subjects/all', {
      page: 1,
      pageSize: 25,
      filters: { periodoId: p.current.id },
    });
    const items = current.json().items as { id: number }[];
    expect(items.map((i) => i.id).sort()).toEqual([p.head.mp.id, p.assisting.mp.id].sort());
    expect(items.find((i) => i.id === p.head.mp.id)).toEqual({
      id: p.head.mp.id,
      mostrarEnTablero: false,
      esPropia: true,
      profesores: [{ id: p.profesor.id, nombre: 'Rosa', apellido: 'Giménez', role: 'Encargado' }],
      codigoMateria: p.head.materiaMalla.codigo,
      materia: expect.any(String),
      seccion: 'A',
      periodoId: p.current.id,
      periodo: `2026 - ${p.current.nombre}`,
      anho: 2026,
      malla: p.head.malla.nombre,
      carrera: p.head.carrera.nombre,
      numeroSemestre: 1,
      cantidadInscriptos: 1,
      estado: { value: 0, label: 'Preliminar' },
      rendimientoAlumno: { fechaPublicado: null, fechaSellado: null, fechaExpiracion: null },
    });
    const search = await call(p.token, 'POST', '/api/Professors/subjects/all', {
      page: 1,
      pageSize: 25,
      filters: { search: p.assisting.materiaMalla.codigo.toLowerCase() },
    });
    expect(search.json().items.map((i: { id: number }) => i.id)).toEqual([p.assisting.mp.id]);
    // Asking for every subject-period does nothing for a professor.
    const todos = await call(p.token, 'POST', '/api/Professors/subjects/all', {
      page: 1,
      pageSize: 100,
      filters: { todos: true },
    });
    expect(todos.json().totalItemsCount).toBe(3);
    const form = await call(p.token, 'GET', '/api/Professors/form_data');
    expect(form.json().periodos.some((o: { value: number }) => o.value === p.current.id)).toBe(true);
  });

  it('lets staff viewing as staff see every subject-period, with no star of their own', async () => {
    const p = await profesorWithMaterias();
    const res = await call(who.admin.token, 'POST', '/api/Professors/subjects/all', {
      page: 1,
      pageSize: 100,
      filters: { todos: true, periodoId: p.current.id },
    });
    const ids = res.json().items.map((i: { id: number; esPropia: boolean }) => i.id);
    expect(ids).toEqual(expect.arrayContaining([p.head.mp.id, p.foreign.mp.id]));
    expect(res.json().items.every((i: { esPropia: boolean }) => !i.esPropia)).toBe(true);
    const own = await call(who.admin.token, 'POST', '/api/Professors/subjects/all', { page: 1, pageSize: 100 });
    expect(own.json().totalItemsCount).toBe(0);
  });
});

describe('the dashboard star', () => {
  it('toggles the star of the professor’s own subject and shows it on the dashboard', async () => {
    const p = await profesorWithMaterias();
    expect((await call(p.token, 'GET', '/api/Professors/all_subjects_dashboard')).json()).toEqual([]);
    const on = await call(p.token, 'POST', '/api/Professors/add_subject_dashboard', { id: p.assisting.mp.id });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ id: p.assisting.mp.id, mostrarEnTablero: true });
    const dashboard = (await call(p.token, 'GET', '/api/Professors/all_subjects_dashboard')).json();
    expect(dashboard.map((d: { id: number }) => d.id)).toEqual([p.assisting.mp.id]);
    expect(dashboard[0]).toMatchObject({ mostrarEnTablero: true, profesores: expect.any(Array), estado: { value: 0 } });

    // The star is the professor's own: the head of that subject does not see it on theirs.
    const headToken = await login(t.app, p.assisting.profesor.email, TEST_PASSWORD);
    expect((await call(headToken, 'GET', '/api/Professors/all_subjects_dashboard')).json()).toEqual([]);

    const off = await call(p.token, 'POST', '/api/Professors/add_subject_dashboard', { id: p.assisting.mp.id });
    expect(off.json()).toEqual({ id: p.assisting.mp.id, mostrarEnTablero: false });
    expect((await call(p.token, 'GET', '/api/Professors/all_subjects_dashboard')).json()).toEqual([]);
  });

  it('shows publication dates of a published subject on its card', async () => {
    const p = await profesorWithMaterias();
    await call(p.token, 'POST', '/api/Professors/add_subject_dashboard', { id: p.past.id });
    await writeTx(t.db, null, (tx) =>
      tx
        .update(materiasPeriodo)
        .set({
          estado: 2,
          fechaPublicado: '2025-07-20T12:00:00Z',
          fechaSellado: '2025-08-01T12:00:00Z',
          fechaExpiracion: sql`'2026-07-20T12:00:00Z'::timestamptz`,
        })
        .where(eq(materiasPeriodo.id, p.past.id)),
    );
    const [card] = (await call(p.token, 'GET', '/api/Professors/all_subjects_dashboard')).json();
    expect(card).toMatchObject({
      id: p.past.id,
      estado: { value: 2, label: 'Sellado' },
      rendimientoAlumno: {
        fechaPublicado: '2025-07-20T12:00:00.000Z',
        fechaSellado: '2025-08-01T12:00:00.000Z',
        fechaExpiracion: '2026-07-20T12:00:00.000Z',
      },
    });
  });

  it("answers 404 for another professor's subject and changes nothing", async () => {
    const p = await profesorWithMaterias();
    const res = await call(p.token, 'POST', '/api/Professors/add_subject_dashboard', { id: p.foreign.mp.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(MSG.materiaPeriodoNotFound);
    const [row] = await t.db
      .select()
      .from(profesoresMateriaPeriodo)
      .where(and(eq(profesoresMateriaPeriodo.materiaPeriodoId, p.foreign.mp.id)));
    expect(row!.mostrarEnTablero).toBe(false);
    const missing = await call(p.token, 'POST', '/api/Professors/add_subject_dashboard', { id: 999999 });
    expect(missing.statusCode).toBe(404);
    const bad = await call(p.token, 'POST', '/api/Professors/add_subject_dashboard', { id: 'uno' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps students out', async () => {
    const alumno = await createUser(t.db, { roles: [Role.Alumno] });
    const token = await login(t.app, alumno.email, TEST_PASSWORD);
    expect((await call(token, 'GET', '/api/Professors/all_subjects_dashboard')).statusCode).toBe(403);
    expect((await call(token, 'POST', '/api/Professors/subjects/all', { page: 1, pageSize: 25 })).statusCode).toBe(403);
    expect((await call(token, 'POST', '/api/Professors/add_subject_dashboard', { id: 1 })).statusCode).toBe(403);
    expect((await call(who.alumno.token, 'GET', '/api/Professors/form_data')).statusCode).toBe(403);
  });
});
