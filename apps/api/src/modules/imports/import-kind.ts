import type { ImportFila, TipoImportacion } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import type { WriteTx } from '../../db/tx.js';
import type { Mail } from '../../lib/mail.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { ImportColumn, RowValues } from './columns.js';
import type { References } from './references.repository.js';

/** A data row of the file, its cells by column key. */
export interface SourceRow<K extends string = string> {
  fila: number;
  values: RowValues<K>;
}

export interface SourceFile<K extends string = string> {
  rows: SourceRow<K>[];
  /** The columns the file has (an empty cell of a present column may mean "none", e.g. no categories). */
  present: Set<K>;
}

export interface PlanContext {
  db: DbOrTx;
  actor: AuthUser;
  refs: References;
  /** Inside the apply's transaction: the plan locks what it judges against (the mallas' rows). */
  locking?: boolean;
}

/** What an apply leaves to do after the commit. */
export interface Written {
  mails: Mail[];
  /** The accounts the apply created and their temporary passwords: their credential letters without SMTP. */
  cuentasNuevas?: { usuarioId: number; temporary: string }[];
}

/**
 * One kind of import: its columns, how its rows are judged against the database (the dry run), and how a
 * judged file is written (set-based statements, inside the apply's transaction).
 */
export interface ImportKind<K extends string, P extends ImportFila, Prepared> {
  tipo: TipoImportacion;
  columns: readonly ImportColumn<K>[];
  plan(ctx: PlanContext, file: SourceFile<K>): Promise<P[]>;
  /** Work done before the transaction opens (hashing the new users' passwords), from a dry run's plan. */
  prepare(plans: readonly P[]): Promise<Prepared>;
  write(
    tx: WriteTx,
    ctx: PlanContext & { appName: string; appUrl: string },
    plans: readonly P[],
    prepared: Prepared,
  ): Promise<Written>;
}
