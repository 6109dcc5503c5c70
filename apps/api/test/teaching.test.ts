import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dateInAsuncion, MSG_TEACHING as T, Role } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import {
  createAlumno,
  createOffering,
  createPeriodo,
  createProfesor,
  inscribir,
  setupAppWithEveryRole,
} from './factories/academic.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { injectAs } from './helper.js';

const { t, who } = setupAppWithEveryRole();
const DAY = 86_400_000;

let address = 0;
/** Each login from its own address: the file signs in more users than one address may in a minute. */
async function login(_app: unknown, email: string, password: string) {
  address += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress: `10.77.${Math.floor(address / 250)}.${address % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.body}`);
  return res.json<{ token: string }>().token;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A subject-period with a head and an auxiliary professor, three students (and their logins), tokens. */
async function classroom(opts: { periodoId?: number } = {}) {
  const o = await createOffering(t.db, opts);
  const aux = await createProfesor(t.db);
  await t.db.execute(
    sql`insert into profesores_materia_periodo (materia_periodo_id, usuario_id, rol) values (${o.mp.id}, ${aux.id}, 'Asistente')`,
  );
  const alumnos = [];
  for (const apellido of ['Acosta', 'Benítez', 'Cáceres']) {
    const a = await createAlumno(t.db, o.malla.id, { apellido });
    const insc = await inscribir(t.db, a.perfil.id, o.mp);
    alumnos.push({ ...a, insc });
  }
  const token = (email: string) => login(t.app, email, TEST_PASSWORD);
  return {
    ...o,
    students: alumnos,
    head: await token(o.profesor.email),
    aux: await token(aux.email),
    student: await token(alumnos[0]!.user.email),
  };
}

const call = (token: string, method: Method, url: string, payload?: unknown) =>
  injectAs(t.app, token, method, url, payload);

const tarea = (materiaPeriodoId: number, extra: Record<string, unknown> = {}) => ({
  id: 0,
  materiaPeriodoId,
  descripcion: 'Trabajo práctico 1',
  fechaEntrega: '2026-04-10T00:00:00',
  tipoTarea: 1,
  puntajeTotal: 20,
  porcentajePesoMateria: null,
  ...extra,
});

async function pp(inscripcionId: number) {
  const [row] = await rows<{ pp: number | null; asis: number | null }>(
    t.db,
    sql`select porcentaje_pp::float8 as pp, porcentaje_asistencia::float8 as asis from inscripciones_materia where id = ${inscripcionId}`,
  );
  return row!;
}

describe('homework and PP', () => {
  it('computes PP without weights as sum of scores over sum of totals, and with weights as their weighted sum', async () => {
    const c = await classroom();
    const a = await call(c.head, 'POST', '/api/homework/homework', tarea(c.mp.id));
    expect(a.statusCode, a.body).toBe(200);
    const b = await call(c.aux, 'POST', '/api/homework/homework', tarea(c.mp.id, { puntajeTotal: 30 }));
    const [ta, tb] = [a.json<{ id: number }>().id, b.json<{ id: number }>().id];
    const s0 = c.students[0]!.insc.id;
    const puntaje = (tareaMateriaId: number, puntajeObtenido: number | null, inscripcionMateriaId = s0) =>
      call(c.head, 'POST', '/api/homework/homework/update-score', {
        id: 0,
        inscripcionMateriaId,
        tareaMateriaId,
        puntajeObtenido,
      });
    expect((await puntaje(ta, 10)).json()).toMatchObject({ puntajeObtenido: 10, aplicado: true, porcentajePP: 20 });
    await puntaje(tb, 30);
    expect((await pp(s0)).pp).toBe(80); // (10 + 30) / (20 + 30)
    expect((await pp(c.students[1]!.insc.id)).pp).toBe(0);

    // With weights 40 and 60: 10/20*40 + 30/30*60 = 80; then 0/20*40 + 60 after clearing the first score.
    expect(
      (await call(c.head, 'PUT', `/api/homework/uses-percent-weight/${c.mp.id}`, { id: c.mp.id, allow: true }))
        .statusCode,
    ).toBe(200);
    await call(c.head, 'POST', '/api/homework/homework', tarea(c.mp.id, { id: ta, porcentajePesoMateria: 40 }));
    const over = await call(
      c.head,
      'POST',
      '/api/homework/homework',
      tarea(c.mp.id, { id: tb, puntajeTotal: 30, porcentajePesoMateria: 61 }),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe(T.pesoSumTooHigh);
    await call(
      c.head,
      'POST',
      '/api/homework/homework',
      tarea(c.mp.id, { id: tb, puntajeTotal: 30, porcentajePesoMateria: 60 }),
    );
    expect((await pp(s0)).pp).toBe(80);
    await puntaje(ta, null);
    expect((await pp(s0)).pp).toBe(60);

    const mp = await call(c.head, 'GET', `/api/MateriasPeriodo/${c.mp.id}`);
    expect(mp.json()).toMatchObject({ calculatePPFromTasks: true, canEditTask: true });
    const list = await call(c.head, 'POST', `/api/homework/${c.mp.id}/homework/all`, {
      page: 1,
      pageSize: 25,
      filters: {},
    });
    expect(list.json()).toMatchObject({ totalItemsCount: 2 });
    expect(list.json().items[0]).toMatchObject({
      fechaEntrega: '2026-04-10',
      tipoTarea: { value: 1, label: 'Evaluada' },
    });
  });

  it('refuses bad scores and bad homework, changing nothing', async () => {
    const c = await classroom();
    const id = (await call(c.head, 'POST', '/api/homework/homework', tarea(c.mp.id))).json<{ id: number }>().id;
    const other = await classroom();
    const cases: [unknown, number, string?][] = [
      [
        { inscripcionMateriaId: c.students[0]!.insc.id, tareaMateriaId: id, puntajeObtenido: 21 },
        400,
        T.puntajeInvalid,
      ],
      [
        { inscripcionMateriaId: c.students[0]!.insc.id, tareaMateriaId: id, puntajeObtenido: -1 },
        400,
        T.puntajeInvalid,
      ],
      [{ inscripcionMateriaId: c.students[0]!.insc.id, tareaMateriaId: id, puntajeObtenido: 'diez' }, 400],
      [
        { inscripcionMateriaId: other.students[0]!.insc.id, tareaMateriaId: id, puntajeObtenido: 5 },
        404,
        T.inscripcionNotInMateria,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(c.head, 'POST', '/api/homework/homework/update-score', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(res.json().error).toBe(message);
    }
    const bad = [
      tarea(c.mp.id, { descripcion: '  ' }),
      tarea(c.mp.id, { puntajeTotal: 5001 }),
      tarea(c.mp.id, { puntajeTotal: 0 }),
      tarea(c.mp.id, { tipoTarea: 3 }),
      tarea(c.mp.id, { fechaEntrega: '' }),
      tarea(c.mp.id, { descripcion: 'x'.repeat(257) }),
    ];
    for (const body of bad) expect((await call(c.head, 'POST', '/api/homework/homework', body)).statusCode).toBe(400);
    const [{ n }] = (await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from tareas_materia_alumnos s join tareas_materia t on t.id = s.tarea_materia_id where t.materia_periodo_id = ${c.mp.id}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
    expect((await call(c.head, 'POST', '/api/homework/homework', tarea(c.mp.id))).statusCode).toBe(200);
  });

  it("forces type 2 'Cumplimiento' to total 1 and no weight; blocks deleting homework with submissions", async () => {
    const c = await classroom();
    const id = (
      await call(
        c.head,
        'POST',
        '/api/homework/homework',
        tarea(c.mp.id, { tipoTarea: 2, puntajeTotal: 50, porcentajePesoMateria: 30 }),
      )
    ).json<{ id: number }>().id;
    const got = await call(c.head, 'GET', `/api/homework/homework/${id}`);
    expect(got.json()).toMatchObject({ puntajeTotal: 1, porcentajePesoMateria: 0, tipoTarea: { value: 2 } });
    expect(got.json().tareaMateriaAlumnos).toHaveLength(3);
    await call(c.head, 'POST', '/api/homework/homework/update-score', {
      inscripcionMateriaId: c.students[0]!.insc.id,
      tareaMateriaId: id,
      puntajeObtenido: 1,
    });
    const del = await call(c.head, 'DELETE', `/api/homework/homework/${id}`);
    expect(del.statusCode).toBe(400);
    expect(del.json().error).toBe(T.tareaInUse);
    await call(c.head, 'POST', '/api/homework/homework/update-score', {
      inscripcionMateriaId: c.students[0]!.insc.id,
      tareaMateriaId: id,
      puntajeObtenido: null,
    });
    expect((await call(c.head, 'DELETE', `/api/homework/homework/${id}`)).statusCode).toBe(204);
    expect((await call(c.head, 'DELETE', `/api/homework/homework/${id}`)).statusCode).toBe(404);
  });

  it('does not apply a save older than the stored one (secuencia)', async () => {
    const c = await classroom();
    const id = (await call(c.head, 'POST', '/api/homework/homework', tarea(c.mp.id))).json<{ id: number }>().id;
    const body = (puntajeObtenido: number, secuencia: number) => ({
      inscripcionMateriaId: c.students[0]!.insc.id,
      tareaMateriaId: id,
      puntajeObtenido,
      secuencia,
    });
    await call(c.head, 'POST', '/api/homework/homework/update-score', body(15, 200));
    const late = await call(c.head, 'POST', '/api/homework/homework/update-score', body(3, 100));
    expect(late.json()).toMatchObject({ puntajeObtenido: 15, aplicado: false });
    expect((await pp(c.students[0]!.insc.id)).pp).toBe(75);
  });

  it('keeps a cleared score cleared when an older save arrives after the clearing', async () => {
    const c = await classroom();
    const id = (await call(c.head, 'POST', '/api/homework/homework', tarea(c.mp.id))).json<{ id: number }>().id;
    const body = (puntajeObtenido: number | null, secuencia: number) => ({
      inscripcionMateriaId: c.students[0]!.insc.id,
      tareaMateriaId: id,
      puntajeObtenido,
      secuencia,
    });
    await call(c.head, 'POST', '/api/homework/homework/update-score', body(12, 100));
    const cleared = await call(c.head, 'POST', '/api/homework/homework/update-score', body(null, 300));
    expect(cleared.json()).toMatchObject({ puntajeObtenido: null, aplicado: true });
    // The save typed before the clearing (secuencia 200) is retried and arrives last: it must not win.
    const late = await call(c.head, 'POST', '/api/homework/homework/update-score', body(9, 200));
    expect(late.json()).toMatchObject({ puntajeObtenido: null, aplicado: false });
    expect((await pp(c.students[0]!.insc.id)).pp).toBe(0);
    // A newer save still writes the cell, and the cleared cell never blocked deleting the homework.
    expect((await call(c.head, 'POST', '/api/homework/homework/update-score', body(7, 400))).json()).toMatchObject({
      puntajeObtenido: 7,
      aplicado: true,
    });
    await call(c.head, 'POST', '/api/homework/homework/update-score', body(null, 500));
    expect((await call(c.head, 'DELETE', `/api/homework/homework/${id}`)).statusCode).toBe(204);
  });
});

describe('attendance', () => {
  it('takes sessions with three-valued marks and keeps % Asistencia current', async () => {
    const c = await classroom();
    const [s0, s1, s2] = c.students.map((s) => s.insc.id) as [number, number, number];
    const newSession = async (date: string, present?: boolean) =>
      (
        await call(c.head, 'POST', '/api/assistances', {
          id: 0,
          subjectPeriodId: c.mp.id,
          logContentId: null,
          room: 'A-1',
          reference: 'Unidad 1',
          date,
          ...(present === undefined ? {} : { present }),
        })
      ).json<{ id: number }>().id;
    const first = await newSession('2026-03-02');
    const mark = (sesion: number, alumnoId: number, present: boolean | null) =>
      call(c.head, 'POST', `/api/assistances/${sesion}/update-presence`, {
        assistanceId: sesion,
        studentId: alumnoId,
        present,
      });
    expect((await mark(first, s0, true)).json()).toMatchObject({ present: true, porcentajeAsistencia: 100 });
    await mark(first, s1, false);
    const second = await newSession('2026-03-09');
    expect((await pp(s0)).asis).toBe(50);
    expect((await pp(s2)).asis).toBe(0);
    // Bulk 'present' fills only the empty cells.
    await mark(second, s1, false);
    expect((await call(c.head, 'POST', `/api/assistances/${second}/mark-all-present`)).json()).toEqual({ marked: 2 });
    expect((await pp(s1)).asis).toBe(0);
    expect((await pp(s0)).asis).toBe(100);
    await mark(second, s0, null);
    expect((await pp(s0)).asis).toBe(50);
    // A mark cleared by a newer save stays cleared when an older one (a retry) arrives after it.
    const ordered = (present: boolean | null, secuencia: number) =>
      call(c.head, 'POST', `/api/assistances/${second}/update-presence`, {
        assistanceId: second,
        studentId: s0,
        present,
        secuencia,
      });
    await ordered(true, 1_000);
    expect((await ordered(null, 3_000)).json()).toMatchObject({ present: null, aplicado: true });
    expect((await ordered(false, 2_000)).json()).toMatchObject({ present: null, aplicado: false });
    expect((await pp(s0)).asis).toBe(50);

    const grid = await call(c.head, 'POST', `/api/assistances/${c.mp.id}/all`, { page: 1, pageSize: 25 });
    expect(grid.statusCode).toBe(200);
    expect(grid.json().assists).toHaveLength(2);
    expect(grid.json().pageInfo.totalItemsCount).toBe(3);
    type Row = { studentId: number; alcanzaMinimo: boolean; proyeccionAsistencia: string };
    const outlook = async (alumnoId: number) => {
      const rows = (await call(c.head, 'POST', `/api/assistances/${c.mp.id}/all`, { page: 1, pageSize: 25 })).json<{
        pageInfo: { items: Row[] };
      }>().pageInfo.items;
      const { alcanzaMinimo, proyeccionAsistencia } = rows.find((r) => r.studentId === alumnoId)!;
      return { alcanzaMinimo, proyeccionAsistencia };
    };
    // Absent from both sessions taken, with no planning: the term's length is unknown, so no verdict (issue 34).
    expect(await outlook(s1)).toEqual({ alcanzaMinimo: true, proyeccionAsistencia: 'sin-planeamiento' });
    // Once the planning schedules ten sessions, eight are still ahead: 0 of 2 taken can still reach 70 % (8/10).
    await t.db.execute(sql`
      with p as (insert into planeamientos (materia_periodo_id) values (${c.mp.id}) returning id)
      insert into planeamiento_cronograma (planeamiento_id, indice, fecha, unidad, contenidos)
      select p.id, g, date '2026-03-02' + g * 7, 'Unidad 1', 'Contenidos' from p, generate_series(0, 9) g`);
    expect(await outlook(s1)).toEqual({ alcanzaMinimo: true, proyeccionAsistencia: 'alcanza' });
    // 'Registro Contenido': the form offers the planning's rows, and a session links only to one of them.
    const { logContents } = (await call(c.head, 'GET', `/api/assistances/form-data/${c.mp.id}`)).json<{
      logContents: { value: number; label: string }[];
    }>();
    expect(logContents).toHaveLength(10);
    expect(logContents[0]!.label).toBe('02/03/2026 - Unidad 1 - Contenidos');
    const linked = (logContentId: number) =>
      call(c.head, 'POST', '/api/assistances', {
        id: second,
        subjectPeriodId: c.mp.id,
        logContentId,
        room: null,
        reference: 'Unidad 1',
        date: '2026-03-09',
      });
    const foreign = await linked(logContents[9]!.value + 1_000_000);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe(T.registroContenidoInvalid);
    expect((await linked(logContents[1]!.value)).statusCode).toBe(200);
    expect((await call(c.head, 'GET', `/api/assistances/${second}`)).json().logContentId).toBe(logContents[1]!.value);
    const one = await call(c.head, 'GET', `/api/assistances/${second}`);
    expect(one.json().students.map((s: { present: boolean | null }) => s.present)).toEqual([null, false, true]);

    // The student sees their own row only.
    const own = await call(c.student, 'POST', `/api/assistances/${c.mp.id}/all`, { page: 1, pageSize: 25 });
    expect(own.json().pageInfo.items.map((r: { studentId: number }) => r.studentId)).toEqual([s0]);
    expect(own.json().studentAssists.every((m: { studentId: number }) => m.studentId === s0)).toBe(true);

    expect((await call(c.head, 'DELETE', `/api/assistances/${second}`)).statusCode).toBe(204);
    expect((await pp(s0)).asis).toBe(100);
    // A planning of one dated session, taken and missed: the minimum is out of reach.
    await t.db.execute(sql`
      delete from planeamiento_cronograma c using planeamientos p
       where p.id = c.planeamiento_id and p.materia_periodo_id = ${c.mp.id} and c.indice > 0`);
    expect(await outlook(s1)).toEqual({ alcanzaMinimo: false, proyeccionAsistencia: 'no-alcanza' });
    const bad = await call(c.head, 'POST', '/api/assistances', {
      subjectPeriodId: c.mp.id,
      date: '',
      reference: 'x'.repeat(65),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a session dated after today in Asunción, new or edited, and saves nothing', async () => {
    const c = await classroom();
    const today = dateInAsuncion(new Date());
    const tomorrow = dateInAsuncion(new Date(Date.now() + DAY));
    const session = (date: string, id = 0) =>
      call(c.head, 'POST', '/api/assistances', {
        id,
        subjectPeriodId: c.mp.id,
        logContentId: null,
        room: null,
        reference: 'Clase',
        date,
        present: true,
      });
    const stored = () =>
      rows<{ fecha: string; marks: number }>(
        t.db,
        sql`select a.fecha::text as fecha,
                   (select count(*) from asistencias_alumnos aa where aa.asistencia_id = a.id)::int as marks
              from asistencias a where a.materia_periodo_id = ${c.mp.id} order by a.id`,
      );

    const future = await session(tomorrow);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ error: T.asistenciaFechaFutura, errors: { date: T.asistenciaFechaFutura } });
    expect(await stored()).toEqual([]);
    expect((await pp(c.students[0]!.insc.id)).asis).toBeNull();

    // Today is not the future: taken, every student present.
    const taken = await session(today);
    expect(taken.statusCode).toBe(200);
    const before = await stored();
    expect(before).toEqual([{ fecha: today, marks: 3 }]);
    const moved = await session(tomorrow, taken.json<{ id: number }>().id);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toBe(T.asistenciaFechaFutura);
    expect(await stored()).toEqual(before);
    expect((await pp(c.students[0]!.insc.id)).asis).toBe(100);
  });
});

describe('permissions', () => {
  it('answers 404 to another professor and to students for every teaching call; staff and auxiliaries may act', async () => {
    const c = await classroom();
    const tareaId = (await call(c.aux, 'POST', '/api/homework/homework', tarea(c.mp.id))).json<{ id: number }>().id;
    const sesion = (
      await call(who.funcionario.token, 'POST', '/api/assistances', { subjectPeriodId: c.mp.id, date: '2026-03-02' })
    ).json<{ id: number }>().id;
    expect(tareaId).toBeGreaterThan(0);
    expect(sesion).toBeGreaterThan(0);
    const stranger = await login(t.app, (await createProfesor(t.db)).email, TEST_PASSWORD);
    const calls: [Method, string, unknown?][] = [
      ['POST', `/api/homework/${c.mp.id}/homework/all`, { page: 1, pageSize: 25 }],
      ['GET', `/api/homework/homework/${tareaId}`],
      ['POST', '/api/homework/homework', tarea(c.mp.id)],
      [
        'POST',
        '/api/homework/homework/update-score',
        { inscripcionMateriaId: c.students[0]!.insc.id, tareaMateriaId: tareaId, puntajeObtenido: 1 },
      ],
      ['DELETE', `/api/homework/homework/${tareaId}`],
      ['PUT', `/api/homework/uses-percent-weight/${c.mp.id}`, { allow: true }],
      ['PUT', `/api/homework/publish/${c.mp.id}`, { id: c.mp.id }],
      ['GET', `/api/homework/alumnos-materia-download/${c.mp.id}`],
      ['GET', `/api/assistances/form-data/${c.mp.id}`],
      ['POST', `/api/assistances/${c.mp.id}/all`, { page: 1, pageSize: 25 }],
      ['GET', `/api/assistances/${sesion}`],
      ['POST', `/api/assistances/${sesion}/update-presence`, { studentId: c.students[0]!.insc.id, present: true }],
      ['DELETE', `/api/assistances/${sesion}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(stranger, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const otherAlumno = await login(t.app, (await createUser(t.db, { roles: [Role.Alumno] })).email, TEST_PASSWORD);
    expect((await call(otherAlumno, 'GET', `/api/MateriasPeriodo/my/${c.mp.id}`)).statusCode).toBe(404);
    expect((await call(otherAlumno, 'POST', `/api/assistances/${c.mp.id}/all`, {})).statusCode).toBe(404);
    expect((await call(c.student, 'POST', '/api/homework/homework', tarea(c.mp.id))).statusCode).toBe(403);
    expect((await call(c.head, 'GET', `/api/MateriasPeriodo/my/${c.mp.id}`)).statusCode).toBe(403);
  });
});

describe('publish, seal and the frozen figures', () => {
  it('publishes then seals one way only, and then refuses every change, even a raw SQL update', async () => {
    const c = await classroom();
    const id = (await call(c.head, 'POST', '/api/homework/homework', tarea(c.mp.id))).json<{ id: number }>().id;
    await call(c.head, 'POST', '/api/homework/homework/update-score', {
      inscripcionMateriaId: c.students[0]!.insc.id,
      tareaMateriaId: id,
      puntajeObtenido: 5,
    });
    const sesion = (
      await call(c.head, 'POST', '/api/assistances', { subjectPeriodId: c.mp.id, date: '2026-03-02', present: true })
    ).json<{ id: number }>().id;

    expect((await call(c.head, 'PUT', `/api/homework/stamp/${c.mp.id}`, { id: c.mp.id })).statusCode).toBe(400);
    const pub = await call(c.head, 'PUT', `/api/homework/publish/${c.mp.id}`, { id: c.mp.id, estado: { value: 0 } });
    expect(pub.statusCode).toBe(200);
    const r = pub.json().rendimientoAlumno;
    expect(pub.json().estado).toEqual({ value: 1, label: 'Publicado' });
    const months = (Date.parse(r.fechaExpiracion) - Date.parse(r.fechaPublicado)) / DAY;
    expect(months).toBeGreaterThan(360);
    expect(months).toBeLessThan(370);
    expect((await call(c.head, 'PUT', `/api/homework/publish/${c.mp.id}`, {})).statusCode).toBe(400);

    const refused = [
      await call(c.head, 'POST', '/api/homework/homework/update-score', {
        inscripcionMateriaId: c.students[0]!.insc.id,
        tareaMateriaId: id,
        puntajeObtenido: 6,
      }),
      await call(c.head, 'POST', '/api/homework/homework', tarea(c.mp.id)),
      await call(c.head, 'POST', `/api/assistances/${sesion}/update-presence`, {
        studentId: c.students[0]!.insc.id,
        present: false,
      }),
      await call(c.head, 'DELETE', `/api/assistances/${sesion}`),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(T.notEditable);
    }
    await expect(
      t.db.execute(sql`update tareas_materia_alumnos set puntaje_obtenido = 20 where tarea_materia_id = ${id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`update asistencias_alumnos set presente = false where asistencia_id = ${sesion}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from tareas_materia where id = ${id}`)).rejects.toThrow();
    await expect(
      t.db.execute(sql`update inscripciones_materia set porcentaje_pp = 99 where id = ${c.students[0]!.insc.id}`),
    ).rejects.toThrow();

    const sealed = await call(c.aux, 'PUT', `/api/homework/stamp/${c.mp.id}`, { id: c.mp.id });
    expect(sealed.json().estado).toEqual({ value: 2, label: 'Sellado' });
    expect(sealed.json().rendimientoAlumno.fechaSellado).toBeTruthy();
    expect((await call(c.head, 'PUT', `/api/homework/stamp/${c.mp.id}`, {})).statusCode).toBe(400);
  });

  it('closes editing after finCalificarTareas', async () => {
    const periodo = await createPeriodo(t.db, { finCalificarTareas: new Date(Date.now() - DAY).toISOString() });
    const c = await classroom({ periodoId: periodo.id });
    const res = await call(c.head, 'POST', '/api/homework/homework', tarea(c.mp.id));
    expect(res.statusCode).toBe(400);
    expect((await call(c.head, 'GET', `/api/assistances/form-data/${c.mp.id}`)).json()).toMatchObject({
      canEdit: false,
    });
  });
});

describe("the student's side", () => {
  it('shows the subject with their own PP and attendance, and their own scores', async () => {
    const c = await classroom();
    const id = (await call(c.head, 'POST', '/api/homework/homework', tarea(c.mp.id))).json<{ id: number }>().id;
    await call(c.head, 'POST', '/api/homework/homework/update-score', {
      inscripcionMateriaId: c.students[0]!.insc.id,
      tareaMateriaId: id,
      puntajeObtenido: 12,
    });
    await call(c.head, 'POST', '/api/homework/homework/update-score', {
      inscripcionMateriaId: c.students[1]!.insc.id,
      tareaMateriaId: id,
      puntajeObtenido: 19,
    });
    const detail = await call(c.student, 'GET', `/api/MateriasPeriodo/my/${c.mp.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ id: c.mp.id, porcentajePP: 60, seccion: 'A', estado: { value: 0 } });
    expect(detail.json().horarios[0]).toMatchObject({ dia: { value: 1, label: 'Lunes' }, horaInicio: '07:00' });
    const mine = await call(c.student, 'POST', `/api/exams/${c.mp.id}/homework/my`, { page: 1, pageSize: 25 });
    expect(mine.json()).toMatchObject({ totalItemsCount: 1, items: [{ id, puntajeObtenido: 12 }] });
  });
});
