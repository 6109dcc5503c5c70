import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@arandu/shared';
import { mallas, materiasMalla } from '../src/db/schema/index.js';
import {
  addToMalla,
  createAlumno,
  createCarrera,
  createMalla,
  createMateria,
  createMateriaPeriodo,
  createPeriodo,
  setupAppWithEveryRole,
} from './factories/academic.js';
import { injectAs } from './helper.js';

const { t, who } = setupAppWithEveryRole();

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = who.funcionario.token) =>
  injectAs(t.app, token, method, url, payload);

const mallaBody = (carreraId: number, extra: Record<string, unknown> = {}) => ({
  nombre: 'Plan 2026',
  carreraId,
  fechaVigencia: '2026-01-01',
  usarPorDefecto: false,
  activo: true,
  ...extra,
});

describe('mallas', () => {
  it('creates a malla, reads it with its career and lists it with every column', async () => {
    const carrera = await createCarrera(t.db, { nombre: 'Ingeniería Ambiental' });
    const res = await call('POST', '/api/mallas', mallaBody(carrera.id));
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ id: number }>();
    expect((await call('GET', `/api/mallas/${id}`)).json()).toEqual({
      id,
      nombre: 'Plan 2026',
      carreraId: carrera.id,
      carrera: { value: carrera.id, label: 'Ingeniería Ambiental' },
      fechaVigencia: '2026-01-01',
      usarPorDefecto: false,
      activo: true,
    });
    const page = await call('POST', '/api/mallas/all', { page: 1, pageSize: 25, filters: { carrera: 'ambiental' } });
    expect(page.json()).toEqual({
      items: [
        {
          id,
          nombre: 'Plan 2026',
          carreraId: carrera.id,
          carrera: 'Ingeniería Ambiental',
          fechaVigencia: '2026-01-01',
          usarPorDefecto: false,
          activo: true,
          cantidadMaterias: 0,
        },
      ],
      totalItemsCount: 1,
    });
    const byDate = await call('POST', '/api/mallas/all', {
      page: 1,
      pageSize: 25,
      filters: { fechaVigencia: '2026-01-01', carrera: 'ambiental' },
    });
    expect(byDate.json().totalItemsCount).toBe(1);
    const otherDate = await call('POST', '/api/mallas/all', {
      page: 1,
      pageSize: 25,
      filters: { fechaVigencia: '2025-01-01', carrera: 'ambiental' },
    });
    expect(otherDate.json().totalItemsCount).toBe(0);
  });

  it('keeps one default malla per career: the new default takes the flag from the other', async () => {
    const carrera = await createCarrera(t.db);
    const first = await createMalla(t.db, carrera.id, { usarPorDefecto: true });
    const other = await createCarrera(t.db);
    const otherDefault = await createMalla(t.db, other.id, { usarPorDefecto: true });
    const res = await call(
      'POST',
      '/api/mallas',
      mallaBody(carrera.id, { nombre: 'Plan nuevo', usarPorDefecto: true }),
    );
    expect(res.statusCode).toBe(200);
    const defaults = await t.db
      .select({ id: mallas.id })
      .from(mallas)
      .where(and(eq(mallas.carreraId, carrera.id), eq(mallas.usarPorDefecto, true)));
    expect(defaults).toEqual([{ id: res.json().id }]);
    expect(defaults[0]!.id).not.toBe(first.id);
    // Another career's default is untouched.
    const [stays] = await t.db.select().from(mallas).where(eq(mallas.id, otherDefault.id));
    expect(stays!.usarPorDefecto).toBe(true);
  });

  it('validates with the spec messages and saves nothing', async () => {
    const before = await t.db.$count(mallas);
    const res = await call('POST', '/api/mallas', { nombre: '', carreraId: null, fechaVigencia: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      nombre: MSG.mallaNombreRequired,
      carreraId: MSG.mallaCarreraRequired,
      fechaVigencia: MSG.mallaFechaVigenciaRequired,
    });
    const badDate = await call('POST', '/api/mallas', mallaBody(1, { fechaVigencia: '31/12/2026' }));
    expect(badDate.statusCode).toBe(400);
    const noCarrera = await call('POST', '/api/mallas', mallaBody(999999));
    expect(noCarrera.json().error).toBe(MSG.carreraNotFound);
    const carrera = await createCarrera(t.db);
    const m = await createMalla(t.db, carrera.id);
    const repeated = await call('POST', '/api/mallas', mallaBody(carrera.id, { nombre: m.nombre }));
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toBe(MSG.mallaNombreTaken);
    expect(await t.db.$count(mallas)).toBe(before + 1);
    const missing = await call('GET', '/api/mallas/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(MSG.mallaNotFound);
  });

  it('deletes a malla with its unused subject table; refuses one with students or offered subjects', async () => {
    const carrera = await createCarrera(t.db);
    const free = await createMalla(t.db, carrera.id);
    await addToMalla(t.db, free.id);
    expect((await call('DELETE', `/api/mallas/${free.id}`)).statusCode).toBe(204);
    expect(await t.db.$count(materiasMalla, eq(materiasMalla.mallaId, free.id))).toBe(0);

    const withAlumno = await createMalla(t.db, carrera.id);
    await createAlumno(t.db, withAlumno.id);
    const refused = await call('DELETE', `/api/mallas/${withAlumno.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: MSG.mallaInUse });

    const offered = await createMalla(t.db, carrera.id);
    const mm = await addToMalla(t.db, offered.id);
    await createMateriaPeriodo(t.db, { materiaMallaId: mm.id, periodoId: (await createPeriodo(t.db)).id });
    expect((await call('DELETE', `/api/mallas/${offered.id}`)).json().error).toBe(MSG.mallaInUse);
    // Nothing of the refused deletes went: the subject table is whole.
    expect(await t.db.$count(materiasMalla, eq(materiasMalla.mallaId, offered.id))).toBe(1);
    expect(await t.db.$count(mallas, eq(mallas.id, withAlumno.id))).toBe(1);
  });
});

describe("the malla's subject table", () => {
  it('adds, lists by semester, edits and removes subjects', async () => {
    const carrera = await createCarrera(t.db);
    const malla = await createMalla(t.db, carrera.id);
    const materia = await createMateria(t.db, { nombre: 'Termodinámica', codigo: 'TD1' });
    const added = await call('POST', `/api/mallas/${malla.id}/materias`, {
      materiaId: materia.id,
      semestreNroOrden: 3,
      codigo: 'TD1',
      areaConocimiento: 'Ciencias de la Ingeniería',
      horasLaboratorioSemestral: 16,
      horasPracticaSemestral: 32,
      horasTeoriaSemestral: 48,
    });
    expect(added.statusCode).toBe(200);
    const id = added.json().id as number;
    await addToMalla(t.db, malla.id, { semestre: 1 });

    const list = await call('POST', `/api/mallas/${malla.id}/materias/all`, { page: 1, pageSize: 100 });
    expect(list.json().totalItemsCount).toBe(2);
    expect(list.json().items[1]).toEqual({
      id,
      mallaId: malla.id,
      materiaId: materia.id,
      semestreNroOrden: 3,
      codigoMateria: 'TD1',
      materia: 'Termodinámica',
      areaConocimiento: 'Ciencias de la Ingeniería',
      horasLaboratorioSemestral: 16,
      horasPracticaSemestral: 32,
      horasTeoriaSemestral: 48,
      cantidadOfertas: 0,
      correlativas: [],
    });
    const third = await call('POST', `/api/mallas/${malla.id}/materias/all`, {
      page: 1,
      pageSize: 100,
      filters: { semestre: 3 },
    });
    expect(third.json().items.map((r: { id: number }) => r.id)).toEqual([id]);

    const edited = await call('POST', `/api/mallas/${malla.id}/materias`, {
      id,
      materiaId: materia.id,
      semestreNroOrden: 4,
      codigo: 'TD1',
      areaConocimiento: '',
    });
    expect(edited.statusCode).toBe(200);
    const [row] = await t.db.select().from(materiasMalla).where(eq(materiasMalla.id, id));
    expect(row).toMatchObject({ semestreNroOrden: 4, areaConocimiento: null, horasTeoriaSemestral: 0 });

    expect((await call('DELETE', `/api/mallas/materias/${id}`)).statusCode).toBe(204);
    expect(await t.db.$count(materiasMalla, eq(materiasMalla.id, id))).toBe(0);
    const again = await call('DELETE', `/api/mallas/materias/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(MSG.materiaNotFound);
  });

  it('validates rows, refuses a subject twice and keeps offered subjects', async () => {
    const carrera = await createCarrera(t.db);
    const malla = await createMalla(t.db, carrera.id);
    const mm = await addToMalla(t.db, malla.id);
    const invalid = await call('POST', `/api/mallas/${malla.id}/materias`, {
      materiaId: null,
      semestreNroOrden: 11,
      codigo: '',
      horasTeoriaSemestral: -1,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({
      materiaId: MSG.materiaPeriodoMateriaRequired,
      semestreNroOrden: MSG.mallaMateriaSemestreRequired,
      codigo: MSG.mallaMateriaCodigoRequired,
      horasTeoriaSemestral: MSG.mallaMateriaHorasInvalid,
    });
    const twice = await call('POST', `/api/mallas/${malla.id}/materias`, {
      materiaId: mm.materiaId,
      semestreNroOrden: 2,
      codigo: 'X',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe(MSG.mallaMateriaRepeated);
    expect(await t.db.$count(materiasMalla, eq(materiasMalla.mallaId, malla.id))).toBe(1);

    await createMateriaPeriodo(t.db, { materiaMallaId: mm.id, periodoId: (await createPeriodo(t.db)).id });
    const removeOffered = await call('DELETE', `/api/mallas/materias/${mm.id}`);
    expect(removeOffered.statusCode).toBe(400);
    expect(removeOffered.json().error).toBe(MSG.mallaMateriaInUse);
    const other = await createMateria(t.db);
    const swap = await call('POST', `/api/mallas/${malla.id}/materias`, {
      id: mm.id,
      materiaId: other.id,
      semestreNroOrden: 1,
      codigo: 'X',
    });
    expect(swap.statusCode).toBe(400);
    expect(swap.json().error).toBe(MSG.mallaMateriaLocked);
    const [kept] = await t.db.select().from(materiasMalla).where(eq(materiasMalla.id, mm.id));
    expect(kept!.materiaId).toBe(mm.materiaId);
    // Another malla's row cannot be edited through this one.
    const otherMalla = await createMalla(t.db, carrera.id);
    const foreign = await call('POST', `/api/mallas/${otherMalla.id}/materias`, {
      id: mm.id,
      materiaId: mm.materiaId,
      semestreNroOrden: 1,
      codigo: 'X',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('offers the catalogue and careers as form data, to staff only', async () => {
    const carrera = await createCarrera(t.db);
    const materia = await createMateria(t.db, { carreraId: carrera.id });
    const res = await call('GET', '/api/mallas/form_data');
    expect(res.json().carreras).toContainEqual({ value: carrera.id, label: carrera.nombre });
    expect(res.json().materias).toContainEqual({
      value: materia.id,
      label: `${materia.codigo} - ${materia.nombre}`,
      codigo: materia.codigo,
      carreraId: carrera.id,
    });
    for (const token of [who.profesor.token, who.alumno.token]) {
      expect((await call('GET', '/api/mallas/form_data', undefined, token)).statusCode).toBe(403);
      expect((await call('POST', '/api/mallas/all', { page: 1, pageSize: 25 }, token)).statusCode).toBe(403);
      expect((await call('POST', '/api/mallas', mallaBody(carrera.id, { nombre: 'Intrusa' }), token)).statusCode).toBe(
        403,
      );
      expect((await call('DELETE', `/api/mallas/materias/1`, undefined, token)).statusCode).toBe(403);
    }
    expect(await t.db.$count(mallas, eq(mallas.nombre, 'Intrusa'))).toBe(0);
  });
});
