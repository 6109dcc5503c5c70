import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/sql.js';
import { addToMalla, createOffering, createProfesor, setupAppWithEveryRole } from './factories/academic.js';
import { injectAs } from './helper.js';

const { t, who } = setupAppWithEveryRole();

const call = (url: string, body: unknown) => injectAs(t.app, who.funcionario.token, 'POST', url, body);
const asAdmin = (url: string, body: unknown) => injectAs(t.app, who.admin.token, 'POST', url, body);

let rooms = 0;
/** A room of the list (issue 45): the schedule rows name it by id. */
async function aula(nombre: string, capacidad: number | null = null) {
  const res = await call('/api/aulas', { nombre: `${nombre}-${++rooms}`, capacidad });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json<{ id: number }>().id, nombre: `${nombre}-${rooms}` };
}

/** Section A of one subject on Tuesday 08:00-10:00 in room A-101; the bodies of other sections of the period. */
async function world() {
  const o = await createOffering(t.db);
  const [p1, p2] = [await createProfesor(t.db, { nombre: 'Rosa', apellido: 'Villalba' }), await createProfesor(t.db)];
  const other = await addToMalla(t.db, o.malla.id);
  const [a101, otra] = [await aula('A-101'), await aula('Otra')];
  const body = (seccion: string, profesorId: number, aulaId: number | null, extra: Record<string, unknown> = {}) => ({
    mallaId: o.malla.id,
    materiaMallaId: other.id,
    periodoId: o.periodoId,
    profesorId,
    seccion,
    horarios: [{ tipoActividadAcademicaHorario: 1, profesorId, dia: 2, horaInicio: '09:00', horaFin: '10:30', aulaId }],
    ...extra,
  });
  const a = await call('/api/MateriasPeriodo', {
    ...body('A', p1.id, a101.id),
    horarios: [
      {
        tipoActividadAcademicaHorario: 1,
        profesorId: p1.id,
        dia: 2,
        horaInicio: '08:00',
        horaFin: '10:00',
        aulaId: a101.id,
      },
    ],
  });
  expect(a.statusCode, a.body).toBe(200);
  return { o, p1, p2, body, materia: other, a101, otra, a: a.json<{ id: number }>().id };
}

describe('schedules that cannot collide', () => {
  it('refuses a professor who already teaches another section at that time, naming it, whatever the reason', async () => {
    const { p1, body, otra } = await world();
    const res = await asAdmin('/api/MateriasPeriodo', body('B', p1.id, otra.id, { motivoAulaCompartida: 'Compartida' }));
    expect(res.statusCode).toBe(400);
    const error = res.json<{ error: string }>().error;
    expect(error).toMatch(/^Villalba, Rosa ya dicta .+ \(A\) los martes 08:00-10:00$/);
  });

  it('refuses a room taken at that time in the period, naming the other class; an Admin may share it with a reason, audited', async () => {
    const { p2, body, a101 } = await world();
    const refused = await call('/api/MateriasPeriodo', body('B', p2.id, a101.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toMatch(
      new RegExp(`^El aula ${a101.nombre} está ocupada los martes 08:00-10:00 por .+ \\(A\\)$`),
    );
    // A Funcionario's reason is not enough: sharing a room is the Admin's call.
    const staff = await call('/api/MateriasPeriodo', body('B', p2.id, a101.id, { motivoAulaCompartida: 'Mampara' }));
    expect(staff.statusCode).toBe(400);
    expect(staff.json<{ error: string }>().error).toMatch(/Solo un administrador puede compartir un aula ocupada/);
    const shared = await asAdmin(
      '/api/MateriasPeriodo',
      body('B', p2.id, a101.id, { motivoAulaCompartida: 'Aula magna dividida con mampara' }),
    );
    expect(shared.statusCode, shared.body).toBe(200);
    const { id } = shared.json<{ id: number }>();
    const audit = await rows<{ valores: { motivo: string } }>(
      t.db,
      sql`select valores_nuevos as valores from auditoria where nombre_tabla = 'aulas_compartidas' and clave_primaria = ${String(id)}`,
    );
    expect(audit.map((a) => a.valores.motivo)).toEqual(['Aula magna dividida con mampara']);
  });

  it('accepts the same room and professor at another time, and a section saved again unchanged', async () => {
    const { p1, body, a101 } = await world();
    const later = body('B', p1.id, a101.id, {
      horarios: [
        {
          tipoActividadAcademicaHorario: 1,
          profesorId: p1.id,
          dia: 2,
          horaInicio: '10:00',
          horaFin: '11:30',
          aulaId: a101.id,
        },
      ],
    });
    const res = await call('/api/MateriasPeriodo', later);
    expect(res.statusCode, res.body).toBe(200);
    const again = await call('/api/MateriasPeriodo', { ...later, id: res.json<{ id: number }>().id });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("accepts the GET's reply back as it is (horarios with profesor and aula names), keeping the room", async () => {
    const { a, a101 } = await world();
    const got = await injectAs(t.app, who.funcionario.token, 'GET', `/api/MateriasPeriodo/${a}`);
    expect(got.statusCode, got.body).toBe(200);
    const mp = got.json<Record<string, unknown> & { horarios: { aulaId: number; aula: string }[] }>();
    expect(mp.horarios[0]).toMatchObject({ aulaId: a101.id, aula: a101.nombre });
    const pick = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, mp[k]]));
    const back = await call('/api/MateriasPeriodo', {
      ...pick(['id', 'mallaId', 'materiaMallaId', 'materiaId', 'periodoId', 'profesorId', 'seccion', 'cupo']),
      ...pick(['profesorAuxiliar1Id', 'profesorAuxiliar2Id', 'profesorAuxiliar3Id', 'editarAsistencias']),
      horarios: mp.horarios,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('warns when the cupo exceeds a room\'s capacity, and refuses a room that does not exist', async () => {
    const { p2, body } = await world();
    const chica = await aula('Chica', 20);
    const res = await call('/api/MateriasPeriodo', body('C', p2.id, chica.id, { cupo: 35 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ avisos: string[] }>().avisos).toEqual([
      `El cupo (35) supera la capacidad del aula ${chica.nombre} (20)`,
    ]);
    const missing = await call('/api/MateriasPeriodo', body('D', p2.id, 999999));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: Record<string, string> }>().errors).toEqual({
      'horarios.0.aulaId': 'El aula elegida no existe',
    });
  });
});
