import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/sql.js';
import { addToMalla, createOffering, createProfesor, setupAppWithEveryRole } from './factories/academic.js';
import { injectAs } from './helper.js';

const { t, who } = setupAppWithEveryRole();

const call = (url: string, body: unknown) => injectAs(t.app, who.funcionario.token, 'POST', url, body);

/** Section A of one subject on Tuesday 08:00-10:00 in room A-101; the bodies of other sections of the period. */
async function world() {
  const o = await createOffering(t.db);
  const [p1, p2] = [await createProfesor(t.db, { nombre: 'Rosa', apellido: 'Villalba' }), await createProfesor(t.db)];
  const other = await addToMalla(t.db, o.malla.id);
  const body = (seccion: string, profesorId: number, aula: string | null, extra: Record<string, unknown> = {}) => ({
    mallaId: o.malla.id,
    materiaMallaId: other.id,
    periodoId: o.periodoId,
    profesorId,
    seccion,
    horarios: [{ tipoActividadAcademicaHorario: 1, profesorId, dia: 2, horaInicio: '09:00', horaFin: '10:30', aula }],
    ...extra,
  });
  const a = await call('/api/MateriasPeriodo', {
    ...body('A', p1.id, 'A-101'),
    horarios: [
      {
        tipoActividadAcademicaHorario: 1,
        profesorId: p1.id,
        dia: 2,
        horaInicio: '08:00',
        horaFin: '10:00',
        aula: 'A-101',
      },
    ],
  });
  expect(a.statusCode, a.body).toBe(200);
  return { o, p1, p2, body, materia: other };
}

describe('schedules that cannot collide', () => {
  it('refuses a professor who already teaches another section at that time, naming it, whatever the reason', async () => {
    const { p1, body } = await world();
    const res = await call(
      '/api/MateriasPeriodo',
      body('B', p1.id, 'Otra aula', { motivoAulaCompartida: 'Compartida' }),
    );
    expect(res.statusCode).toBe(400);
    const error = res.json<{ error: string }>().error;
    expect(error).toMatch(/^Villalba, Rosa ya dicta .+ \(A\) en ese horario$/);
  });

  it('refuses a room taken at that time in the period unless staff give a reason, which is audited', async () => {
    const { p2, body } = await world();
    const refused = await call('/api/MateriasPeriodo', body('B', p2.id, 'a-101 '));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toMatch(
      /^El aula A-101 ya está ocupada por .+ \(A\) en ese horario/,
    );
    const shared = await call(
      '/api/MateriasPeriodo',
      body('B', p2.id, 'A-101', { motivoAulaCompartida: 'Aula magna dividida con mampara' }),
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
    const { p1, body } = await world();
    const later = body('B', p1.id, 'A-101', {
      horarios: [
        {
          tipoActividadAcademicaHorario: 1,
          profesorId: p1.id,
          dia: 2,
          horaInicio: '10:00',
          horaFin: '11:30',
          aula: 'A-101',
        },
      ],
    });
    const res = await call('/api/MateriasPeriodo', later);
    expect(res.statusCode, res.body).toBe(200);
    const again = await call('/api/MateriasPeriodo', { ...later, id: res.json<{ id: number }>().id });
    expect(again.statusCode, again.body).toBe(200);
  });
});
