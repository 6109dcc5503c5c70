import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ENROL_MSG,
  CUPO_MSG,
  type InscripcionLine,
  type ListaEsperaStaff,
  type MiListaEsperaItem,
} from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { setupAppWithEveryRole } from './factories/academic.js';
import { createEnrolmentWorld } from './factories/enrolment.js';
import { capSection, cupoState } from './factories/seats.js';
import { injectAs, lastMailTo } from './helper.js';

const { t, who } = setupAppWithEveryRole();
let w: Awaited<ReturnType<typeof createEnrolmentWorld>>;
beforeAll(async () => {
  w = await createEnrolmentWorld(t.app, t.db);
});

type Alumno = Awaited<ReturnType<typeof w.student>>;
const HOUR = 3_600_000;

const save = (s: Alumno, materiaPeriodoId: number, inscripto = true) =>
  injectAs(t.app, s.token, 'POST', '/api/studentsubjects/save-inscription', {
    perfilAlumnoId: s.perfil.id,
    conforme: true,
    materiasModificadas: [{ materiaPeriodoId, inscripto }],
  });
const lineOf = async (s: Alumno, materiaPeriodoId: number, inscripto = true) => {
  const res = await save(s, materiaPeriodoId, inscripto);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InscripcionLine[]>()[0]!;
};
const myList = async (s: Alumno) =>
  (await injectAs(t.app, s.token, 'GET', '/api/studentsubjects/lista-espera')).json<MiListaEsperaItem[]>();
const staffList = async (id: number) =>
  (
    await injectAs(t.app, who.funcionario.token, 'GET', `/api/MateriasPeriodo/${id}/lista-espera`)
  ).json<ListaEsperaStaff>();

/** A fresh capped section of the world's malla (a copy of algebra's subject in a new section). */
async function cappedSection(cupo: number) {
  const { createMateriaPeriodo, createProfesor } = await import('./factories/academic.js');
  const profesor = await createProfesor(t.db);
  const mp = await createMateriaPeriodo(t.db, {
    materiaMallaId: w.subjects.algebra.materiaMallaId,
    periodoId: w.periodo.id,
    seccion: `S${Math.floor(Math.random() * 1e6)}`,
    staff: [[profesor.id, 'Encargado']],
    horario: true,
  });
  await capSection(t.db, mp.id, cupo);
  return mp;
}

describe('the cap of a subject-period', () => {
  it('is read and written through GET/POST MateriasPeriodo, and cannot go under the enrolled students', async () => {
    const id = w.subjects.quimica.id;
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      injectAs(t.app, who.funcionario.token, method, url, body);
    const got = (await call('GET', `/api/MateriasPeriodo/${id}`)).json<Record<string, unknown>>();
    expect(got.cupo).toBeNull();
    const body = (cupo: number | null) => ({
      id,
      mallaId: got.mallaId,
      materiaMallaId: got.materiaMallaId,
      periodoId: got.periodoId,
      profesorId: got.profesorId,
      seccion: got.seccion,
      editarAsistencias: got.editarAsistencias,
      utilizaPorcentajePesoMateria: got.utilizaPorcentajePesoMateria,
      // The schedule rows as the form sends them (the GET adds the professor's name).
      horarios: (got.horarios as Record<string, unknown>[]).map(({ profesor: _p, ...h }) => h),
      cupo,
    });
    // What GET answered goes back unchanged.
    const same = await call('POST', '/api/MateriasPeriodo', body(got.cupo as null));
    expect(same.statusCode, same.body).toBe(200);
    const [a, b] = [await w.student(), await w.student()];
    expect((await lineOf(a, id)).success).toBe(ENROL_MSG.lineEnrolled);
    expect((await lineOf(b, id)).success).toBe(ENROL_MSG.lineEnrolled);
    const under = await call('POST', '/api/MateriasPeriodo', body(1));
    expect(under.statusCode).toBe(400);
    expect(under.json<{ error: string }>().error).toBe(CUPO_MSG.cupoUnderEnrolled(2, 0));
    expect((await call('POST', '/api/MateriasPeriodo', body(2))).statusCode).toBe(200);
    expect((await call('GET', `/api/MateriasPeriodo/${id}`)).json<{ cupo: number }>().cupo).toBe(2);
    const bad = await call('POST', '/api/MateriasPeriodo', body(0));
    expect(bad.statusCode).toBe(400);
    // Full: the third waits; removing the cap is refused while someone waits.
    const c = await w.student();
    expect((await lineOf(c, id)).listaEspera).toEqual({ posicion: 1 });
    expect((await call('POST', '/api/MateriasPeriodo', body(null))).json<{ error: string }>().error).toBe(
      CUPO_MSG.cupoRemovedWithList,
    );
  });
});

describe('a full subject-period', () => {
  it('puts the student on its waiting list, in order, and says so on the line', async () => {
    const mp = await cappedSection(1);
    const [a, b, c] = [await w.student(), await w.student(), await w.student()];
    expect((await lineOf(a, mp.id)).success).toBe(ENROL_MSG.lineEnrolled);
    const lb = await lineOf(b, mp.id);
    expect(lb).toEqual({
      materiaPeriodoId: mp.id,
      materia: expect.any(String) as string,
      error: 'Sin cupo: quedó en lista de espera (posición 1)',
      listaEspera: { posicion: 1 },
    });
    expect((await lineOf(c, mp.id)).listaEspera).toEqual({ posicion: 2 });
    // Saving again keeps the place.
    expect((await lineOf(c, mp.id)).listaEspera).toEqual({ posicion: 2 });
    expect((await myList(c)).map((e) => [e.materiaPeriodoId, e.posicion, e.ofertaVence])).toEqual([[mp.id, 2, null]]);
    expect((await staffList(mp.id)).items.map((e) => e.perfilAlumnoId)).toEqual([b.perfil.id, c.perfil.id]);
    expect(await cupoState(t.db, mp.id)).toMatchObject({ ocupados: 1, inscriptos: 1, esperando: 2, enLista: 2 });
    // Leaving the list.
    const left = await injectAs(t.app, c.token, 'DELETE', `/api/studentsubjects/lista-espera/${mp.id}`);
    expect(left.statusCode).toBe(204);
    expect(await myList(c)).toEqual([]);
    expect((await injectAs(t.app, c.token, 'DELETE', `/api/studentsubjects/lista-espera/${mp.id}`)).statusCode).toBe(
      404,
    );
  });

  it('offers a freed seat to the first in line by mail and on the dashboard; the offer is accepted once', async () => {
    const mp = await cappedSection(1);
    const [a, b, c] = [await w.student(), await w.student(), await w.student()];
    await lineOf(a, mp.id);
    await lineOf(b, mp.id);
    await lineOf(c, mp.id);
    const now = new Date();
    // Nothing free: the job offers nothing.
    await t.app.waitlist.runOnce(now);
    expect((await myList(b))[0]!.ofertaVence).toBeNull();

    expect((await lineOf(a, mp.id, false)).success).toBe(ENROL_MSG.lineUnenrolled);
    // Someone new cannot jump the queue while students wait.
    const d = await w.student();
    expect((await lineOf(d, mp.id)).listaEspera).toEqual({ posicion: 3 });
    await t.app.background.drain();
    await t.app.waitlist.runOnce(now);
    const offer = (await myList(b))[0]!;
    // The un-enrolment kicked the job already (real clock): the deadline is 24 h from about now.
    const deadline = new Date(offer.ofertaVence!).getTime() - now.getTime();
    expect(deadline).toBeGreaterThanOrEqual(24 * HOUR);
    expect(deadline).toBeLessThan(24 * HOUR + 60_000);
    expect((await myList(c))[0]!.ofertaVence).toBeNull();
    const mail = await lastMailTo(t.db, b.user.email);
    expect(mail?.asunto).toContain('Hay un lugar para usted');
    expect(mail?.cuerpo).toContain(offer.ofertaVence ? 'hasta el' : '');
    expect(await cupoState(t.db, mp.id)).toMatchObject({ ocupados: 0, ofrecidos: 1, esperando: 2 });

    const refused = await injectAs(t.app, c.token, 'POST', `/api/studentsubjects/lista-espera/${mp.id}/aceptar`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe(CUPO_MSG.noOffer);
    const accepted = await injectAs(t.app, b.token, 'POST', `/api/studentsubjects/lista-espera/${mp.id}/aceptar`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<InscripcionLine>().success).toBe(CUPO_MSG.offerAccepted);
    expect(await myList(b)).toEqual([]);
    expect((await myList(c))[0]!.posicion).toBe(1);
    expect(await cupoState(t.db, mp.id)).toMatchObject({ ocupados: 1, inscriptos: 1, ofrecidos: 0, esperando: 2 });
  });

  it('passes a lapsed offer to the next in line (fake clock)', async () => {
    const mp = await cappedSection(1);
    const [a, b, c] = [await w.student(), await w.student(), await w.student()];
    await lineOf(a, mp.id);
    await lineOf(b, mp.id);
    await lineOf(c, mp.id);
    await lineOf(a, mp.id, false);
    await t.app.background.drain();
    const now = new Date();
    await t.app.waitlist.runOnce(now);
    expect((await myList(b))[0]!.ofertaVence).not.toBeNull();
    // 23 hours on: still b's.
    await t.app.waitlist.runOnce(new Date(now.getTime() + 23 * HOUR));
    expect((await myList(b))[0]!.ofertaVence).not.toBeNull();
    const later = new Date(now.getTime() + 25 * HOUR);
    await t.app.waitlist.runOnce(later);
    expect(await myList(b)).toEqual([]);
    const offer = (await myList(c))[0]!;
    expect(new Date(offer.ofertaVence!).getTime()).toBe(later.getTime() + 24 * HOUR);
    expect(await cupoState(t.db, mp.id)).toMatchObject({ ocupados: 0, ofrecidos: 1, esperando: 0, enLista: 1 });
  });

  it('lets staff move an entry with a reason (audited), and only with one', async () => {
    const mp = await cappedSection(1);
    const s = [await w.student(), await w.student(), await w.student(), await w.student()];
    for (const x of s) await lineOf(x, mp.id);
    const url = `/api/MateriasPeriodo/${mp.id}/lista-espera/mover`;
    const noReason = await injectAs(t.app, who.funcionario.token, 'POST', url, {
      perfilAlumnoId: s[3]!.perfil.id,
      posicion: 1,
      motivo: '',
    });
    expect(noReason.statusCode).toBe(400);
    const moved = await injectAs(t.app, who.funcionario.token, 'POST', url, {
      perfilAlumnoId: s[3]!.perfil.id,
      posicion: 1,
      motivo: 'Prioridad por reglamento: alumno avanzado',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<ListaEsperaStaff>().items.map((e) => [e.posicion, e.perfilAlumnoId])).toEqual([
      [1, s[3]!.perfil.id],
      [2, s[1]!.perfil.id],
      [3, s[2]!.perfil.id],
    ]);
    const [audit] = await rows<{ valores: { motivo: string; desde: number; hasta: number } }>(
      t.db,
      sql`select valores_nuevos as valores from auditoria where nombre_tabla = 'lista_espera_orden'
           and clave_primaria = ${String(mp.id)}`,
    );
    expect(audit?.valores).toMatchObject({ motivo: 'Prioridad por reglamento: alumno avanzado', desde: 3, hasta: 1 });
    // A later joiner still goes last.
    const e = await w.student();
    expect((await lineOf(e, mp.id)).listaEspera).toEqual({ posicion: 4 });
  });

  it('is exceeded only by an Admin with sobrecupo on the line, audited', async () => {
    const mp = await cappedSection(1);
    const [a, b] = [await w.student(), await w.student()];
    await lineOf(a, mp.id);
    const body = {
      perfilAlumnoId: b.perfil.id,
      materiasModificadas: [{ materiaPeriodoId: mp.id, inscripto: true, sobrecupo: true }],
    };
    const staff = await injectAs(t.app, who.funcionario.token, 'POST', '/api/studentsubjects/save-inscription', body);
    expect(staff.statusCode).toBe(400);
    expect(staff.json<{ error: string }>().error).toBe(CUPO_MSG.sobrecupoAdminOnly);
    const admin = await injectAs(t.app, who.admin.token, 'POST', '/api/studentsubjects/save-inscription', body);
    expect(admin.json<InscripcionLine[]>()[0]!.success).toBe(ENROL_MSG.lineEnrolled);
    expect(await cupoState(t.db, mp.id)).toMatchObject({ ocupados: 2, inscriptos: 2 });
    const audit = await rows<{ one: number }>(
      t.db,
      sql`select 1 as one from auditoria where nombre_tabla = 'sobrecupos' and clave_primaria = ${String(mp.id)}
           and usuario_id = ${who.admin.user.id}`,
    );
    expect(audit).toHaveLength(1);
    // Staff's single enrolment into a full section is refused without sobrecupo.
    const c = await w.student();
    const single = await injectAs(t.app, who.admin.token, 'POST', '/api/studentsubjects', {
      perfilAlumnoId: c.perfil.id,
      mallaId: w.malla.id,
      semestreId: 1,
      materiaPeriodoId: mp.id,
    });
    expect(single.statusCode).toBe(400);
    expect(single.json<{ error: string }>().error).toBe(CUPO_MSG.sinCupoStaff);
    expect(await myList(c)).toEqual([]);
  });
});

describe('a parallel section', () => {
  it('is opened with the cap copied and the list in order; its seats are offered once it has a schedule', async () => {
    const mp = await cappedSection(1);
    const s = [await w.student(), await w.student(), await w.student()];
    for (const x of s) await lineOf(x, mp.id);
    const opened = await injectAs(
      t.app,
      who.funcionario.token,
      'POST',
      `/api/MateriasPeriodo/${mp.id}/seccion-paralela`,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const { id } = opened.json<{ id: number; seccion: string }>();
    const list = await staffList(id);
    expect(list.cupo).toBe(1);
    expect(list.items.map((e) => e.perfilAlumnoId)).toEqual([s[1]!.perfil.id, s[2]!.perfil.id]);
    // No schedule yet: nothing offered.
    await t.app.waitlist.runOnce(new Date());
    expect((await staffList(id)).items.every((e) => e.ofertaVence === null)).toBe(true);
    await t.db.execute(
      sql`insert into horarios (materia_periodo_id, profesor_id, dia, hora_inicio, hora_fin, tipo_actividad_academica_horario)
          select ${id}, profesor_id, 6, '07:00', '08:30', 1 from horarios where materia_periodo_id = ${mp.id} limit 1`,
    );
    await t.app.waitlist.runOnce(new Date());
    const first = s[1]!;
    const offered = (await myList(first)).find((e) => e.materiaPeriodoId === id)!;
    expect(offered.ofertaVence).not.toBeNull();
    const ok = await injectAs(t.app, first.token, 'POST', `/api/studentsubjects/lista-espera/${id}/aceptar`);
    expect(ok.statusCode, ok.body).toBe(200);
    // Enrolled in the new section: off the old section's list too.
    expect(await myList(first)).toEqual([]);
    expect((await staffList(mp.id)).items.map((e) => e.perfilAlumnoId)).toEqual([s[2]!.perfil.id]);
    expect(await cupoState(t.db, mp.id)).toMatchObject({ esperando: 1, enLista: 1 });
  });

  it('is refused for a section without a waiting list', async () => {
    const mp = await cappedSection(5);
    const res = await injectAs(t.app, who.funcionario.token, 'POST', `/api/MateriasPeriodo/${mp.id}/seccion-paralela`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(CUPO_MSG.paralelaNoList);
  });
});
