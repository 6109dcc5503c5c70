import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asuncionInstant, dateInAsuncion, MSG_SCHEDULE, Role, type HorarioOcurrencia } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { writeTx } from '../src/db/tx.js';
import { FEEDS_PER_MINUTE } from '../src/modules/schedule/feed.service.js';
import { addToMalla, createAlumno, createMateriaPeriodo, inscribir, createOffering } from './factories/academic.js';
import { createExamen, enrolInExamen } from './factories/exams.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';

const DAY = 86_400_000;
let t: TestContext;
const tokens: Record<string, string> = {};
let alumno: { perfilId: number; userId: number };
let otro: { perfilId: number };
let profesorId: number;
let aulaId: number;
let examenId: number;
let feriado: string;
let address = 0;
const nextAddress = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;

const call = (who: string | null, method: 'GET' | 'POST', url: string, remoteAddress = nextAddress()) =>
  t.app.inject({ method, url, remoteAddress, headers: who ? bearer(tokens[who]!) : {} });

const today = () => dateInAsuncion(new Date());
const dayAfter = (days: number) => dateInAsuncion(new Date(Date.now() + days * DAY));
const rango = () => `desde=${today()}&hasta=${dayAfter(60)}`;

/** The feed as a calendar program reads it: each event expanded over `desde`..`hasta` by ical.js. */
function expand(ics: string, desde: string, hasta: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const from = asuncionInstant(desde, '00:00').getTime();
  const to = asuncionInstant(hasta, '23:59').getTime() + 59_000;
  const out: { uid: string; sequence: number; inicio: number; fin: number; summary: string; location: string }[] = [];
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    const push = (start: ICAL.Time, end: ICAL.Time) => {
      const inicio = start.toJSDate().getTime();
      if (inicio >= from && inicio <= to) {
        out.push({
          uid: event.uid,
          sequence: event.sequence,
          inicio,
          fin: end.toJSDate().getTime(),
          summary: event.summary,
          location: event.location,
        });
      }
    };
    if (!event.isRecurring()) {
      push(event.startDate, event.endDate);
      continue;
    }
    const it = event.iterator();
    for (let next = it.next(); next && next.toJSDate().getTime() <= to; next = it.next()) {
      const details = event.getOccurrenceDetails(next);
      push(details.startDate, details.endDate);
    }
  }
  return out.sort((a, b) => a.inicio - b.inicio || a.uid.localeCompare(b.uid));
}

async function feedOf(who: string) {
  const { url } = (await call(who, 'GET', '/api/calendario/enlace')).json<{ url: string }>();
  return { url, path: new URL(url).pathname };
}

beforeAll(async () => {
  t = await setupTestApp();
  const offering = await createOffering(t.db);
  profesorId = offering.profesor.id;
  // A second weekly row, on Wednesdays in a room of the list.
  const [aula] = await rows<{ id: number }>(
    t.db,
    sql`insert into aulas (nombre, edificio, capacidad) values ('B-12', 'Bloque B', 40) returning id`,
  );
  aulaId = aula!.id;
  await writeTx(t.db, null, (tx) =>
    tx.execute(sql`insert into horarios (materia_periodo_id, profesor_id, dia, hora_inicio, hora_fin, aula_id,
                                         tipo_actividad_academica_horario)
                   values (${offering.mp.id}, ${profesorId}, 3, '18:30', '20:00', ${aulaId}, 2)`),
  );
  const a = await createAlumno(t.db, offering.malla.id);
  const b = await createAlumno(t.db, offering.malla.id);
  alumno = { perfilId: a.perfil.id, userId: a.user.id };
  otro = { perfilId: b.perfil.id };
  const inscripcion = await inscribir(t.db, a.perfil.id, offering.mp);
  // Another subject of the malla the other student takes: not in alumno's week.
  const otraMateria = await addToMalla(t.db, offering.malla.id);
  const otraMp = await createMateriaPeriodo(t.db, {
    materiaMallaId: otraMateria.id,
    periodoId: offering.periodoId,
    staff: [[profesorId, 'Encargado']],
    horario: true,
  });
  await inscribir(t.db, b.perfil.id, otraMp);
  examenId = (await createExamen(t.db, offering.mp.id, profesorId, { fechaDays: 20, fechaLimiteDays: 10 })).id;
  await enrolInExamen(t.db, examenId, a.perfil.id, inscripcion.id);
  // The first Monday from a week ahead is a holiday.
  let d = 7;
  while (new Date(`${dayAfter(d)}T12:00:00Z`).getUTCDay() !== 1) d++;
  feriado = dayAfter(d);
  await writeTx(t.db, null, (tx) =>
    tx.execute(sql`insert into dias_sin_clases (periodo_id, fecha, nombre)
                   values (${offering.periodoId}, ${feriado}, 'Feriado de prueba')`),
  );
  tokens.alumno = await login(t.app, a.user.email, TEST_PASSWORD);
  tokens.otro = await login(t.app, b.user.email, TEST_PASSWORD);
  tokens.profesor = await login(t.app, offering.profesor.email, TEST_PASSWORD);
  const funcionario = await createUser(t.db, { roles: [Role.Funcionario] });
  tokens.funcionario = await login(t.app, funcionario.email, TEST_PASSWORD);
  const otroProfesor = await createUser(t.db, { roles: [Role.Profesor] });
  tokens.otroProfesor = await login(t.app, otroProfesor.email, TEST_PASSWORD);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/horario', () => {
  it("answers the student's dated classes, holidays left out, and their exams", async () => {
    const res = await call('alumno', 'GET', `/api/horario/mio?${rango()}`);
    expect(res.statusCode).toBe(200);
    const list = res.json<HorarioOcurrencia[]>();
    const clases = list.filter((o) => o.tipo === 'clase');
    expect(clases.length).toBeGreaterThanOrEqual(14);
    expect(clases.every((o) => /T(07:00|18:30):00-03:00$/.test(o.inicio))).toBe(true);
    expect(clases.some((o) => o.inicio.startsWith(feriado))).toBe(false);
    expect(clases.find((o) => o.inicio.endsWith('T18:30:00-03:00'))).toMatchObject({ aula: 'B-12', seccion: 'A' });
    expect(clases.find((o) => o.inicio.endsWith('T07:00:00-03:00'))).toMatchObject({ aula: 'A-101' });
    expect(list.filter((o) => o.tipo === 'examen')).toEqual([expect.objectContaining({ examenId })]);
    expect([...list].sort((a, b) => Date.parse(a.inicio) - Date.parse(b.inicio))).toEqual(list);
  });

  it('lets staff read any student, professor or room; a student or professor only their own (else 404)', async () => {
    const q = rango();
    expect((await call('alumno', 'GET', `/api/horario/alumno/${alumno.perfilId}?${q}`)).statusCode).toBe(200);
    const ajeno = await call('alumno', 'GET', `/api/horario/alumno/${otro.perfilId}?${q}`);
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json()).toEqual({ error: MSG_SCHEDULE.alumnoNotFound });
    expect((await call('alumno', 'GET', `/api/horario/profesor/${profesorId}?${q}`)).statusCode).toBe(404);
    expect((await call('alumno', 'GET', `/api/horario/aula/${aulaId}?${q}`)).statusCode).toBe(404);
    expect((await call('profesor', 'GET', `/api/horario/profesor/${profesorId}?${q}`)).statusCode).toBe(200);
    expect((await call('otroProfesor', 'GET', `/api/horario/profesor/${profesorId}?${q}`)).statusCode).toBe(404);
    expect((await call('profesor', 'GET', `/api/horario/alumno/${alumno.perfilId}?${q}`)).statusCode).toBe(404);
    const staff = await call('funcionario', 'GET', `/api/horario/alumno/${otro.perfilId}?${q}`);
    expect(staff.statusCode).toBe(200);
    expect(staff.json<HorarioOcurrencia[]>().length).toBeGreaterThan(0);
    const room = await call('funcionario', 'GET', `/api/horario/aula/${aulaId}?${q}`);
    expect(room.json<HorarioOcurrencia[]>().every((o) => o.aula === 'B-12')).toBe(true);
    expect((await call('funcionario', 'GET', `/api/horario/aula/999999?${q}`)).statusCode).toBe(404);
    expect((await call('funcionario', 'GET', `/api/horario/sala/1?${q}`)).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/horario/mio?${q}`)).statusCode).toBe(401);
  });

  it('refuses a missing, malformed, reversed or too long range in Spanish', async () => {
    const bad = async (query: string) => {
      const res = await call('alumno', 'GET', `/api/horario/mio?${query}`);
      expect(res.statusCode).toBe(400);
      return res.json<{ error: string; errors?: Record<string, string> }>();
    };
    expect(JSON.stringify(await bad(`hasta=${today()}`))).toContain(MSG_SCHEDULE.desdeRequired);
    expect(JSON.stringify(await bad(`desde=2026-02-31&hasta=${today()}`))).toContain('La fecha no es válida');
    expect(JSON.stringify(await bad(`desde=${dayAfter(5)}&hasta=${today()}`))).toContain(MSG_SCHEDULE.rangeOrder);
    expect(JSON.stringify(await bad(`desde=${today()}&hasta=${dayAfter(190)}`))).toContain(MSG_SCHEDULE.rangeTooLong);
    expect((await call('alumno', 'GET', `/api/horario/mio?desde=${today()}&hasta=${dayAfter(189)}`)).statusCode).toBe(
      200,
    );
    expect((await call('alumno', 'GET', `/api/horario/mio?desde[]=x&hasta=${today()}`)).statusCode).toBe(400);
  });
});

describe('the calendar feed', () => {
  it('says, expanded by ical.js, the same classes and exams as GET /api/horario/mio', async () => {
    const { url, path } = await feedOf('alumno');
    expect(url).toMatch(/^https?:\/\/[^/]+\/api\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await call(null, 'GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const ics = res.body;
    expect(ics).toContain('BEGIN:VTIMEZONE');
    expect(ics).toContain('TZID:America/Asuncion');
    expect(ics).toMatch(/RRULE:FREQ=WEEKLY;UNTIL=\d{8}T\d{6}Z/);
    expect(ics).toContain(`EXDATE;TZID=America/Asuncion:${feriado.replaceAll('-', '')}T070000`);
    expect(ics).toContain('LOCATION:B-12');
    const desde = today();
    const hasta = dayAfter(60);
    const mio = (await call('alumno', 'GET', `/api/horario/mio?desde=${desde}&hasta=${hasta}`)).json<
      HorarioOcurrencia[]
    >();
    const feed = expand(ics, desde, hasta);
    const times = (list: { inicio: number; fin: number }[]) => list.map((o) => `${o.inicio}-${o.fin}`).sort();
    expect(times(feed)).toEqual(times(mio.map((o) => ({ inicio: Date.parse(o.inicio), fin: Date.parse(o.fin) }))));
    expect(feed.some((o) => dateInAsuncion(new Date(o.inicio)) === feriado)).toBe(false);
    expect(feed.find((o) => o.uid === `examen-${examenId}@arandu`)).toBeDefined();
  });

  it('keeps the UID of a moved exam and raises its SEQUENCE', async () => {
    const { path } = await feedOf('alumno');
    const before = expand((await call(null, 'GET', path)).body, today(), dayAfter(60)).find(
      (o) => o.uid === `examen-${examenId}@arandu`,
    )!;
    await writeTx(t.db, null, (tx) =>
      tx.execute(sql`update examenes set fecha = fecha + interval '2 days' where id = ${examenId}`),
    );
    const after = expand((await call(null, 'GET', path)).body, today(), dayAfter(60)).filter(
      (o) => o.uid === `examen-${examenId}@arandu`,
    );
    expect(after).toHaveLength(1);
    expect(after[0]!.inicio - before.inicio).toBe(2 * DAY);
    expect(after[0]!.sequence).toBeGreaterThan(before.sequence);
    // Read again unchanged: the sequence stays.
    const again = expand((await call(null, 'GET', path)).body, today(), dayAfter(60)).find(
      (o) => o.uid === `examen-${examenId}@arandu`,
    )!;
    expect(again.sequence).toBe(after[0]!.sequence);
  });

  it('answers the same link every time; another link revokes the old one at once', async () => {
    const first = await feedOf('alumno');
    expect((await feedOf('alumno')).url).toBe(first.url);
    const renewed = await call('alumno', 'POST', '/api/calendario/enlace');
    expect(renewed.statusCode).toBe(200);
    const next = renewed.json<{ url: string }>().url;
    expect(next).not.toBe(first.url);
    expect((await feedOf('alumno')).url).toBe(next);
    const old = await call(null, 'GET', first.path);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ error: MSG_SCHEDULE.feedNotFound });
    expect((await call(null, 'GET', new URL(next).pathname)).statusCode).toBe(200);
    // The database keeps only the hash.
    const stored = await rows<{ token_hash: string }>(
      t.db,
      sql`select token_hash from calendario_enlaces where usuario_id = ${alumno.userId}`,
    );
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(next).not.toContain(stored[0]!.token_hash);
  });

  it('answers an unknown, malformed or inactive user’s token with the same 404', async () => {
    const unknown = await call(null, 'GET', `/api/calendario/${'A'.repeat(43)}.ics`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: MSG_SCHEDULE.feedNotFound });
    expect((await call(null, 'GET', '/api/calendario/x.ics')).json()).toEqual({ error: MSG_SCHEDULE.feedNotFound });
    expect((await call(null, 'GET', `/api/calendario/${'A'.repeat(43)}`)).statusCode).toBe(404);
    const { path } = await feedOf('otro');
    await writeTx(t.db, null, (tx) =>
      tx.execute(sql`update usuarios set activo = false
                      where id = (select usuario_id from perfiles_alumno where id = ${otro.perfilId})`),
    );
    expect((await call(null, 'GET', path)).statusCode).toBe(404);
  });

  it('throttles feed requests per address, known and unknown tokens alike', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < FEEDS_PER_MINUTE; i++) {
      expect((await call(null, 'GET', `/api/calendario/${'B'.repeat(43)}.ics`, ip)).statusCode).toBe(404);
    }
    const { path } = await feedOf('alumno');
    const refused = await call(null, 'GET', path, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MSG_SCHEDULE.feedThrottled });
    expect((await call(null, 'GET', path, '10.9.9.10')).statusCode).toBe(200);
  });
});
