import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { alertasAcademicas, correosSalientes } from '../src/db/schema/index.js';
import { writeTx } from '../src/db/tx.js';
import { fixedClock } from '../src/lib/clock.js';
import { runWarnings } from '../src/modules/alerts/alerts.service.js';
import { createAlumno, createOffering, inscribir } from './factories/academic.js';
import { setupTestApp, type TestContext } from './helper.js';
import { serverUrl } from './test-database.js';

/** Three class days a week apart, every student of subject-period `mpId` absent from each. */
async function absentThreeTimes(db: Db, mpId: number) {
  await writeTx(db, null, async (tx) => {
    for (let i = 0; i < 3; i++) {
      await tx.execute(sql`
        with s as (insert into asistencias (materia_periodo_id, fecha)
                   values (${mpId}, date '2026-03-02' + ${i * 7}::int) returning id)
        insert into asistencias_alumnos (asistencia_id, inscripcion_materia_id, presente)
        select s.id, i.id, false from s, inscripciones_materia i where i.materia_periodo_id = ${mpId}`);
    }
  });
}

// Two API processes on one database exist only on a PostgreSQL server (PGlite serves one process and runs one
// statement at a time): this file runs there (DATABASE_URL, as `.ci/run` does) and is skipped on PGlite.
describe.skipIf(!serverUrl())('the early warnings job with two API processes (PostgreSQL)', () => {
  const clock = fixedClock('2026-05-04T15:00:00.000Z');
  let t: TestContext;
  beforeAll(async () => {
    t = await setupTestApp({ clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is taken by one process a day; the warning is stored and mailed once', async () => {
    const o = await createOffering(t.db);
    const alumnos = [];
    for (let i = 0; i < 3; i++) {
      const a = await createAlumno(t.db, o.malla.id);
      alumnos.push({ ...a, insc: await inscribir(t.db, a.perfil.id, o.mp) });
    }
    // Three absences in a row for everyone.
    await absentThreeTimes(t.db, o.mp.id);
    const other = await t.anotherProcess({ clock });

    // Both processes tick at once, several times each, as their timers would on the new day.
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? t.app : other).alertsJob.runDue()),
    );
    expect(runs.filter((r) => r !== null)).toEqual([{ materias: 1, encontradas: 3, alertas: 3, correos: 3 }]);
    // One run recorded for the administrators' screen (issue 44), its three warnings linked to it.
    const recorded = (
      await t.db.execute<{ runs: number; linked: number }>(
        sql`select count(*)::int as runs,
                   (select count(*)::int from alertas_academicas a where a.ejecucion_id = max(e.id)) as linked
              from ejecuciones_alertas e where e.fin is not null`,
      )
    ).rows;
    expect(recorded).toEqual([{ runs: 1, linked: 3 }]);

    const stored = await t.db.select().from(alertasAcademicas).where(eq(alertasAcademicas.materiaPeriodoId, o.mp.id));
    expect(stored).toHaveLength(3);
    for (const s of alumnos) {
      const mails = await t.db.select().from(correosSalientes).where(eq(correosSalientes.destinatario, s.user.email));
      expect(mails).toHaveLength(1);
    }

    // The next day one of them takes it again (and finds nothing new).
    clock.set('2026-05-05T15:00:00.000Z');
    const next = await Promise.all([t.app.alertsJob.runDue(), other.alertsJob.runDue()]);
    expect(next.filter((r) => r !== null)).toEqual([{ materias: 1, encontradas: 3, alertas: 0, correos: 0 }]);
  });

  it('stores a warning once when two passes overlap', async () => {
    const o = await createOffering(t.db);
    const a = await createAlumno(t.db, o.malla.id);
    await inscribir(t.db, a.perfil.id, o.mp);
    await absentThreeTimes(t.db, o.mp.id);
    // Two passes at once on two connections (as after a process died holding the job and its hold lapsed):
    // the unique constraint keeps one row, and only the pass that stored it mails.
    const queued: string[] = [];
    const mailer = {
      delivers: true,
      queue: async () => {},
      queueMany: async (_db: unknown, mails: { to: string }[]) => {
        queued.push(...mails.map((m) => m.to));
      },
      deliverSoon: () => {},
    };
    const [x, y] = await Promise.all([
      runWarnings(t.db, mailer, { now: clock.now(), userId: null }),
      runWarnings(t.db, mailer, { now: clock.now(), userId: null }),
    ]);
    expect(x.alertas + y.alertas).toBe(1);
    expect(queued).toEqual([a.user.email]);
    expect(
      await t.db.select().from(alertasAcademicas).where(eq(alertasAcademicas.materiaPeriodoId, o.mp.id)),
    ).toHaveLength(1);
  });
});
