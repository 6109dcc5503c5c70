import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/sql.js';
import { addToMalla, createOffering, createProfesor, setupAppWithEveryRole } from './factories/academic.js';
import { injectAs } from './helper.js';
import { serverUrl } from './test-database.js';

/**
 * Two sections saved at the same moment into one room at one hour (issue 45): the advisory lock of the period
 * and the check in the same transaction let exactly one win. Needs real concurrent connections, so it runs in
 * the PostgreSQL pass (DATABASE_URL) and is skipped on PGlite, which runs one statement at a time.
 */
describe.skipIf(!serverUrl())('rooms under concurrent saves (PostgreSQL)', () => {
  const { t, who } = setupAppWithEveryRole();

  it('of 8 sections saved at once into one room and hour, exactly one keeps it; the others name it', async () => {
    const o = await createOffering(t.db);
    const room = await injectAs(t.app, who.funcionario.token, 'POST', '/api/aulas', { nombre: `Carrera-${o.periodoId}` });
    const aulaId = room.json<{ id: number }>().id;
    const bodies = [];
    for (let i = 0; i < 8; i++) {
      const profesor = await createProfesor(t.db);
      const materia = await addToMalla(t.db, o.malla.id);
      bodies.push({
        mallaId: o.malla.id,
        materiaMallaId: materia.id,
        periodoId: o.periodoId,
        profesorId: profesor.id,
        seccion: 'R',
        horarios: [
          { tipoActividadAcademicaHorario: 1, profesorId: profesor.id, dia: 6, horaInicio: '08:00', horaFin: '09:30', aulaId },
        ],
      });
    }
    const replies = await Promise.all(
      bodies.map((b) => injectAs(t.app, who.funcionario.token, 'POST', '/api/MateriasPeriodo', b)),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json<{ error: string }>().error).toMatch(/^El aula Carrera-\d+ está ocupada los sábados 08:00-09:30 por /);
    }
    const held = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from horarios where aula_id = ${aulaId}`);
    expect(held[0]!.n).toBe(1);
  });
});
