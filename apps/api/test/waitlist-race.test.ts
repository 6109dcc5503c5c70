import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { forgetCachedSettings } from '../src/modules/settings/settings.service.js';
import { ENROL_MSG, CUPO_MSG, type InscripcionLine, type ListaEsperaStaff } from '@arandu/shared';
import { createMateriaPeriodo, createProfesor, setupAppWithEveryRole } from './factories/academic.js';
import { createEnrolmentWorld } from './factories/enrolment.js';
import { capSection, cupoState } from './factories/seats.js';
import { injectAs } from './helper.js';
import { serverUrl } from './test-database.js';

/**
 * Seat limits under a rush (issue 29) need real concurrent connections: PGlite runs one statement at a time,
 * so these run in the PostgreSQL pass of `.ci/run` (DATABASE_URL) and are skipped on PGlite.
 */
describe.skipIf(!serverUrl())('seat limits under a rush (PostgreSQL)', () => {
  const { t, who } = setupAppWithEveryRole();
  let w: Awaited<ReturnType<typeof createEnrolmentWorld>>;
  beforeAll(async () => {
    // Hundreds of students sign in from the test's one address.
    await t.db.execute(sql`update configuracion set valor = '10000' where clave = 'loginMaxIntentosPorMinutoIp'`);
    forgetCachedSettings();
    w = await createEnrolmentWorld(t.app, t.db);
  });

  const section = async (cupo: number, seccion: string) => {
    const profesor = await createProfesor(t.db);
    const mp = await createMateriaPeriodo(t.db, {
      materiaMallaId: w.subjects.quimica.materiaMallaId,
      periodoId: w.periodo.id,
      seccion,
      staff: [[profesor.id, 'Encargado']],
      horario: true,
    });
    await capSection(t.db, mp.id, cupo);
    return mp;
  };
  const save = (s: Awaited<ReturnType<typeof w.student>>, materiaPeriodoId: number, inscripto = true) =>
    injectAs(t.app, s.token, 'POST', '/api/studentsubjects/save-inscription', {
      perfilAlumnoId: s.perfil.id,
      conforme: true,
      materiasModificadas: [{ materiaPeriodoId, inscripto }],
    });

  it('300 concurrent enrolments into 50 seats leave 50 enrolled and 250 waiting at positions 1-250', async () => {
    const mp = await section(50, 'R1');
    const alumnos: Awaited<ReturnType<typeof w.student>>[] = [];
    for (let i = 0; i < 300; i++) alumnos.push(await w.student());
    const replies = await Promise.all(alumnos.map((s) => save(s, mp.id)));
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const lines = replies.map((r) => r.json<InscripcionLine[]>()[0]!);
    expect(lines.filter((l) => l.success === ENROL_MSG.lineEnrolled)).toHaveLength(50);
    const waiting = lines.filter((l) => l.listaEspera);
    expect(waiting).toHaveLength(250);
    // The positions the students were told: 1..250, each once, as the list holds them.
    expect(waiting.map((l) => l.listaEspera!.posicion).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 250 }, (_, i) => i + 1),
    );
    for (const l of waiting) expect(l.error).toBe(CUPO_MSG.sinCupo(l.listaEspera!.posicion));
    const list = (
      await injectAs(t.app, who.funcionario.token, 'GET', `/api/MateriasPeriodo/${mp.id}/lista-espera`)
    ).json<ListaEsperaStaff>();
    expect(list.inscriptos).toBe(50);
    expect(list.items.map((e) => e.posicion)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    // Whom each student was told they follow is whom the list says.
    const told = new Map(
      replies.map((r, i) => [alumnos[i]!.perfil.id, r.json<InscripcionLine[]>()[0]!.listaEspera?.posicion]),
    );
    for (const e of list.items) expect(told.get(e.perfilAlumnoId)).toBe(e.posicion);
    expect(await cupoState(t.db, mp.id)).toMatchObject({ ocupados: 50, inscriptos: 50, esperando: 250, enLista: 250 });
  }, 600_000);

  it('a seat freed while 20 waiting students accept at once is given once, however many jobs run', async () => {
    const mp = await section(1, 'R2');
    const holder = await w.student();
    expect((await save(holder, mp.id)).json<InscripcionLine[]>()[0]!.success).toBe(ENROL_MSG.lineEnrolled);
    const waiting: Awaited<ReturnType<typeof w.student>>[] = [];
    for (let i = 0; i < 20; i++) waiting.push(await w.student());
    for (const s of waiting) expect((await save(s, mp.id)).json<InscripcionLine[]>()[0]!.listaEspera).toBeDefined();

    expect((await save(holder, mp.id, false)).json<InscripcionLine[]>()[0]!.success).toBe(ENROL_MSG.lineUnenrolled);
    // Several processes' jobs at once: one offer.
    const now = new Date();
    await Promise.all([t.app.waitlist.runOnce(now), t.app.waitlist.runOnce(now), t.app.waitlist.runOnce(now)]);
    await t.app.background.drain();
    expect(await cupoState(t.db, mp.id)).toMatchObject({ ofrecidos: 1, conOferta: 1, esperando: 19 });

    const replies = await Promise.all(
      waiting.map((s) => injectAs(t.app, s.token, 'POST', `/api/studentsubjects/lista-espera/${mp.id}/aceptar`)),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(19);
    expect(await cupoState(t.db, mp.id)).toMatchObject({
      ocupados: 1,
      inscriptos: 1,
      ofrecidos: 0,
      conOferta: 0,
      esperando: 19,
      enLista: 19,
    });
    // And a rush of new students meanwhile finds no seat.
    const late: Awaited<ReturnType<typeof w.student>>[] = [];
    for (let i = 0; i < 10; i++) late.push(await w.student());
    const lateReplies = await Promise.all(late.map((s) => save(s, mp.id)));
    expect(lateReplies.every((r) => r.json<InscripcionLine[]>()[0]!.listaEspera)).toBe(true);
    expect(await cupoState(t.db, mp.id)).toMatchObject({ ocupados: 1, inscriptos: 1, esperando: 29 });
  }, 120_000);
});
