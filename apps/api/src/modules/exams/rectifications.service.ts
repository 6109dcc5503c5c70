import { createHash, randomBytes } from 'node:crypto';
import {
  CALIFICACION_LABELS,
  computeCalificacion,
  EstadoExamen,
  misplacedTest,
  MSG_EXAMENES,
  type FigurasActa,
  type Rectificacion,
  type RectificacionSave,
  type RectificacionVerificacion,
} from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { AppError, refusalOf } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import { reissueChanged } from '../certificates/certificates.service.js';
import { getSettings } from '../settings/settings.service.js';
import * as exams from './exams.repository.js';
import { instanciaOf, loadFor } from './exams.service.js';
import * as repo from './rectifications.repository.js';

const FIGURES = ['porcentajeAsistencia', 'porcentajePP', 'porcentajePF', 'porcentajePC'] as const;

const figurasOf = (f: repo.Figuras): FigurasActa => ({
  ...f,
  calificacionLetras: CALIFICACION_LABELS[f.calificacion] ?? '',
});

function toRectificacion(r: repo.RectificacionDb): Rectificacion {
  return { ...r, instancia: instanciaOf(r.instancia), anterior: figurasOf(r.anterior), nuevo: figurasOf(r.nuevo) };
}

/** The code printed on the acta rectificativa: unguessable, short enough to type from paper. */
function rectificationCode(examenId: number, inscripcionId: number, nuevo: repo.Figuras, motivo: string): string {
  const content = JSON.stringify({ examenId, inscripcionId, nuevo, motivo, at: new Date().toISOString() });
  return createHash('sha256').update(content).update(randomBytes(16)).digest('hex').slice(0, 12).toUpperCase();
}

/**
 * 'Rectificar acta' (issue 30): a student's new figures on a sealed exam, graded by the same rule as any score,
 * sealed at once as 'R-{nroActa}-{n}'. The original row is never touched; the database keeps what it replaced.
 */
export async function rectificar(db: Db, user: AuthUser, examenId: number, input: RectificacionSave) {
  const settings = await getSettings(db);
  try {
    const id = await writeTx(db, user.id, async (tx) => {
      // The lock serialises rectifications of one exam, so their numbers follow one another.
      const examen = await exams.findExamen(tx, examenId, true);
      if (!examen) throw AppError.notFound(MSG_EXAMENES.notFound);
      const row = await exams.findInscripcion(tx, input.inscripcionId);
      if (!row || row.examenId !== examenId) throw AppError.notFound(MSG_EXAMENES.rectificacionAlumno);
      if (examen.estado !== EstadoExamen.Sellado || !examen.codigoVerificacion) {
        throw AppError.badRequest(MSG_EXAMENES.rectificacionSoloSellada);
      }
      const misplaced = misplacedTest(row.instancia, input);
      if (misplaced) throw AppError.badRequest(misplaced.message, { [misplaced.field]: misplaced.message });
      const current = (await repo.lastRectified(tx, row.id, examen.codigoVerificacion)) ?? row;
      const values = Object.fromEntries(
        FIGURES.map((k) => [k, input[k] === undefined ? current[k] : input[k]]),
      ) as Omit<repo.Figuras, 'calificacion'>;
      const calificacion = computeCalificacion({ instancia: row.instancia, ...values }, settings);
      if (FIGURES.every((k) => values[k] === current[k]) && calificacion === current.calificacion) {
        throw AppError.badRequest(MSG_EXAMENES.rectificacionSinCambios);
      }
      const nuevo = { ...values, calificacion };
      const inserted = await repo.insertRectificacion(tx, {
        examenId,
        inscripcionId: row.id,
        usuarioId: user.id,
        motivo: input.motivo,
        codigoVerificacion: rectificationCode(examenId, row.id, nuevo, input.motivo),
        ...nuevo,
      });
      // A certificate's content is frozen (issue 30): one that now says something else is issued again in this
      // transaction, and the old one verifies as 'reemplazado'. Types never issued stay unissued.
      await reissueChanged(tx, user, row.perfilAlumnoId);
      return inserted;
    });
    return toRectificacion((await repo.findRectificacion(db, id))!);
  } catch (err) {
    throw refusalOf(err) ?? err;
  }
}

/** The exam's actas rectificativas, for whoever may see the exam. */
export async function list(db: Db, user: AuthUser, examenId: number): Promise<Rectificacion[]> {
  await loadFor(db, user, examenId);
  return (await repo.listRectificaciones(db, examenId)).map(toRectificacion);
}

/**
 * The public check of an acta rectificativa's code: kept apart from the actas' own so the single verification
 * page (issue 30, certificates) can call both.
 */
export async function verifyRectificacion(db: Db, code: string): Promise<RectificacionVerificacion> {
  const found = await verifyRectificacionIfAny(db, code);
  if (!found) throw AppError.notFound(MSG_EXAMENES.rectificacionDesconocida);
  return found;
}

/** `verifyRectificacion` for the resolvers of /api/verificar: undefined when no rectification has the code. */
export async function verifyRectificacionIfAny(
  db: DbOrTx,
  code: string,
): Promise<RectificacionVerificacion | undefined> {
  if (!/^[0-9A-Fa-f]{12}$/.test(code)) return undefined;
  return repo.findRectificacionByCode(db, code.toUpperCase());
}

// A rectification's row, as the subject-period's rectifications read it.
export type { RectificacionRow } from './rectifications.repository.js';
