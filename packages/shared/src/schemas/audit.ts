import { z } from 'zod';
import { zText } from './text.js';
import { TipoAuditoria } from '../enums.js';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';

/**
 * The audit type as the list filter sends it (spec 03 section 7: "tipo sent as its value, 0 when none"),
 * and what the row holds for it: the operation the trigger writes, or a refused attempt the API writes.
 */
export const AUDIT_TYPES = [
  { value: 1, label: 'Creación', tipo: TipoAuditoria.Insert },
  { value: 2, label: 'Modificación', tipo: TipoAuditoria.Update },
  { value: 3, label: 'Eliminación', tipo: TipoAuditoria.Delete },
  { value: 4, label: 'Denegación', tipo: TipoAuditoria.Denied },
  { value: 5, label: 'Contraseña temporal mostrada', tipo: TipoAuditoria.Shown },
] as const;

const zDay = z.iso.date({ error: 'La fecha no es válida' });

export const zAuditFilters = z
  .strictObject({
    /** 0 (or absent): every type. */
    tipo: z.number().int().min(0).max(AUDIT_TYPES.length).optional(),
    /** Who made the change: name, surname or e-mail, accent- and case-insensitive. */
    usuario: zSearchText.optional(),
    tabla: zText().trim().max(64, 'Admite hasta 64 caracteres').optional(),
    /** Calendar days in America/Asuncion, both included. */
    fechaDesde: zDay.optional(),
    fechaHasta: zDay.optional(),
  })
  .refine((f) => !f.fechaDesde || !f.fechaHasta || f.fechaDesde <= f.fechaHasta, {
    message: 'La fecha desde no puede ser posterior a la fecha hasta',
    path: ['fechaHasta'],
  });
export const zAuditListRequest = zPageRequest(zAuditFilters);

/** A row of 'Auditoría de cambios' (spec 03 section 3). */
export const zAuditItem = z.object({
  id: z.number().int(),
  usuarioId: z.number().int().nullable(),
  /** Who made the change; 'Sistema' for changes made without a signed-in user (setup, seeds). */
  usuario: z.string(),
  tipo: z.number().int(),
  tipoLabel: z.string(),
  /** ISO 8601 instant. */
  fecha: z.string(),
  nombreTabla: z.string(),
  clavePrimaria: z.string(),
  /** What a person reads for the record (student, subject, exam), or null where the API does not name it. */
  descripcion: z.string().nullable(),
  columnasAfectadas: z.array(z.string()),
  valoresAnteriores: z.record(z.string(), z.unknown()).nullable(),
  valoresNuevos: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditItem = z.infer<typeof zAuditItem>;
export const zAuditPage = zPageReply(zAuditItem);

/** A record's audited rows, by table and primary keys: one table of a 'Historial' (issue 34 item 23). */
export const zAuditRecordSet = z.strictObject({
  tabla: zText().trim().min(1, 'Indique la tabla').max(64, 'Admite hasta 64 caracteres'),
  ids: z
    .array(z.number({ error: 'Cada id debe ser un número entero' }).int().positive().max(2_147_483_647))
    .min(1, 'Indique al menos un registro')
    .max(500, 'Admite hasta 500 registros por tabla'),
});

/**
 * POST /api/users/auditlog_history: who changed what and when on one record and the rows that hang from it
 * (an exam and its students' enrolments, a student's record and their user), newest first, one page. A
 * subject-period ('materias_periodo') brings its enrolments along, found by the server, deleted ones too.
 */
export const zAuditHistoryRequest = zPageRequest(zAuditFilters)
  .omit({ filters: true })
  .extend({
    registros: z.array(zAuditRecordSet).min(1, 'Indique al menos un registro').max(6, 'Admite hasta 6 tablas'),
  });
export type AuditHistoryRequest = z.input<typeof zAuditHistoryRequest>;
