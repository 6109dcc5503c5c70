import { z } from 'zod';
import { MSG_ENTREGAS as E, TIPOS_ENTREGA } from '../messages-hand-ins.js';
import { zId } from './common.js';
import { zText } from './text.js';

export const ENTREGA_MAX_ARCHIVOS = 10;
export const ENTREGA_MAX_MB = 100;
export const ENTREGA_DEFAULT_ARCHIVOS = 3;
export const ENTREGA_DEFAULT_MB = 20;
export const DEVOLUCION_MAX = 4000;

/** An instant with its offset or 'Z' ('2026-11-30T23:59:59-03:00'); read back as ISO in UTC. */
const zInstant = (required: string) =>
  zText({ error: required })
    .trim()
    .min(1, required)
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v),
      E.instanteInvalido,
    )
    .refine((v) => !Number.isNaN(Date.parse(v)), E.instanteInvalido)
    .transform((v) => new Date(v).toISOString());

/**
 * 'Entrega por Arandu' of a homework (issue 46): the deadline, the kinds read from the bytes, the most files
 * and MB per file per student, and until when late work is taken (null: none after the deadline).
 */
export const zEntregaConfig = z
  .strictObject({
    hasta: zInstant(E.hastaRequired),
    tipos: z
      .array(z.enum(TIPOS_ENTREGA, { error: E.tiposRequired }), { error: E.tiposRequired })
      .min(1, E.tiposRequired)
      .max(TIPOS_ENTREGA.length, E.tiposRequired)
      .transform((tipos) => TIPOS_ENTREGA.filter((t) => tipos.includes(t))),
    maxArchivos: z
      .number({ error: E.maxArchivosInvalid })
      .int(E.maxArchivosInvalid)
      .min(1, E.maxArchivosInvalid)
      .max(ENTREGA_MAX_ARCHIVOS, E.maxArchivosInvalid)
      .default(ENTREGA_DEFAULT_ARCHIVOS),
    maxMB: z
      .number({ error: E.maxMBInvalid })
      .int(E.maxMBInvalid)
      .min(1, E.maxMBInvalid)
      .max(ENTREGA_MAX_MB, E.maxMBInvalid)
      .default(ENTREGA_DEFAULT_MB),
    atrasoHasta: zInstant(E.instanteInvalido).nullable().default(null),
  })
  .refine((v) => v.atrasoHasta === null || v.atrasoHasta > v.hasta, {
    message: E.atrasoAntesDeCierre,
    path: ['atrasoHasta'],
  });
export type EntregaConfigInput = z.input<typeof zEntregaConfig>;

/** The settings as a homework's reads return them. */
export const zEntregaConfigReply = z.object({
  hasta: z.string(),
  tipos: z.array(z.enum(TIPOS_ENTREGA)),
  maxArchivos: z.number().int(),
  maxMB: z.number().int(),
  atrasoHasta: z.string().nullable(),
});
export type EntregaConfig = z.infer<typeof zEntregaConfigReply>;

export const zArchivoEntregado = z.object({
  id: z.number().int(),
  nombre: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
});
export type ArchivoEntregado = z.infer<typeof zArchivoEntregado>;

/** The receipt: the version that counts, its time, late or not, and each file's name, size and SHA-256. */
export const zEntregaRecibo = z.object({
  entregaId: z.number().int(),
  fecha: z.string(),
  atrasada: z.boolean(),
  archivos: z.array(zArchivoEntregado),
});
export type EntregaRecibo = z.infer<typeof zEntregaRecibo>;

export const zEntregaVersion = z.object({
  numero: z.number().int(),
  fecha: z.string(),
  atrasada: z.boolean(),
  subidaPor: z.string(),
  archivos: z.array(zArchivoEntregado),
});

/** The student's own hand-in of a homework, with the feedback and score once published. */
export const zMiEntrega = z.object({
  tareaId: z.number().int(),
  descripcion: z.string(),
  entrega: zEntregaConfigReply,
  /** Whether an upload is taken now, and whether it would count as late. */
  abierta: z.boolean(),
  conAtraso: z.boolean(),
  recibo: zEntregaRecibo.nullable(),
  /** Every upload, newest first; the first one is the receipt's. */
  versiones: z.array(zEntregaVersion),
  devolucionesPublicadas: z.boolean(),
  devolucion: z.string().nullable(),
  /** The file the professor gave back, once published. */
  devolucionArchivo: zArchivoEntregado.nullable(),
  puntaje: z.number().nullable(),
  puntajeTotal: z.number(),
});
export type MiEntrega = z.infer<typeof zMiEntrega>;

export const zEntregaAlumno = z.object({
  inscripcionMateriaId: z.number().int(),
  nombre: z.string(),
  apellido: z.string(),
  numeroDocumento: z.string(),
});

/** A row of the professor's list: every enrolled student, handed in or not. */
export const zEntregaFila = z.object({
  perfilAlumnoId: z.number().int(),
  alumno: zEntregaAlumno,
  fecha: z.string().nullable(),
  atrasada: z.boolean().nullable(),
  archivos: z.array(zArchivoEntregado),
  devolucion: z.string().nullable(),
  devolucionArchivo: zArchivoEntregado.nullable(),
  puntaje: z.number().nullable(),
});
export type EntregaFila = z.infer<typeof zEntregaFila>;
export const zEntregaLista = z.array(zEntregaFila);

export const zEntregaParams = z.object({ id: zId, perfilAlumnoId: zId });

export const zDevolucionSave = z.strictObject({
  texto: zText({ error: E.devolucionTooLong }).trim().max(DEVOLUCION_MAX, E.devolucionTooLong),
});

export const zDevolucionReply = z.object({ devolucion: z.string().nullable() });

/** The file given back with the feedback, after it is saved (null once removed). */
export const zDevolucionArchivoReply = z.object({ devolucionArchivo: zArchivoEntregado.nullable() });

export const zPublicarDevolucionesReply = z.object({ devolucionesPublicadasEn: z.string() });

/**
 * A homework handed in through Arandu that the student may still hand in, due soon, for the dashboard:
 * its subject, the deadline (and late window), and the hand-in that counts when there is one.
 */
export const zEntregaProxima = z.object({
  tareaId: z.number().int(),
  materiaPeriodoId: z.number().int(),
  materia: z.string(),
  descripcion: z.string(),
  hasta: z.string(),
  atrasoHasta: z.string().nullable(),
  entregada: z.object({ fecha: z.string(), atrasada: z.boolean() }).nullable(),
});
export type EntregaProxima = z.infer<typeof zEntregaProxima>;
export const zEntregasProximas = z.array(zEntregaProxima);

/** How far ahead the dashboard looks for deadlines (days). */
export const ENTREGAS_PROXIMAS_DIAS = 14;
