import { zAulaSave, type Aula, type ImportFila } from '@arandu/shared';
import type { WriteTx } from '../../db/tx.js';
import { allAulas, aulaNombreKey, aulaValues, writeAulas, type AulaValues } from '../rooms/rooms.service.js';
import { AULA_COLUMNS, type AulaKey } from './aulas.columns.js';
import { looseText, wholeNumber } from './cell-values.js';
import type { ImportKind, PlanContext, SourceFile, SourceRow } from './import-kind.js';
import { addError, addIssues, markRepeated, settleAccion, type RowErrors } from './row-errors.js';

export interface AulaPlan extends ImportFila {
  stored: Aula | undefined;
  values: AulaValues;
}

const label = (key: AulaKey) => AULA_COLUMNS.find((c) => c.key === key)!.label;

/** The schema's field a message is about, as the column of the file it was read from. */
const columnOf = (path: PropertyKey[]): string => {
  const field = path[0];
  return field === 'edificio' || field === 'capacidad' || field === 'tipo' ? label(field) : label('nombre');
};

/**
 * One row through the 'Aulas' screen's own schema (zAulaSave: the same required name, lengths, capacity range
 * and kinds, the same messages). An empty cell keeps what a stored room has, as the other imports do.
 */
function judgeRow(row: SourceRow<AulaKey>, byNombre: Map<string, Aula>): AulaPlan {
  const errors: RowErrors = {};
  const v = row.values;
  const stored = byNombre.get(aulaNombreKey(v.nombre ?? ''));
  // 'Laboratorio' or 'AUDITÓRIO' is the kind as the screen stores it; anything else goes to the schema's message.
  const tipo = v.tipo === undefined ? undefined : looseText(v.tipo);
  const parsed = zAulaSave.safeParse({
    nombre: v.nombre ?? '',
    edificio: v.edificio ?? stored?.edificio ?? null,
    capacidad: v.capacidad === undefined ? (stored?.capacidad ?? null) : wholeNumber(v.capacidad),
    tipo: tipo ?? stored?.tipo ?? 'aula',
  });
  if (!parsed.success) addIssues(errors, parsed.error, columnOf);
  const values = parsed.success
    ? aulaValues(parsed.data)
    : { nombre: (v.nombre ?? '').trim(), edificio: null, capacidad: null, tipo: 'aula' as const };
  return { fila: row.fila, clave: values.nombre, accion: 'error', errores: errors, cambios: [], stored, values };
}

/**
 * The dry run of a rooms file: each row judged as the 'Aulas' screen saves it, and a name twice in the file
 * (both rows marked). A name a stored room has is that room, updated: the name is unique whatever its case.
 */
async function planAulas(ctx: PlanContext, file: SourceFile<AulaKey>): Promise<AulaPlan[]> {
  const stored = await allAulas(ctx.db);
  const byNombre = new Map(stored.map((a) => [aulaNombreKey(a.nombre), a]));
  const plans = file.rows.map((row) => judgeRow(row, byNombre));
  markRepeated(
    plans,
    (p) => aulaNombreKey(p.values.nombre),
    (p, message) => addError(p.errores, label('nombre'), message),
    (p) => p.fila,
  );
  for (const plan of plans) {
    const s = plan.stored;
    if (s) {
      const v = plan.values;
      plan.cambios = [
        ...(s.nombre !== v.nombre ? [label('nombre')] : []),
        ...(s.edificio !== v.edificio ? [label('edificio')] : []),
        ...(s.capacidad !== v.capacidad ? [label('capacidad')] : []),
        ...(s.tipo !== v.tipo ? [label('tipo')] : []),
      ];
    }
    settleAccion(plan, !!s);
  }
  return plans;
}

function writePlans(tx: WriteTx, plans: readonly AulaPlan[]): Promise<void> {
  return writeAulas(
    tx,
    plans.filter((p) => p.accion === 'crear').map((p) => p.values),
    plans.filter((p) => p.accion === 'actualizar').map((p) => ({ ...p.values, id: p.stored!.id })),
  );
}

export const aulasKind: ImportKind<AulaKey, AulaPlan, null> = {
  tipo: 'aulas',
  columns: AULA_COLUMNS,
  plan: planAulas,
  prepare: () => Promise.resolve(null),
  async write(tx, _ctx, plans) {
    await writePlans(tx, plans);
    return { mails: [] };
  },
};
