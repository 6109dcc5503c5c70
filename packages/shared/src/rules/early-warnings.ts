import { bestAttendance } from './attendance.js';

/** The causes of an early warning (issue 30), as the API names them. */
export const CAUSAS_ALERTA = ['asistencia-inalcanzable', 'ausencias-consecutivas', 'pp-bajo'] as const;
export type CausaAlerta = (typeof CAUSAS_ALERTA)[number];

export const CAUSA_ALERTA_LABEL: Record<CausaAlerta, string> = {
  'asistencia-inalcanzable': 'Asistencia mínima inalcanzable',
  'ausencias-consecutivas': 'Ausencias consecutivas',
  'pp-bajo': 'PP bajo el mínimo',
};

/** Attendance is judged from the third session taken, PP from the second homework scored. */
export const ALERTA_MIN_SESIONES = 3;
export const ALERTA_MIN_TAREAS = 2;
export const ALERTA_AUSENCIAS_SEGUIDAS = 3;

export interface AlumnoStanding {
  /** The subject-period's sessions taken so far, in date order, with this student's mark (null: not taken). */
  marcas: { fecha: string; presente: boolean | null }[];
  /** Sessions of the planning's dated schedule (0 without planning). */
  sesionesPlanificadas: number;
  /** The hand-entered % Asistencia (`editarAsistencias`), or null. */
  asistenciaManual: number | null;
  /** Homework of the subject-period (planned), and this student's scored ones. */
  tareasPlanificadas: number;
  calificadas: { puntaje: number; total: number; peso: number }[];
  usaPesos: boolean;
  minAsistenciaExamen: number;
  minPPFinal: number;
}

export interface AlertaHallada {
  causa: CausaAlerta;
  detalle: string;
}

const pct = (n: number) => `${(Math.round(n * 10) / 10).toLocaleString('es-PY')} %`;
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

/** The warnings a student's figures give today; the job stores each one once (issue 30). */
export function earlyWarnings(s: AlumnoStanding): AlertaHallada[] {
  return [unreachableAttendance(s), consecutiveAbsences(s), lowPP(s)].filter((a): a is AlertaHallada => a !== null);
}

/** The exam minimum is out of reach even if every planned session still ahead is attended (the attendance tab's projection). */
function unreachableAttendance(s: AlumnoStanding): AlertaHallada | null {
  const tomadas = s.marcas.length;
  if (tomadas < ALERTA_MIN_SESIONES) return null;
  const presentes = s.marcas.filter((m) => m.presente === true).length;
  const best = bestAttendance({
    presentes,
    tomadas,
    planificadas: s.sesionesPlanificadas,
    manual: s.asistenciaManual,
  });
  if (best === null || best >= s.minAsistenciaExamen) return null;
  const total = Math.max(s.sesionesPlanificadas, tomadas);
  return {
    causa: 'asistencia-inalcanzable',
    detalle:
      `Asistencia máxima alcanzable ${pct(best)} (mínimo para examen ${pct(s.minAsistenciaExamen)}): ` +
      `${tomadas - presentes} ausencias en ${tomadas} clases de ${total} planificadas.`,
  };
}

/** Three absences in a row; a session not taken for the student breaks the run (nothing is known of it). */
function consecutiveAbsences(s: AlumnoStanding): AlertaHallada | null {
  if (s.marcas.length < ALERTA_MIN_SESIONES) return null;
  let run: string[] = [];
  let longest: string[] = [];
  for (const m of s.marcas) {
    run = m.presente === false ? [...run, m.fecha] : [];
    if (run.length > longest.length) longest = run;
  }
  if (longest.length < ALERTA_AUSENCIAS_SEGUIDAS) return null;
  return {
    causa: 'ausencias-consecutivas',
    detalle: `${longest.length} ausencias seguidas, del ${ddmmyyyy(longest[0]!)} al ${ddmmyyyy(longest.at(-1)!)}.`,
  };
}

/**
 * PP of the homework scored so far under the minimum for the final exam, once at least half the planned homework
 * (and two) is scored: the stored % PP counts a homework not yet scored as 0, which says nothing mid-term.
 */
function lowPP(s: AlumnoStanding): AlertaHallada | null {
  const n = s.calificadas.length;
  if (n < ALERTA_MIN_TAREAS || n * 2 < s.tareasPlanificadas) return null;
  const pp = ppSoFar(s);
  if (pp === null || pp >= s.minPPFinal) return null;
  return {
    causa: 'pp-bajo',
    detalle: `PP de las tareas calificadas ${pct(pp)} (mínimo ${pct(s.minPPFinal)}): ${n} de ${s.tareasPlanificadas} tareas calificadas.`,
  };
}

/** The DOMAIN.md section 5 formula over the scored homework only. */
function ppSoFar(s: AlumnoStanding): number | null {
  const weights = s.calificadas.reduce((sum, t) => sum + t.peso, 0);
  if (s.usaPesos && weights > 0) {
    return (s.calificadas.reduce((sum, t) => sum + (t.puntaje / t.total) * t.peso, 0) / weights) * 100;
  }
  const totals = s.calificadas.reduce((sum, t) => sum + t.total, 0);
  if (totals === 0) return null;
  return (s.calificadas.reduce((sum, t) => sum + t.puntaje, 0) / totals) * 100;
}
