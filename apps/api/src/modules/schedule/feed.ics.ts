import { createHash } from 'node:crypto';
import { asuncionInstant, asuncionIso, classWeeks, FACULTY_TIME_ZONE } from '@arandu/shared';
import ICAL from 'ical.js';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { UID, type Guardado } from './schedule.repository.js';
import { finExamen, type Fuentes } from './schedule.service.js';

/*
 * The feed as RFC 5545 components built with ical.js (docs/decisions/029-calendar-feed.md): its serializer
 * escapes the texts, folds the lines and writes each date as its property needs (DTSTAMP and UNTIL in UTC,
 * DTSTART, DTEND and EXDATE in Asunción's wall-clock time with their TZID).
 */

/** One event of a feed, as written, before its SEQUENCE is known. */
export interface FeedEvent {
  uid: string;
  summary: string;
  start: Date;
  end: Date;
  location: string | null;
  description: string;
  /** Weekly until this instant, without the instants of `exclude` (a class); none for an exam. */
  weekly?: { until: Date; exclude: Date[] };
  /** SHA-256 of all of the above: a change raises the SEQUENCE (feed-links.repository.ts). */
  digesto: string;
  /** The digest and SEQUENCE stored for the UID when a feed last carried it (none yet: nulls). */
  guardado: Guardado;
}

type Contenido = Omit<FeedEvent, 'digesto' | 'guardado'>;
const digest = (e: Contenido) => createHash('sha256').update(JSON.stringify(e)).digest('hex');

/** Stable UIDs: one per class row and per exam, whatever feed carries them. */
export const claseUid = (horarioId: number) => `${UID.clase}${horarioId}${UID.dominio}`;
export const examenUid = (examenId: number) => `${UID.examen}${examenId}${UID.dominio}`;

const guardadoOf = (row: Partial<Guardado>): Guardado => ({
  digesto: row.digesto ?? null,
  secuencia: row.secuencia ?? null,
});

/**
 * The events of the sources: each class row as a weekly event over its period, each exam as a single one.
 * Rows read with their stored state (`fuentesDelCalendario`) carry it on to the event.
 */
export function feedEvents({
  clases,
  examenes,
}: {
  clases: readonly (Fuentes['clases'][number] & Partial<Guardado>)[];
  examenes: readonly (Fuentes['examenes'][number] & Partial<Guardado>)[];
}): FeedEvent[] {
  const out: FeedEvent[] = [];
  for (const c of clases) {
    const weeks = classWeeks(c);
    if (!weeks) continue;
    const event: Contenido = {
      uid: claseUid(c.horarioId),
      summary: `${c.materia} (${c.seccion})`,
      start: asuncionInstant(weeks.primera, c.horaInicio),
      end: asuncionInstant(weeks.primera, c.horaFin),
      location: c.aula,
      description: `Sección ${c.seccion}. Profesor: ${c.profesor}`,
      weekly: {
        until: asuncionInstant(weeks.ultima, c.horaInicio),
        exclude: weeks.excepciones.map((d) => asuncionInstant(d, c.horaInicio)),
      },
    };
    out.push({ ...event, digesto: digest(event), guardado: guardadoOf(c) });
  }
  for (const e of examenes) {
    const event: Contenido = {
      uid: examenUid(e.examenId),
      summary: `Examen: ${e.materia} (${e.seccion})`,
      start: new Date(e.fechaMs),
      end: finExamen(e.fechaMs),
      location: e.aula,
      description: `Sección ${e.seccion}. Profesor: ${e.profesor ?? 'sin asignar'}`,
    };
    out.push({ ...event, digesto: digest(event), guardado: guardadoOf(e) });
  }
  return out;
}

/** The faculty zone's VTIMEZONE from current tzdata (fixed -03 since October 2024). */
const VTIMEZONE = tzlib_get_ical_block(FACULTY_TIME_ZONE)[0]!;
const vtimezone = () => new ICAL.Component(ICAL.parse(VTIMEZONE) as unknown[]);

/** The instant as Asunción's wall-clock time, for a property that carries TZID. */
const local = (instant: Date) => ICAL.Time.fromDateTimeString(asuncionIso(instant).slice(0, 19));
const utc = (instant: Date) => ICAL.Time.fromJSDate(instant, true);

function zoned(name: string, values: Date[]): ICAL.Property {
  const property = new ICAL.Property(name);
  property.setParameter('tzid', FACULTY_TIME_ZONE);
  if (values.length === 1) property.setValue(local(values[0]!));
  else property.setValues(values.map(local));
  return property;
}

/** The feed (RFC 5545) with each event's SEQUENCE. */
export function renderFeed(
  events: readonly FeedEvent[],
  sequences: Map<string, number>,
  name: string,
  now: Date = new Date(),
): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Arandu//Mi horario//ES');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', name);
  calendar.addPropertyWithValue('x-wr-timezone', FACULTY_TIME_ZONE);
  calendar.addSubcomponent(vtimezone());
  for (const e of events) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', e.uid);
    event.addPropertyWithValue('dtstamp', utc(now));
    event.addPropertyWithValue('sequence', sequences.get(e.uid) ?? 0);
    event.addProperty(zoned('dtstart', [e.start]));
    event.addProperty(zoned('dtend', [e.end]));
    if (e.weekly) {
      event.addPropertyWithValue('rrule', ICAL.Recur.fromData({ freq: 'WEEKLY', until: utc(e.weekly.until) }));
      if (e.weekly.exclude.length > 0) event.addProperty(zoned('exdate', e.weekly.exclude));
    }
    event.addPropertyWithValue('summary', e.summary);
    if (e.location) event.addPropertyWithValue('location', e.location);
    event.addPropertyWithValue('description', e.description);
    calendar.addSubcomponent(event);
  }
  return calendar.toString();
}
