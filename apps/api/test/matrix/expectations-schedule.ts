import { PUBLIC, type Rule } from './rule-kit.js';

/**
 * 'Mi horario' and the calendar feed (issue 45). Every role reaches its own week; staff any student's, professor's
 * or room's. The range (`?desde=&hasta=`) is validated before the object is looked up, so the matrix's call
 * without one answers 400 where another's would answer 404 (schedule.test.ts covers those 404s).
 */
export const SCHEDULE_ROUTES: Record<string, Rule> = {
  'GET /api/horario/mio': { allow: 'signed-in' },
  'GET /api/horario/:titular/:id': {
    allow: 'signed-in',
    ownOnly: ['profesor', 'alumno'],
    params: { titular: 'horarioTitular', id: 'perfil' },
    bodyFirst: true,
  },
  'GET /api/calendario/enlace': { allow: 'signed-in' },
  'POST /api/calendario/enlace': { allow: 'signed-in' },
  // the private feed: no session, the token is the access; an unknown one is 404
  'GET /api/calendario/:archivo': { ...PUBLIC, params: { archivo: 'missing' } },
};
