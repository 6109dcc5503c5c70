import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/sql.js';
import { writeTx } from '../src/db/tx.js';
import { plannedSessionsFrom } from '../src/modules/planning/planning.service.js';
import { createOffering } from './factories/academic.js';
import { setupAppWithEveryRole } from './factories/academic.js';
import { injectAs } from './helper.js';

const { t, who } = setupAppWithEveryRole();
const as = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  injectAs(t.app, who.funcionario.token, method, url, body);

let n = 0;
async function newAula(extra: Record<string, unknown> = {}) {
  const nombre = `R-${++n}`;
  const res = await as('POST', '/api/aulas', { nombre, edificio: 'Bloque R', capacidad: 40, tipo: 'aula', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json<{ id: number }>().id, nombre };
}

describe('rooms (issue 45)', () => {
  it('saves, reads, lists and deletes a room; bad input names its field and changes nothing', async () => {
    const { id, nombre } = await newAula({ tipo: 'laboratorio' });
    const got = await as('GET', `/api/aulas/${id}`);
    expect(got.json()).toEqual({ id, nombre, edificio: 'Bloque R', capacidad: 40, tipo: 'laboratorio' });
    const page = await as('POST', '/api/aulas/all', { page: 1, pageSize: 10, filters: { search: nombre } });
    expect(page.json<{ items: { nombre: string; horarios: number }[] }>().items).toEqual([
      expect.objectContaining({ nombre, horarios: 0 }),
    ]);
    const taken = await as('POST', '/api/aulas', { nombre: nombre.toLowerCase() });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ errors: Record<string, string> }>().errors).toEqual({ nombre: 'Ya existe un aula con ese nombre' });
    for (const [body, field] of [
      [{ nombre: '' }, 'nombre'],
      [{ nombre: 'x'.repeat(65) }, 'nombre'],
      [{ nombre: 'Z', capacidad: 0 }, 'capacidad'],
      [{ nombre: 'Z', capacidad: 'muchos' }, 'capacidad'],
      [{ nombre: 'Z', tipo: 'cancha' }, 'tipo'],
      [{ nombre: 'Z', edificio: 'e'.repeat(65) }, 'edificio'],
    ] as const) {
      const res = await as('POST', '/api/aulas', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toEqual([field]);
    }
    expect((await as('POST', '/api/aulas', { nombre: 'Z', extra: 1 })).statusCode).toBe(400);
    expect((await as('GET', '/api/aulas/999999')).statusCode).toBe(404);
    expect((await as('POST', '/api/aulas', { id: 999999, nombre: 'Z' })).statusCode).toBe(404);
    expect((await as('DELETE', `/api/aulas/${id}`)).statusCode).toBe(204);
    expect((await as('DELETE', `/api/aulas/${id}`)).statusCode).toBe(404);
    const audit = await rows<{ tipo: string }>(
      t.db,
      sql`select tipo from auditoria where nombre_tabla = 'aulas' and clave_primaria = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.tipo)).toEqual(['INSERT', 'DELETE']);
  });

  it('keeps a room a schedule names, and answers the free ones of a weekday and time range', async () => {
    const o = await createOffering(t.db);
    const [busy, free] = [await newAula(), await newAula({ capacidad: 80 })];
    await writeTx(t.db, null, (tx) =>
      tx.execute(sql`update horarios set aula_id = ${busy.id} where materia_periodo_id = ${o.mp.id}`),
    );
    const [slot] = await rows<{ dia: number; inicio: string; fin: string }>(
      t.db,
      sql`select dia::int as dia, to_char(hora_inicio, 'HH24:MI') as inicio, to_char(hora_fin, 'HH24:MI') as fin
            from horarios where materia_periodo_id = ${o.mp.id} limit 1`,
    );
    const refused = await as('DELETE', `/api/aulas/${busy.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe('El aula no se puede borrar: hay horarios que la usan');
    const libres = (q: string) => as('GET', `/api/aulas/libres?${q}`);
    const during = await libres(`periodoId=${o.periodoId}&dia=${slot!.dia}&desde=${slot!.inicio}&hasta=${slot!.fin}`);
    expect(during.statusCode, during.body).toBe(200);
    const ids = during.json<{ id: number }[]>().map((a) => a.id);
    expect(ids).toContain(free.id);
    expect(ids).not.toContain(busy.id);
    // A class ending when the range starts leaves the room free.
    const after = await libres(`periodoId=${o.periodoId}&dia=${slot!.dia}&desde=${slot!.fin}&hasta=23:00`);
    expect(after.json<{ id: number }[]>().map((a) => a.id)).toContain(busy.id);
    const big = await libres(`periodoId=${o.periodoId}&dia=1&desde=07:00&hasta=08:00&capacidadMinima=60`);
    expect(big.json<{ capacidad: number }[]>().every((a) => a.capacidad >= 60)).toBe(true);
    expect((await libres(`periodoId=${o.periodoId}&dia=8&desde=07:00&hasta=08:00`)).statusCode).toBe(400);
    expect((await libres(`periodoId=${o.periodoId}&dia=1&desde=09:00&hasta=08:00`)).statusCode).toBe(400);
    expect((await libres(`periodoId=${o.periodoId}&dia=1&desde=7&hasta=08:00`)).statusCode).toBe(400);
    expect((await libres(`periodoId=999999&dia=1&desde=07:00&hasta=08:00`)).statusCode).toBe(404);
  });

  it('is staff only', async () => {
    for (const token of [who.profesor.token, who.alumno.token]) {
      expect((await injectAs(t.app, token, 'POST', '/api/aulas/all', { page: 1, pageSize: 10 })).statusCode).toBe(403);
      expect((await injectAs(t.app, token, 'GET', '/api/periodos/1/dias-sin-clases')).statusCode).toBe(403);
    }
  });
});

describe('the academic calendar (issue 45)', () => {
  it('adds and removes a day without classes within the period; refuses bad, repeated or outside dates', async () => {
    const o = await createOffering(t.db);
    const url = `/api/periodos/${o.periodoId}/dias-sin-clases`;
    const cal = await as('GET', url);
    expect(cal.statusCode, cal.body).toBe(200);
    const { inicioClases, finClases } = cal.json<{ periodo: { inicioClases: string; finClases: string } }>().periodo;
    const added = await as('POST', url, { fecha: inicioClases, nombre: 'Día de la Facultad' });
    expect(added.statusCode, added.body).toBe(201);
    expect((await as('GET', url)).json<{ dias: unknown[] }>().dias).toEqual([
      { fecha: inicioClases, nombre: 'Día de la Facultad' },
    ]);
    const again = await as('POST', url, { fecha: inicioClases, nombre: 'Otro' });
    expect(again.json<{ errors: Record<string, string> }>().errors).toEqual({
      fecha: 'Esa fecha ya está marcada como día sin clases',
    });
    const outside = await as('POST', url, { fecha: '1999-01-01', nombre: 'Antes' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ errors: Record<string, string> }>().errors.fecha).toBe(
      `La fecha debe estar entre el inicio (${inicioClases}) y el fin de clases (${finClases}) del periodo`,
    );
    for (const body of [{ fecha: 'mañana', nombre: 'X' }, { fecha: inicioClases, nombre: '' }, { fecha: inicioClases }, { fecha: inicioClases, nombre: 'x'.repeat(121) }]) {
      expect((await as('POST', url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await as('POST', '/api/periodos/999999/dias-sin-clases', { fecha: inicioClases, nombre: 'X' })).statusCode).toBe(404);
    expect((await as('GET', '/api/periodos/999999/dias-sin-clases')).statusCode).toBe(404);
    expect((await as('DELETE', `${url}/${inicioClases}`)).statusCode).toBe(204);
    expect((await as('DELETE', `${url}/${inicioClases}`)).statusCode).toBe(404);
    expect((await as('DELETE', `${url}/no-es-fecha`)).statusCode).toBe(400);
  });

  it('takes a planned session on a holiday out of the count, and the plan page names it', async () => {
    const o = await createOffering(t.db);
    const cal = (await as('GET', `/api/periodos/${o.periodoId}/dias-sin-clases`)).json<{
      periodo: { inicioClases: string };
    }>();
    const day = cal.periodo.inicioClases;
    const [dia] = await rows<{ dia: number }>(t.db, sql`select extract(isodow from ${day}::date)::int as dia`);
    await writeTx(t.db, null, async (tx) => {
      await tx.execute(sql`update horarios set dia = ${dia!.dia} where materia_periodo_id = ${o.mp.id}`);
      const [pl] = await rows<{ id: number }>(
        tx,
        sql`insert into planeamientos (materia_periodo_id) values (${o.mp.id}) returning id`,
      );
      await tx.execute(sql`insert into planeamiento_cronograma (planeamiento_id, indice, fecha, unidad, contenidos)
                           values (${pl!.id}, 0, ${day}::date, 'Unidad 1', 'Presentación'),
                                  (${pl!.id}, 1, ${day}::date + 7, 'Unidad 1', 'Conjuntos')`);
    });
    expect(await plannedSessionsFrom(t.db, o.mp.id)).toHaveLength(2);
    const added = await as('POST', `/api/periodos/${o.periodoId}/dias-sin-clases`, { fecha: day, nombre: 'Feriado' });
    expect(added.statusCode, added.body).toBe(201);
    expect(await plannedSessionsFrom(t.db, o.mp.id)).toHaveLength(1);
    const mp = (await as('GET', `/api/MateriasPeriodo/${o.mp.id}`)).json<{
      diasSinClases: unknown[];
      planificadasEnDiasSinClases: unknown[];
    }>();
    expect(mp.diasSinClases).toEqual([{ fecha: day, nombre: 'Feriado' }]);
    expect(mp.planificadasEnDiasSinClases).toEqual([{ fecha: day, nombre: 'Feriado', contenidos: 'Presentación' }]);
  });
});
