import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { rows } from './sql.js';

/**
 * The role split of decision 017. On a PostgreSQL server the API may connect as a role that owns nothing:
 * the tables' owner (MIGRATION_DATABASE_URL) migrates, seeds and grants it only what the API does with each
 * table. Without TRUNCATE, DDL or ownership it cannot switch a trigger off, empty a table or rewrite the
 * audit log, whatever SQL it sends. Granted again at every start, after the migrations, so a new table is
 * covered the moment it exists.
 */

/**
 * Tables the API only ever adds to: what was sealed, who reopened it, the actas rectificativas, staff's security
 * events, the audit log, early warnings, issued certificates.
 */
const APPEND_ONLY = [
  'auditoria',
  'actas_selladas',
  'reaperturas_examen',
  'rectificaciones_examen',
  'eventos_seguridad',
  'alertas_academicas',
  'certificados',
] as const;

/** The role a connection string logs in as (the user part of the URL). */
export function roleOf(databaseUrl: string): string {
  const user = decodeURIComponent(new URL(databaseUrl).username);
  if (!user) throw new Error('DATABASE_URL debe nombrar el usuario (rol) de la aplicación');
  return user;
}

/** Grants `role` what the API needs on the owner's database, and nothing more; run as the tables' owner. */
export async function grantAppRole(owner: Database, role: string): Promise<void> {
  const r = sql.identifier(role);
  const appendOnly = sql.join(
    APPEND_ONLY.map((t) => sql.identifier(t)),
    sql`, `,
  );
  await owner.db.transaction(async (tx) => {
    // From scratch every time: a privilege granted by hand earlier (TRUNCATE, say) does not survive a start.
    await tx.execute(sql`revoke all on all tables in schema public from ${r}`);
    await tx.execute(sql`revoke all on all sequences in schema public from ${r}`);
    await tx.execute(sql`revoke create on schema public from ${r}`);
    await tx.execute(sql`grant usage on schema public to ${r}`);
    await tx.execute(sql`grant select, insert, update, delete on all tables in schema public to ${r}`);
    await tx.execute(sql`revoke update, delete on ${appendOnly} from ${r}`);
    await tx.execute(sql`grant usage, select on all sequences in schema public to ${r}`);
  });
}

export type RoleStanding = {
  role: string;
  superuser: boolean;
  ownsTables: boolean;
};

/** Who the API's own connection is: a superuser or the tables' owner can switch every guard off. */
export async function roleStanding(database: Database): Promise<RoleStanding> {
  const [row] = await rows<RoleStanding>(
    database.db,
    sql`select current_user as role,
               (select rolsuper from pg_roles where rolname = current_user) as superuser,
               exists (select 1 from pg_tables where schemaname = 'public' and tableowner = current_user) as "ownsTables"`,
  );
  if (!row) throw new Error('no role information');
  return row;
}
