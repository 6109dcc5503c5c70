import { beforeAll, describe, expect, it } from 'vitest';
import { CUPO_MSG, type InscripcionCheck, type MateriasBySemesters } from '@arandu/shared';
import { setupAppWithEveryRole } from './factories/academic.js';
import { createEnrolmentWorld } from './factories/enrolment.js';
import { capSection } from './factories/seats.js';
import { injectAs } from './helper.js';

// Issue 44: the enrolment form tells each line before the student chooses: seats left when a cap exists, every
// reason it cannot be taken in the words 'Validar' gives, and a passed subject as passed; from the one call the
// form already makes (subjects_by_semesters).
const { t, who } = setupAppWithEveryRole();
let w: Awaited<ReturnType<typeof createEnrolmentWorld>>;
beforeAll(async () => {
  w = await createEnrolmentWorld(t.app, t.db);
});

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  injectAs(t.app, token, method, url, payload);

async function form(s: { token: string; perfil: { id: number } }) {
  const res = await call(s.token, 'GET', `/api/studentsubjects/subjects_by_semesters/${s.perfil.id}`);
  expect(res.statusCode).toBe(200);
  const lines = res.json<MateriasBySemesters>().semestres.flatMap((x) => x.materias);
  return new Map(lines.map((l) => [l.materiaPeriodoId, l]));
}

describe('the enrolment form, before choosing', () => {
  it("says how many seats a capped section has left, and 'Sin cupo' once it is full", async () => {
    const { algebra, calculoA } = w.subjects;
    await capSection(t.db, algebra.id, 2);
    const s = await w.student();
    expect((await form(s)).get(algebra.id)!.cupo).toEqual({ cupo: 2, quedan: 2 });
    expect((await form(s)).get(calculoA.id)!.cupo).toBeNull();

    for (const other of [w.alumno1, w.alumno2]) {
      const res = await call(other.token, 'POST', '/api/studentsubjects/save-inscription', {
        perfilAlumnoId: other.perfil.id,
        conforme: true,
        materiasModificadas: [{ materiaPeriodoId: algebra.id, inscripto: true }],
      });
      expect(res.statusCode).toBe(200);
      expect((await form(s)).get(algebra.id)!.cupo!.quedan).toBe(other === w.alumno1 ? 1 : 0);
    }
    expect(CUPO_MSG.quedan(3)).toBe('Quedan 3 lugares');
    expect(CUPO_MSG.quedan(1)).toBe('Queda 1 lugar');
  });

  it("gives a line locked by a correlative the reasons 'Validar' gives, and none to an open line", async () => {
    const { quimica, calculoA } = w.subjects;
    // Química requires Cálculo I regularised (as the correlatives test sets it up, here through the malla's form).
    const rows = await call(who.funcionario.token, 'POST', `/api/mallas/${w.malla.id}/materias/all`, { pageSize: 100 });
    const row = rows
      .json<{ items: { id: number; materiaId: number; semestreNroOrden: number; codigoMateria: string }[] }>()
      .items.find((r) => r.id === quimica.materiaMallaId)!;
    const saved = await call(who.funcionario.token, 'POST', `/api/mallas/${w.malla.id}/materias`, {
      id: row.id,
      materiaId: row.materiaId,
      semestreNroOrden: row.semestreNroOrden,
      codigo: row.codigoMateria,
      correlativas: [{ materiaMallaId: calculoA.materiaMallaId, condicion: 'regular' }],
    });
    expect(saved.statusCode).toBe(200);

    const s = await w.student();
    const lines = await form(s);
    const check = await call(s.token, 'POST', '/api/studentsubjects/validar', {
      perfilAlumnoId: s.perfil.id,
      conforme: true,
      materiasModificadas: [{ materiaPeriodoId: quimica.id, inscripto: true }],
    });
    const [validar] = check.json<InscripcionCheck[]>();
    expect(lines.get(quimica.id)!.motivos).toEqual(validar!.motivos);
    expect(lines.get(quimica.id)!.motivos).toEqual([
      expect.stringMatching(/^Correlativa pendiente: .* \(regularizada\)$/),
    ]);
    expect(lines.get(calculoA.id)!.motivos).toEqual([]);
    // A line of the student's own enrolment or another of its sections says why too, once enrolled.
    await call(s.token, 'POST', '/api/studentsubjects/save-inscription', {
      perfilAlumnoId: s.perfil.id,
      conforme: true,
      materiasModificadas: [{ materiaPeriodoId: calculoA.id, inscripto: true }],
    });
    const after = await form(s);
    expect(after.get(calculoA.id)!.motivos).toEqual([]);
    expect(after.get(w.subjects.calculoB.id)!.motivos!.length).toBeGreaterThan(0);
  });

  it("refuses another student's form (404), as before", async () => {
    const res = await call(w.alumno1.token, 'GET', `/api/studentsubjects/subjects_by_semesters/${w.alumno2.perfil.id}`);
    expect(res.statusCode).toBe(404);
  });
});
