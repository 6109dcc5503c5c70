import { z } from 'zod';
import { pageFields, zPageReply, zSearchText } from '../paging.js';

/** The outbox's states (decision record 006): `retenido` is a mail kept because there is no SMTP server. */
export const OUTBOX_STATES = ['pendiente', 'enviando', 'enviado', 'fallido', 'retenido'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** What the 'Correos' screen calls each state. */
export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  pendiente: 'Pendiente',
  enviando: 'Enviando',
  enviado: 'Enviado',
  fallido: 'Fallido',
  retenido: 'Retenido',
};

/**
 * GET /api/outbox (issue 34 item 24): one page of the outbox, newest first, filtered by recipient or subject
 * (`search`) and state. A query string, so the filters are flat.
 */
export const zOutboxQuery = z.strictObject({
  ...pageFields,
  search: zSearchText.optional(),
  estado: z.enum(OUTBOX_STATES, { error: 'Estado de correo inválido' }).optional(),
});

export const zOutboxItem = z.object({
  id: z.number().int(),
  fecha: z.string(),
  estado: z.enum(OUTBOX_STATES),
  destinatario: z.string(),
  asunto: z.string(),
  /** As `npm run outbox` shows it: a sent mail's temporary password is masked. */
  cuerpo: z.string(),
  error: z.string().nullable(),
  enviadoEn: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof zOutboxItem>;

export const zOutboxPage = zPageReply(zOutboxItem);
