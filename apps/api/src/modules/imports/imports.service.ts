import {
  MSG_IMPORT,
  type ImportFila,
  type ImportReport,
  type PublicSettings,
  type TipoImportacion,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { AuthUser } from '../auth/auth-user.js';
import { matchHeaders, rowValues } from './columns.js';
import { sealCredentials } from './credential-letters.js';
import { refuseExampleRows } from './example-row.js';
import { readImportFile } from './import-file.js';
import type { ImportKind, SourceFile } from './import-kind.js';
import { insertImportAudit, tryLockImport } from './imports.repository.js';
import { aulasKind } from './aulas.kind.js';
import { carrerasKind } from './carreras.kind.js';
import { mallasKind } from './mallas.kind.js';
import { alumnosKind, profesoresKind } from './people.kind.js';
import { loadReferences } from './references.repository.js';

export interface ImportDeps {
  db: Db;
  mailer: Mailer;
  publicSettings: PublicSettings;
  /** PUBLIC_URL: the welcome mails' link (else the request's origin, users.service `appUrlOf`). */
  publicUrl?: string | undefined;
  /** The link of this request's welcome mails, set by the route. */
  appUrl?: string | undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own row and preparation types
type AnyKind = ImportKind<string, ImportFila, any>;

export const KINDS: Record<TipoImportacion, AnyKind> = {
  alumnos: alumnosKind as AnyKind,
  profesores: profesoresKind as AnyKind,
  mallas: mallasKind as AnyKind,
  carreras: carrerasKind as AnyKind,
  aulas: aulasKind as AnyKind,
};

/** An apply refused because of its rows: nothing was written; the answer is the dry run's report. */
export class ImportRefused extends AppError {
  constructor(readonly report: ImportReport) {
    super(400, MSG_IMPORT.refused);
  }
}

export interface Upload {
  bytes: Buffer;
  fileName: string;
}

async function sourceFile(kind: AnyKind, bytes: Buffer): Promise<{ file: SourceFile; ignored: string[] }> {
  const { header, rows } = await readImportFile(bytes);
  const match = matchHeaders(header, kind.columns);
  if (match.missing.length) throw AppError.badRequest(MSG_IMPORT.missingColumns(match.missing));
  return {
    file: {
      rows: rows.map((r) => ({ fila: r.fila, values: rowValues(r.cells, match.index) })),
      present: new Set(match.index.keys()),
    },
    ignored: match.ignored,
  };
}

/**
 * Beside each error, the file's value of the column it names (issue 44): what was refused, so a bad e-mail can
 * be read in the report. A message under a column the file left empty has no value beside it.
 */
function refusedValues(
  kind: AnyKind,
  values: Record<string, string | undefined>,
  plan: ImportFila,
): Record<string, string> | undefined {
  const errors = Object.keys(plan.errores);
  if (!errors.length) return undefined;
  const out: Record<string, string> = {};
  for (const label of errors) {
    const key = kind.columns.find((c) => c.label === label)?.key;
    const value = key === undefined ? undefined : values[key];
    if (value !== undefined) out[label] = value;
  }
  return out;
}

function report(
  kind: AnyKind,
  file: SourceFile,
  plans: readonly ImportFila[],
  ignored: string[],
  aplicado: boolean,
): ImportReport {
  const count = (accion: ImportFila['accion']) => plans.filter((p) => p.accion === accion).length;
  const byFila = new Map(file.rows.map((r) => [r.fila, r.values]));
  return {
    resumen: {
      crear: count('crear'),
      actualizar: count('actualizar'),
      sinCambios: count('sin cambios'),
      errores: count('error'),
    },
    filas: plans.map((p) => {
      const { fila, accion, clave, errores, cambios } = p;
      const valores = refusedValues(kind, byFila.get(fila) ?? {}, p);
      return { fila, accion, clave, errores, ...(valores ? { valores } : {}), cambios };
    }),
    columnasIgnoradas: ignored,
    aplicado,
  };
}

/** A write that lost a race with a form's save (the same e-mail or legajo at the same moment). */
function raced(err: unknown): boolean {
  const code = findPgError(err)?.code;
  return code === PG.uniqueViolation || code === PG.foreignKeyViolation;
}

/**
 * POST /api/importaciones/{tipo}: `prueba` judges every row and writes nothing; `aplicar` judges the file again
 * inside one transaction, under the kind's lock, and writes it all, or nothing when any row has an error. The
 * welcome mails are queued in that transaction and go out after the commit; without SMTP the reply carries the
 * key of the new accounts' credential letters (credential-letters.ts).
 */
export async function runImport(
  deps: ImportDeps,
  actor: AuthUser,
  tipo: TipoImportacion,
  modo: 'prueba' | 'aplicar',
  upload: Upload,
): Promise<ImportReport> {
  const kind = KINDS[tipo];
  const { file, ignored } = await sourceFile(kind, upload.bytes);
  const planned = await kind.plan({ db: deps.db, actor, refs: await loadReferences(deps.db) }, file);
  const outside = refuseExampleRows(tipo, kind.columns, file, planned);
  const dryRun = report(kind, file, outside, ignored, false);
  if (modo === 'prueba') return dryRun;
  if (dryRun.resumen.errores) throw new ImportRefused(dryRun);

  const prepared: unknown = await kind.prepare(outside);
  let applied: ImportReport;
  let mails;
  try {
    ({ applied, mails } = await writeTx(deps.db, actor.id, async (tx) => {
      if (!(await tryLockImport(tx, tipo))) throw AppError.conflict(MSG_IMPORT.busy(tipo));
      const ctx = {
        db: tx,
        actor,
        refs: await loadReferences(tx),
        locking: true,
        appName: deps.publicSettings.appName,
        appUrl: deps.appUrl ?? '',
      };
      const inside = refuseExampleRows(tipo, kind.columns, file, await kind.plan(ctx, file));
      const judged = report(kind, file, inside, ignored, false);
      if (judged.resumen.errores) throw new ImportRefused(judged);
      const written = await kind.write(tx, ctx, inside, prepared);
      await insertImportAudit(tx, {
        usuarioId: actor.id,
        tipo,
        archivo: upload.fileName,
        filas: inside.length,
        resumen: judged.resumen,
      });
      await deps.mailer.queueMany(tx, written.mails);
      // Without SMTP, the new accounts' passwords sealed for their letters (issue 44): downloaded once, by the actor.
      const credenciales = await sealCredentials(tx, deps.mailer, actor.id, tipo, written.cuentasNuevas ?? []);
      return {
        applied: { ...judged, aplicado: true, ...(credenciales ? { credenciales } : {}) },
        mails: written.mails,
      };
    }));
  } catch (err) {
    if (raced(err)) throw AppError.conflict(MSG_IMPORT.raced);
    throw err;
  }
  if (mails.length) deps.mailer.deliverSoon();
  return applied;
}
