import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ENROL_MSG, type InscripcionLine } from '@arandu/shared';
import { inscripcionesMateria } from '../src/db/schema/index.js';
import { setupAppWithEveryRole } from './factories/academic.js';
import { createEnrolmentWorld } from './factories/enrolment.js';
import { injectAs } from './helper.js';
import { serverUrl } from './test-database.js';

/**
 * The opening rush (issue 11) needs real concurrent connections: PGlite runs one statement at a time, so
 * these run in the PostgreSQL pass of `.ci/run` (DATABASE_URL) and are skipped on PGlite.
 */
describe.skipIf(!serverUrl())('enrolment under a rush (PostgreSQL)', () => {
  const { t } = setupAppWithEveryRole();
  let w: Awaited<ReturnType<typeof createEnrolmentWorld>>;
  beforeAll(async () => {
    w = await createEnrolmentWorld(t.app, t.db);
  });

  const save = (token: string, perfilAlumnoId: number, materiaPeriodoId: number) =>
    injectAs(t.app, token, 'POST', '/api/studentsubjects/save-inscription', {
      perfilAlumnoId,
      conforme: true,
      materiasModificadas: [{ materiaPeriodoId, inscripto: true }],
    });

  const rows = (perfilAlumnoId: number) =>
    t.db.select().from(inscripcionesMateria).where(eq(inscripcionesMateria.perfilAlumnoId, perfilAlumnoId));

  it('200 concurrent saves of one subject leave one enrolment, and every caller gets a line saying so', async () => {
    const { alumno1: a } = w;
    const replies = await Promise.all(
      Array.from({ length: 200 }, () => save(a.token, a.perfil.id, w.subjects.algebra.id)),
    );
    expect(replies.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const lines = replies.map((r) => r.json<InscripcionLine[]>()[0]!);
    expect(lines.filter((l) => l.success === ENROL_MSG.lineEnrolled)).toHaveLength(1);
    expect(lines.filter((l) => l.success === ENROL_MSG.lineAlreadyEnrolled)).toHaveLength(199);
    expect(await rows(a.perfil.id)).toHaveLength(1);
  });

  it('two clashing subjects saved at once by two tabs leave at most one', async () => {
    const { alumno2: b, subjects: s } = w;
    for (let round = 0; round < 10; round++) {
      const [one, two] = await Promise.all([
        save(b.token, b.perfil.id, s.calculoA.id),
        save(b.token, b.perfil.id, s.fisica.id),
      ]);
      const accepted = [one, two].filter((r) => r.json<InscripcionLine[]>()[0]!.success === ENROL_MSG.lineEnrolled);
      expect(accepted).toHaveLength(1);
      const enrolled = await rows(b.perfil.id);
      expect(enrolled).toHaveLength(1);
      // Drop it for the next round.
      await injectAs(t.app, b.token, 'POST', '/api/studentsubjects/save-inscription', {
        perfilAlumnoId: b.perfil.id,
        materiasModificadas: [{ materiaPeriodoId: enrolled[0]!.materiaPeriodoId, inscripto: false }],
      });
    }
  });

  it('two sections of one subject saved at once by two tabs leave one', async () => {
    const s = await w.student();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        save(s.token, s.perfil.id, i % 2 ? w.subjects.calculoA.id : w.subjects.calculoB.id),
      ),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await rows(s.perfil.id)).toHaveLength(1);
  });
});
