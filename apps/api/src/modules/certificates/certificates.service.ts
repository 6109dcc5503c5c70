import { createHash, randomBytes } from 'node:crypto';
import {
  can,
  CERTIFICADO_NOMBRES,
  CERTIFICADO_TIPOS,
  maskDocumento,
  MSG_CERTIFICATES,
  zCertificadoContenido,
  type CertificadoIssue,
  type CertificadoIssued,
  type CertificadoListItem,
  type CertificadoTipo,
  type CertificadoVerificacion,
} from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { writeTx, type WriteTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { ownPerfilAlumnoId, requirePerfilAlumno } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { findAlumno } from '../reports/reports.service.js';
import { logoPng } from '../settings/configuration.service.js';
import { contentOf } from './certificates.content.js';
import { renderCertificadoPdf } from './certificates.pdf.js';
import * as repo from './certificates.repository.js';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 80 random bits as 'XXXX-XXXX-XXXX-XXXX': unguessable, and never the 12 hex digits of an acta's code. */
export function newCertificateCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 16; i++) {
    out = ALPHABET[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return out.match(/.{4}/g)!.join('-');
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The student profile the call is about: the one named (checked: someone else's is 404 for a student), else one's own. */
async function alumnoOf(db: DbOrTx, user: AuthUser, perfilAlumnoId: number | undefined): Promise<number> {
  const id = perfilAlumnoId ?? (await ownPerfilAlumnoId(db, user, 'reports:own-status'));
  if (id === undefined) throw AppError.notFound(MSG_CERTIFICATES.studentNotFound);
  await requirePerfilAlumno(db, user, id, {
    any: 'reports:any',
    notFound: MSG_CERTIFICATES.studentNotFound,
    load: findAlumno,
  });
  return id;
}

/**
 * Issues one certificate in a transaction that holds the student's lock for its type: the content is read
 * and frozen (its JSON text and SHA-256), and when it differs from the latest certificate of the type, the
 * new one names it as replaced. The insert is audited by the table's trigger.
 */
async function issueFor(
  tx: WriteTx,
  user: AuthUser,
  perfilAlumnoId: number,
  tipo: CertificadoTipo,
  onlyIfChanged: boolean,
): Promise<CertificadoIssued | undefined> {
  const latest = await repo.latestLocked(tx, perfilAlumnoId, tipo);
  const contenido = JSON.stringify(await contentOf(tx, user, perfilAlumnoId, tipo));
  const digesto = sha256(contenido);
  const changed = !latest || latest.digesto !== digesto;
  if (onlyIfChanged && (!latest || !changed)) return undefined;
  return repo.insertCertificado(tx, {
    codigo: newCertificateCode(),
    tipo,
    perfilAlumnoId,
    emitidoPor: user.id,
    contenido,
    digesto,
    reemplazaId: latest && changed ? latest.id : null,
  });
}

/** POST /api/certificados. */
export async function issue(db: DbOrTx, user: AuthUser, input: CertificadoIssue): Promise<CertificadoIssued> {
  const perfilAlumnoId = await alumnoOf(db, user, input.perfilAlumnoId);
  const issued = await writeTx(db, user.id, (tx) => issueFor(tx, user, perfilAlumnoId, input.tipo, false));
  return issued!;
}

/**
 * For a change to a student's record that certificates already issued speak of (a rectified grade): within
 * the caller's transaction, each type already issued whose content now differs is issued again, replacing
 * the old one, which then verifies as 'reemplazado'. `user` needs 'reports:any' (staff).
 */
export async function reissueChanged(
  tx: WriteTx,
  user: AuthUser,
  perfilAlumnoId: number,
): Promise<CertificadoIssued[]> {
  const issued: CertificadoIssued[] = [];
  for (const tipo of CERTIFICADO_TIPOS) {
    try {
      const one = await issueFor(tx, user, perfilAlumnoId, tipo, true);
      if (one) issued.push(one);
    } catch (err) {
      // A constancia of a student no longer enrolled is not issued again; the old one keeps its period.
      if (!(err instanceof AppError) || err.message !== MSG_CERTIFICATES.notEnrolled) throw err;
    }
  }
  return issued;
}

/** GET /api/certificados: one's own, or (staff) a student's. */
export async function list(db: DbOrTx, user: AuthUser, perfilAlumnoId?: number): Promise<CertificadoListItem[]> {
  return repo.listCertificados(db, await alumnoOf(db, user, perfilAlumnoId));
}

async function readable(db: DbOrTx, user: AuthUser, id: number): Promise<repo.CertificadoDb> {
  const found = await repo.findCertificado(db, id);
  if (!found || (!can(user, 'reports:any') && found.usuarioId !== user.id)) {
    throw AppError.notFound(MSG_CERTIFICATES.notFound);
  }
  return found;
}

/** GET /api/certificados/{id}/pdf: the PDF of the frozen content, made here on each request. */
export async function pdf(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  webBase: string,
): Promise<{ codigo: string; tipo: CertificadoTipo; data: Buffer }> {
  const c = await readable(db, user, id);
  const data = await renderCertificadoPdf({
    codigo: c.codigo,
    emitido: c.emitido,
    digesto: c.digesto,
    contenido: zCertificadoContenido.parse(JSON.parse(c.contenido)),
    verificationUrl: `${webBase}/verificar/${c.codigo}`,
    logo: await logoPng(db),
  });
  return { codigo: c.codigo, tipo: c.tipo, data };
}

/** The public face of a certificate (verification resolver): who and what, never a grade. */
export async function verifyCertificado(db: DbOrTx, codigo: string): Promise<CertificadoVerificacion | undefined> {
  const normalised = codigo.trim().toUpperCase();
  if (!/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/.test(normalised)) return undefined;
  const c = await repo.findCertificadoByCodigo(db, normalised);
  if (!c) return undefined;
  const { alumno } = zCertificadoContenido.parse(JSON.parse(c.contenido));
  return {
    codigo: c.codigo,
    tipo: c.tipo,
    nombre: CERTIFICADO_NOMBRES[c.tipo],
    alumno: `${alumno.nombre} ${alumno.apellido}`,
    documento: maskDocumento(alumno.numeroDocumento),
    emitido: c.emitido,
    digesto: c.digesto,
    vigente: c.reemplazadoEmitido === null,
    reemplazado: c.reemplazadoEmitido === null ? null : { emitido: c.reemplazadoEmitido },
  };
}
