import { expect, test } from './harness/fixtures.js';
import { asuncionInstant } from '@arandu/shared';
import ICAL from 'ical.js';
import { api, asuncionIsoDay, loginAs, shot } from './support.js';

interface Ocurrencia {
  tipo: 'clase' | 'examen';
  inicio: string;
  fin: string;
  materia: string;
}

test.describe.configure({ timeout: 180_000 });

/** The Monday of this week in Asunción, and the Sunday after it (aaaa-mm-dd). */
function thisWeek() {
  const today = asuncionIsoDay();
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  return { today, desde: asuncionIsoDay(-weekday), hasta: asuncionIsoDay(6 - weekday) };
}

/** Every start of the feed's events between `desde` and `hasta`, recurrences expanded by ical.js. */
function feedStarts(ics: string, desde: string, hasta: string): number[] {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const from = asuncionInstant(desde, '00:00').getTime();
  const to = asuncionInstant(hasta, '23:59').getTime() + 59_000;
  const starts: number[] = [];
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    const it = event.iterator();
    for (let next = it.next(); next; next = it.next()) {
      const at = next.toJSDate().getTime();
      if (at > to) break;
      if (at >= from) starts.push(at);
      if (!event.isRecurring()) break;
    }
  }
  return starts.sort((a, b) => a - b);
}

test("[ALUMNO] horario: abre 'Mi horario' en escritorio y a 390 px, copia el enlace del calendario y lo lee con ical.js", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, 'alumno@demo.edu.py');
  await page.getByRole('link', { name: 'Mi horario' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi horario' })).toBeVisible();

  // Desktop: the week as a grid, each class a block with subject, section, room and professor.
  const week = thisWeek();
  const mine = await api<Ocurrencia[]>(page, `/api/horario/mio?desde=${week.desde}&hasta=${week.hasta}`);
  const clases = mine.filter((o) => o.tipo === 'clase');
  expect(clases.length, 'the demo student has classes this week').toBeGreaterThanOrEqual(1);
  const grid = page.getByTestId('week-grid');
  await expect(grid).toBeVisible();
  const shown = mine.filter((o) => new Date(`${o.inicio.slice(0, 10)}T12:00:00Z`).getUTCDay() !== 0);
  await expect(grid.getByRole('listitem')).toHaveCount(shown.length);
  await expect(grid.getByRole('listitem').first()).toContainText('Secc.');
  await shot(page, 'horario-escritorio');

  // The feed's link, as the page shows it; 'Copiar enlace' puts it on the clipboard.
  const url = await page.getByTestId('enlace-calendario').inputValue();
  expect(url).toMatch(/\/api\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByText('Enlace copiado')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // A calendar program reads it without a session: the same classes and exams as the screen's week.
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = await feed.text();
  expect(ics).toContain('BEGIN:VTIMEZONE');
  expect(feedStarts(ics, week.desde, week.hasta)).toEqual(mine.map((o) => Date.parse(o.inicio)).sort((a, b) => a - b));

  // A phone: a list by day, today first (on a Sunday, outside Monday to Saturday, the week starts on Monday).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const list = page.getByTestId('day-list');
  await expect(list).toBeVisible();
  const sunday = new Date(`${week.today}T12:00:00Z`).getUTCDay() === 0;
  await expect(list.getByRole('heading', { level: 2 }).first()).toHaveText(sunday ? /^Lunes/ : /^Hoy, /);
  await shot(page, 'horario-telefono');
  // The grid and the page fit the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
