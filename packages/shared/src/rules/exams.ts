import { EstadoExamen, EstadoPublicacion, InstanciaExamen } from '../enums.js';
import { MSG_EXAMENES } from '../messages-exams.js';
import type { Settings } from '../settings.js';
import { correlativaPendiente } from './correlatives.js';

/** The figures of DOMAIN.md section 6 that grade and admit (a subset of the settings table). */
export type ExamenSettings = Pick<Settings, 'minAsistenciaExamen' | 'minPPFinal' | 'pesoPP' | 'pesoPF' | 'minPF'>;

/** Grade colours of the score list (Mantine colour names): 0 Ausente gray, 1 red, 2 yellow … 5 green. */
export const CALIFICACION_COLORS: Record<number, string> = {
  0: 'gray',
  1: 'red',
  2: 'yellow',
  3: 'teal',
  4: 'blue',
  5: 'green',
};

/** Percent -> grade (DOMAIN.md 6): 0-59 Uno, 60-69 Dos, 70-79 Tres, 80-89 Cuatro, 90-100 Cinco. */
export function gradeOfPercent(percent: number): 1 | 2 | 3 | 4 | 5 {
  // A weighted mark such as 59.6 is rounded half up first: the acta shows whole percentages.
  const p = Math.round(percent);
  if (p >= 90) return 5;
  if (p >= 80) return 4;
  if (p >= 70) return 3;
  if (p >= 60) return 2;
  return 1;
}

export interface CalificacionInput {
  instancia: number;
  porcentajePP: number | null;
  porcentajePF: number | null;
  porcentajePC: number | null;
}

/**
 * The calificación the server records (never typed by the user): 0 Ausente without the decisive test;
 * Final: PF under minPF gives 1, else pesoPP x PP + pesoPF x PF on the scale; Recuperatorio: PC on the scale.
 */
export function computeCalificacion(s: CalificacionInput, cfg: ExamenSettings): number {
  if (s.instancia === InstanciaExamen.Recuperatorio) {
    return s.porcentajePC === null ? 0 : gradeOfPercent(s.porcentajePC);
  }
  if (s.instancia !== InstanciaExamen.Final || s.porcentajePF === null) return 0;
  if (s.porcentajePF < cfg.minPF) return 1;
  return gradeOfPercent(cfg.pesoPP * (s.porcentajePP ?? 0) + cfg.pesoPF * s.porcentajePF);
}

/**
 * The test a row's instance does not sit, when the input gives it a value (issue 30): a % PF for a
 * Recuperatorio or a % PC for a Final would be stored and shown as saved while the grade ignores it. Clearing
 * it (null) or leaving it out is fine. Answers the field and the message of the refusal.
 */
export function misplacedTest(
  instancia: number,
  input: { porcentajePF?: number | null | undefined; porcentajePC?: number | null | undefined },
): { field: 'porcentajePF' | 'porcentajePC'; message: string } | null {
  const given = (v: number | null | undefined) => v !== undefined && v !== null;
  if (instancia === InstanciaExamen.Recuperatorio && given(input.porcentajePF)) {
    return { field: 'porcentajePF', message: MSG_EXAMENES.pfNotForRecuperatorio };
  }
  if (instancia === InstanciaExamen.Final && given(input.porcentajePC)) {
    return { field: 'porcentajePC', message: MSG_EXAMENES.pcNotForFinal };
  }
  return null;
}

/** The test that decides a row's grade: PF for a Final, PC for a Recuperatorio; an Invalido row sits none. */
function decisiveTest(s: CalificacionInput): number | null {
  if (s.instancia === InstanciaExamen.Final) return s.porcentajePF;
  if (s.instancia === InstanciaExamen.Recuperatorio) return s.porcentajePC;
  return null;
}

export interface GradedRow extends CalificacionInput {
  calificacion: number;
}

/**
 * Whether a row's grade is still to come, shown empty ('—') rather than 0 'Ausente' (issue 34). The stored
 * calificación is 0 both for an absent student and for one not yet examined, so the row tells them apart: no
 * grade, no decisive test recorded, and an exam not yet held (its date ahead and not sealed). Once the date has
 * passed or the exam is sealed, a missing test is 'Ausente' (DOMAIN.md 6); a recorded test, even 0 %, is a grade.
 */
export function calificacionPendiente(
  s: GradedRow,
  examen: { estado: number; fecha: string | Date },
  now: Date,
): boolean {
  if (s.calificacion !== 0 || decisiveTest(s) !== null) return false;
  return examen.estado !== EstadoExamen.Sellado && new Date(examen.fecha).getTime() > now.getTime();
}

export interface EligibilityInput {
  porcentajeAsistencia: number | null;
  porcentajePP: number | null;
  estadoMateria: number;
  fechaExpiracion: string | Date | null;
  yaAprobada: boolean;
  fechaLimiteInscripcion: string | Date;
  /** Names of the subject's correlatives not yet passed (issue 29): any blocks the exam. */
  correlativasPendientes?: string[];
}

export interface Eligibility {
  instancia: 0 | 1 | 3;
  motivo: string | null;
  /** Which figure blocks or sends to Recuperatorio: the card shows it in red. */
  causa: 'asistencia' | 'pp' | null;
}

/**
 * Who may sit an exam and in which instance (DOMAIN.md 6), in the order a student would want to be told:
 * the subject's state first, then their own figures, then the calendar.
 */
export function eligibility(e: EligibilityInput, cfg: ExamenSettings, now: Date): Eligibility {
  const blocked = (motivo: string, causa: Eligibility['causa'] = null): Eligibility => ({
    instancia: InstanciaExamen.Invalido,
    motivo,
    causa,
  });
  if (e.yaAprobada) return blocked(MSG_EXAMENES.motivoAprobada);
  if (e.estadoMateria === EstadoPublicacion.Preliminar) return blocked(MSG_EXAMENES.motivoNoPublicada);
  if (e.correlativasPendientes?.length) {
    return blocked(e.correlativasPendientes.map((m) => correlativaPendiente(m, 'aprobada')).join('; '));
  }
  if (e.fechaExpiracion && new Date(e.fechaExpiracion).getTime() < now.getTime()) {
    return blocked(MSG_EXAMENES.motivoExpirada);
  }
  if ((e.porcentajeAsistencia ?? 0) < cfg.minAsistenciaExamen) {
    return blocked(`${MSG_EXAMENES.motivoAsistencia} (mínimo ${cfg.minAsistenciaExamen}%)`, 'asistencia');
  }
  if (new Date(e.fechaLimiteInscripcion).getTime() < now.getTime()) return blocked(MSG_EXAMENES.motivoFechaLimite);
  if ((e.porcentajePP ?? 0) < cfg.minPPFinal) {
    return { instancia: InstanciaExamen.Recuperatorio, motivo: null, causa: 'pp' };
  }
  return { instancia: InstanciaExamen.Final, motivo: null, causa: null };
}

/** Delete, edit and add students only while Activo (spec 02 section 4). */
export const examenEditable = (estado: number) => estado === EstadoExamen.Activo;
/** Scores may still be fixed while the exam is not sealed (an inconsistent row is corrected in place). */
export const examenScorable = (estado: number) => estado !== EstadoExamen.Sellado;

/**
 * Whether the exam has been held: scores and sealing are refused before its date and time (issue 30), so no
 * grade is recorded for an exam that has not taken place.
 */
export const examenHeld = (fecha: string | Date, now: Date) => new Date(fecha).getTime() <= now.getTime();

/** 'Activo expirado': the exam date is past and it is not sealed (spec 02 section 4). */
export function isActivoExpirado(estado: number, fecha: string | Date, now: Date): boolean {
  return estado !== EstadoExamen.Sellado && new Date(fecha).getTime() < now.getTime();
}
