import { MSG_CERTIFICATES, type Verificacion } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { verifyCertificado } from '../certificates/certificates.service.js';
import { verifyActaIfAny } from '../exams/exams.service.js';
import { verifyRectificacionIfAny } from '../exams/rectifications.service.js';
import { hit } from '../throttle/throttle.service.js';

/** One kind of document's lookup: its public summary for the code, or undefined when the code is not one of its. */
export type VerificationResolver = (db: DbOrTx, codigo: string) => Promise<Verificacion | undefined>;

/**
 * Every document Arandu issues, one resolver each, tried in order. A new kind of document adds its resolver
 * here and its variant to `zVerificacion`.
 */
export const RESOLVERS: readonly VerificationResolver[] = [
  async (db, codigo) => {
    const acta = await verifyActaIfAny(db, codigo);
    return acta && { tipo: 'acta', acta };
  },
  async (db, codigo) => {
    const certificado = await verifyCertificado(db, codigo);
    return certificado && { tipo: 'certificado', certificado };
  },
  // An acta rectificativa prints its own code and QR (issue 43: it answered 404 here).
  async (db, codigo) => {
    const rectificacion = await verifyRectificacionIfAny(db, codigo);
    return rectificacion && { tipo: 'rectificacion', rectificacion };
  },
];

/** Lookups a minute one address may make: far more than a person checks, far too few to walk the codes. */
export const VERIFICATIONS_PER_MINUTE = 30;

/** Counts a lookup for the address; 429 past the limit. Known and unknown codes count alike. */
export async function throttleVerification(db: DbOrTx, ip: string): Promise<void> {
  if ((await hit(db, `verificar:ip:${ip}`, 60)) > VERIFICATIONS_PER_MINUTE) {
    throw AppError.tooManyRequests(MSG_CERTIFICATES.verifyThrottled);
  }
}

/** GET /api/verificar/{codigo}: the first resolver that knows the code, else 404. */
export async function verify(db: DbOrTx, codigo: string, ip: string): Promise<Verificacion> {
  await throttleVerification(db, ip);
  for (const resolve of RESOLVERS) {
    const found = await resolve(db, codigo.trim());
    if (found) return found;
  }
  throw AppError.notFound(MSG_CERTIFICATES.verifyUnknown);
}
