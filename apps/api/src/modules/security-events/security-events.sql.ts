import { sql, type SQL } from 'drizzle-orm';
import type { FactorKind, SecurityEventKind, SignInMethod } from '@arandu/shared';

/*
 * An identity event's row as SQL, for the statements that record one: this module's repository, and the
 * login's session statement (auth.repository), which writes the event and opens the session as one
 * statement. Other modules import these fragments, never the repository (eslint.config.js), as every
 * repository imports the access module's access.sql.ts.
 */

/** Where an event comes from: the address (per TRUST_PROXY) and the browser's User-Agent. */
export interface EventClient {
  ip: string;
  userAgent?: string | undefined;
}

/** One identity event as the code that saw it describes it (`eventos_seguridad`). */
export interface SecurityEvent {
  tipo: SecurityEventKind;
  /** Whom it concerns; null only for a sign-in attempt with an e-mail nobody has (then `email`). */
  usuarioId: number | null;
  /** The e-mail typed, kept when no user has it (bounded, as typed). */
  email?: string | null | undefined;
  /** Who did it when it was someone else (staff); null for the user themselves or the command line. */
  actorId?: number | null | undefined;
  metodo?: SignInMethod | null | undefined;
  factor?: FactorKind | null | undefined;
  client?: EventClient | null | undefined;
  motivo?: string | null | undefined;
}

/**
 * The event's row as a one-row SELECT (the values bounded like their columns): inserted on its own by
 * `insertSecurityEvent`, or inside a statement that does something else, as the login's session statement does.
 */
export function securityEventRow(e: SecurityEvent): SQL {
  const email = e.usuarioId === null ? (e.email ?? '').trim().slice(0, 254) || '(vacío)' : null;
  return sql`select ${e.tipo}::varchar as tipo, ${e.usuarioId}::int as usuario_id, ${email}::varchar as email,
                    ${e.actorId ?? null}::int as actor_id, ${e.metodo ?? null}::varchar as metodo,
                    ${e.factor ?? null}::varchar as factor, ${e.client?.ip.slice(0, 45) ?? null}::varchar as direccion,
                    ${e.client?.userAgent?.slice(0, 300) ?? null}::varchar as agente_usuario,
                    ${e.motivo?.slice(0, 500) ?? null}::varchar as motivo`;
}

/** `insert into eventos_seguridad … select …` of an event row (`securityEventRow`). */
export function insertSecurityEventSql(row: SQL): SQL {
  return sql`insert into eventos_seguridad (tipo, usuario_id, email, actor_id, metodo, factor, direccion, agente_usuario, motivo)
             select tipo, usuario_id, email, actor_id, metodo, factor, direccion, agente_usuario, motivo from (${row}) e`;
}
