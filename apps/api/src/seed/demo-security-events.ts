import type { FactorKind, SecurityEventKind, SignInMethod } from '@arandu/shared';
import type { Tx } from '../db/client.js';
import { eventosSeguridad } from '../db/schema/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const BROWSERS = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
} as const;

type Step = {
  /** Days and hours before `now`. */
  ago: number;
  tipo: SecurityEventKind;
  metodo?: SignInMethod;
  factor?: FactorKind;
  browser: keyof typeof BROWSERS;
  /** A campus address or a home one (documentation ranges: these are not anyone's). */
  ip: string;
};

const CAMPUS = '192.0.2.41';
const HOME = '198.51.100.23';
const PHONE = '203.0.113.77';

/**
 * What the demo accounts' 'Seguridad' tab and 'Últimos ingresos' show before anyone signs in (issue 41): a few
 * weeks of sign-ins from the faculty's lab and from home, a mistyped password, a session ended from another
 * device. Fixed steps, no draws, so the rest of the seed is as it was. Only what the seed's accounts really
 * have: no factor events (no demo account has a second factor).
 */
const HISTORY: Record<string, Step[]> = {
  'alumno@demo.edu.py': [
    { ago: 20 * DAY + 9 * HOUR, tipo: 'ingreso', metodo: 'contrasena', browser: 'windows', ip: CAMPUS },
    { ago: 9 * DAY + 21 * HOUR, tipo: 'ingreso_fallido', browser: 'android', ip: PHONE },
    { ago: 9 * DAY + 21 * HOUR - 60_000, tipo: 'ingreso', metodo: 'contrasena', browser: 'android', ip: PHONE },
    { ago: 2 * DAY + 14 * HOUR, tipo: 'ingreso', metodo: 'contrasena', browser: 'windows', ip: CAMPUS },
    { ago: 2 * DAY + 12 * HOUR, tipo: 'sesion_cerrada', browser: 'windows', ip: CAMPUS },
  ],
  'profesor@demo.edu.py': [
    { ago: 14 * DAY + 7 * HOUR, tipo: 'ingreso', metodo: 'contrasena', browser: 'linux', ip: HOME },
    { ago: 6 * DAY + 8 * HOUR, tipo: 'ingreso', metodo: 'contrasena', browser: 'iphone', ip: PHONE },
    { ago: 1 * DAY + 18 * HOUR, tipo: 'ingreso', metodo: 'contrasena', browser: 'linux', ip: CAMPUS },
  ],
  'funcionario@demo.edu.py': [
    { ago: 12 * DAY + 8 * HOUR, tipo: 'ingreso', metodo: 'contrasena', browser: 'windows', ip: CAMPUS },
    { ago: 3 * DAY + 8 * HOUR, tipo: 'ingreso', metodo: 'contrasena', browser: 'windows', ip: CAMPUS },
  ],
  'admin@demo.edu.py': [
    { ago: 5 * DAY + 10 * HOUR, tipo: 'ingreso', metodo: 'contrasena', browser: 'windows', ip: CAMPUS },
  ],
};

/** Inserts the demo's identity history, dated back from `now`, in the seed's transaction. */
export async function insertDemoSecurityEvents(tx: Tx, idByEmail: (email: string) => number, now: Date) {
  const values = Object.entries(HISTORY).flatMap(([email, steps]) =>
    steps.map((s) => ({
      usuarioId: idByEmail(email),
      tipo: s.tipo,
      metodo: s.metodo ?? null,
      factor: s.factor ?? null,
      direccion: s.ip,
      agenteUsuario: BROWSERS[s.browser],
      fecha: new Date(now.getTime() - s.ago).toISOString(),
    })),
  );
  await tx.insert(eventosSeguridad).values(values);
}
