import { sql } from 'drizzle-orm';
import { MSG_IMPORT, zCarreraSave, type ImportFila } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';
import { CARRERA_COLUMNS, type CarreraKey } from './carreras.columns.js';
import { looseText } from './cell-values.js';
import type { ImportKind, PlanContext, SourceFile, SourceRow } from './import-kind.js';
import { addError, addIssues, markRepeated, settleAccion, type RowErrors } from './row-errors.js';

/** What the 'Carreras' screen saves of a career. */
interface CarreraValues {
  nombre: string;
  codigo: string;
  activo: boolean;
}

interface StoredCarrera extends CarreraValues {
  id: number;
}

export interface CarreraPlan extends ImportFila {
  stored: StoredCarrera | undefined;
  values: CarreraValues;
}

const label = (key: CarreraKey) => CARRERA_COLUMNS.find((c) => c.key === key)!.label;

/** 'Sí', 'si', 'x', '1', 'true' / 'No', '0', 'false': what a spreadsheet holds for yes and no. */
function yesNo(text: string | undefined): boolean | undefined | 'invalid' {
  if (text === undefined) return undefined;
  const t = looseText(text);
  if (['si', 's', 'x', '1', 'true', 'verdadero', 'activa', 'activo'].includes(t)) return true;
  if (['no', 'n', '0', 'false', 'falso', 'inactiva', 'inactivo'].includes(t)) return false;
  return 'invalid';
}

/** Every career, the inactive ones too: a code names a career whatever its state. */
function findCarreras(db: DbOrTx): Promise<StoredCarrera[]> {
  return rows<StoredCarrera & Record<string, unknown>>(
    db,
    sql`select id, codigo, nombre, activo from carreras order by id`,
  );
}

function judgeRow(row: SourceRow<CarreraKey>, byCodigo: Map<string, StoredCarrera>): CarreraPlan {
  const errors: RowErrors = {};
  const v = row.values;
  const stored = byCodigo.get(looseText(v.codigo ?? ''));
  const activo = yesNo(v.activo);
  if (activo === 'invalid') addError(errors, label('activo'), MSG_IMPORT.activoInvalid);
  // The 'Carreras' screen's own schema: the same required texts and lengths, the same messages.
  const parsed = zCarreraSave.safeParse({
    nombre: v.nombre ?? '',
    codigo: v.codigo ?? '',
    activo: activo === 'invalid' ? true : (activo ?? stored?.activo ?? true),
  });
  if (!parsed.success) addIssues(errors, parsed.error, (path) => label(path[0] === 'nombre' ? 'nombre' : 'codigo'));
  const values = parsed.success
    ? { nombre: parsed.data.nombre, codigo: parsed.data.codigo, activo: parsed.data.activo }
    : { nombre: (v.nombre ?? '').trim(), codigo: (v.codigo ?? '').trim(), activo: true };
  return { fila: row.fila, clave: values.codigo, accion: 'error', errores: errors, cambios: [], stored, values };
}

/**
 * The dry run of a careers file: each row through the 'Carreras' screen's schema, a code twice or a name twice
 * in the file, and a name another stored career has (the table's unique names, found before the write does).
 */
async function planCarreras(ctx: PlanContext, file: SourceFile<CarreraKey>): Promise<CarreraPlan[]> {
  const stored = await findCarreras(ctx.db);
  const byCodigo = new Map(stored.map((c) => [looseText(c.codigo), c]));
  const byNombre = new Map(stored.map((c) => [looseText(c.nombre), c]));
  const plans = file.rows.map((row) => judgeRow(row, byCodigo));
  const filaOf = (p: CarreraPlan) => p.fila;
  markRepeated(
    plans,
    (p) => looseText(p.values.codigo),
    (p, message) => addError(p.errores, label('codigo'), message),
    filaOf,
  );
  markRepeated(
    plans,
    (p) => looseText(p.values.nombre),
    (p, message) => addError(p.errores, label('nombre'), message),
    filaOf,
  );
  for (const plan of plans) {
    const holder = byNombre.get(looseText(plan.values.nombre));
    if (plan.values.nombre && holder && holder.id !== plan.stored?.id) {
      addError(plan.errores, label('nombre'), MSG_IMPORT.carreraNombreOfAnother);
    }
    const s = plan.stored;
    if (s) {
      plan.cambios = [
        ...(s.codigo !== plan.values.codigo ? [label('codigo')] : []),
        ...(s.nombre !== plan.values.nombre ? [label('nombre')] : []),
        ...(s.activo !== plan.values.activo ? [label('activo')] : []),
      ];
    }
    settleAccion(plan, !!s);
  }
  return plans;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

async function writeCarreras(tx: WriteTx, plans: readonly CarreraPlan[]): Promise<void> {
  const creates = plans.filter((p) => p.accion === 'crear').map((p) => p.values);
  const updates = plans.filter((p) => p.accion === 'actualizar').map((p) => ({ ...p.values, id: p.stored!.id }));
  if (creates.length) {
    await tx.execute(
      sql`insert into carreras (codigo, nombre, activo)
          select v.codigo, v.nombre, v.activo
            from jsonb_to_recordset(${json(creates)}) as v(codigo text, nombre text, activo boolean)`,
    );
  }
  if (updates.length) {
    await tx.execute(
      sql`update carreras c set codigo = v.codigo, nombre = v.nombre, activo = v.activo
            from jsonb_to_recordset(${json(updates)}) as v(id int, codigo text, nombre text, activo boolean)
           where c.id = v.id`,
    );
  }
}

export const carrerasKind: ImportKind<CarreraKey, CarreraPlan, null> = {
  tipo: 'carreras',
  columns: CARRERA_COLUMNS,
  plan: planCarreras,
  prepare: () => Promise.resolve(null),
  async write(tx, _ctx, plans) {
    await writeCarreras(tx, plans);
    return { mails: [] };
  },
};
