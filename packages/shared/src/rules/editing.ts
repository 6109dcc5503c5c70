import { EstadoPublicacion } from '../enums.js';

/** What decides whether the figures and the planning of a subject-period may still change (DOMAIN.md 5). */
export interface EditingState {
  /** The user manages it (staff) or teaches it (head or auxiliary professor). */
  gestiona: boolean;
  estado: EstadoPublicacion;
  finCalificarTareas: string | Date;
  finEditarPlaneamiento: string | Date;
}

const before = (now: Date, limit: string | Date) => now.getTime() < new Date(limit).getTime();

/** `canEditTask` (and attendance `canEdit`): Preliminar and before the period's `finCalificarTareas`. */
export function canEditTask(s: EditingState, now: Date): boolean {
  return s.gestiona && s.estado === EstadoPublicacion.Preliminar && before(now, s.finCalificarTareas);
}

/** `canEditarPlaneamiento`: not Sellado and before the period's `finEditarPlaneamiento`. */
export function canEditarPlaneamiento(s: EditingState, now: Date): boolean {
  return s.gestiona && s.estado !== EstadoPublicacion.Sellado && before(now, s.finEditarPlaneamiento);
}
