import { z } from 'zod';
import { zText } from './text.js';
import { MSG_CERTIFICATES } from '../messages-certificates.js';
import { personaFields, zId } from './common.js';
import { zRectificacionVerificacion } from './exam-rectifications.js';
import { zActaVerificacion } from './exams.js';

export const CERTIFICADO_TIPOS = ['alumno-regular', 'estudios'] as const;
export type CertificadoTipo = (typeof CERTIFICADO_TIPOS)[number];
export const CERTIFICADO_NOMBRES: Record<CertificadoTipo, string> = {
  'alumno-regular': 'Constancia de alumno regular',
  estudios: 'Certificado de estudios',
};

/**
 * POST /api/certificados. A student issues their own (no `perfilAlumnoId`); staff name the student's
 * profile (`perfilAlumnoId`, the id of the student's record), which a student may only give as their own.
 */
export const zCertificadoIssue = z.object({
  tipo: z.enum(CERTIFICADO_TIPOS, { error: MSG_CERTIFICATES.tipoInvalid }),
  perfilAlumnoId: zId.optional(),
});
export type CertificadoIssue = z.infer<typeof zCertificadoIssue>;

/** GET /api/certificados: the caller's own; staff add `?perfilAlumnoId=` for a student's. Newest first. */
export const zCertificadoListQuery = z.object({ perfilAlumnoId: z.coerce.number().int().positive().optional() });
export const zCertificadoListItem = z.object({
  id: z.number().int(),
  codigo: z.string(),
  tipo: z.enum(CERTIFICADO_TIPOS),
  emitido: z.string(),
  digesto: z.string(),
  /** A later certificate of the same type with another content replaced this one. */
  reemplazado: z.boolean(),
});
export type CertificadoListItem = z.infer<typeof zCertificadoListItem>;
export const zCertificadoList = z.array(zCertificadoListItem);
/** What issuing answers: the new certificate's id, verification code and instant. */
export const zCertificadoIssued = zCertificadoListItem.pick({ id: true, codigo: true, emitido: true });
export type CertificadoIssued = z.infer<typeof zCertificadoIssued>;

const zMembreteTexto = z.object({ universidad: z.string(), facultad: z.string(), decano: z.string() });
const zCertificadoAlumno = z.object({
  ...personaFields,
  numeroLegajo: z.number().int(),
  carrera: z.string(),
  malla: z.string(),
  /**
   * The student's `genero` at issue (0 not recorded, 1 masculino, 2 femenino): the certificate says 'alumna',
   * 'alumno' or neutral words by it (issue 44). Absent from contents frozen before, which keep 'alumno'.
   */
  genero: z.number().int().optional(),
});

/**
 * What a certificate certifies, frozen at issue: the PDF prints exactly this, and its JSON text is what
 * the SHA-256 digest covers.
 */
export const zCertificadoContenido = z.discriminatedUnion('tipo', [
  z.object({
    tipo: z.literal('alumno-regular'),
    membrete: zMembreteTexto,
    alumno: zCertificadoAlumno,
    periodo: z.string(),
    materias: z.array(z.object({ codigo: z.string(), materia: z.string(), seccion: z.string() })),
  }),
  z.object({
    tipo: z.literal('estudios'),
    membrete: zMembreteTexto,
    alumno: zCertificadoAlumno,
    materias: z.array(
      z.object({
        codigo: z.string(),
        materia: z.string(),
        calificacion: z.number().int(),
        calificacionLetras: z.string(),
        fechaExamen: z.string().nullable(),
        nroActa: z.string().nullable(),
      }),
    ),
    aprobadas: z.number().int(),
    materiasMalla: z.number().int(),
    /** Passed subjects of the malla over its subjects, one decimal. */
    porcentajeMalla: z.number(),
    /** Mean of the passing grades, two decimals; null when none. */
    promedio: z.number().nullable(),
  }),
]);
export type CertificadoContenido = z.infer<typeof zCertificadoContenido>;

/** The public verification of a certificate: who and what, never a grade. */
export const zCertificadoVerificacion = z.object({
  codigo: z.string(),
  tipo: z.enum(CERTIFICADO_TIPOS),
  nombre: z.string(),
  alumno: z.string(),
  /** The document number with all but its first two and last digits hidden: '4.8**.**0'. */
  documento: z.string(),
  emitido: z.string(),
  digesto: z.string(),
  vigente: z.boolean(),
  reemplazado: z.object({ emitido: z.string() }).nullable(),
});
export type CertificadoVerificacion = z.infer<typeof zCertificadoVerificacion>;

/**
 * GET /api/verificar/{codigo}: one answer for every document Arandu issues, told apart by `tipo`. Each kind
 * of document adds its variant here and a resolver in the API's verification module.
 */
export const zVerificacion = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('acta'), acta: zActaVerificacion }),
  z.object({ tipo: z.literal('certificado'), certificado: zCertificadoVerificacion }),
  z.object({ tipo: z.literal('rectificacion'), rectificacion: zRectificacionVerificacion }),
]);
export type Verificacion = z.infer<typeof zVerificacion>;
export const zVerificarParams = z.object({ codigo: zText().trim().min(1).max(64) });
