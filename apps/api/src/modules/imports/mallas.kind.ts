import {
  MSG,
  MSG_IMPORT,
  zMallaMateriaSave,
  zMallaSave,
  zMateriaSave,
  type CondicionCorrelativa,
  type ImportFila,
} from '@arandu/shared';
import { lockMalla, replaceCorrelativasOf } from '../mallas/correlatives.js';
import { isoDate, looseText, wholeNumber } from './cell-values.js';
import type { Tx } from '../../db/client.js';
import type { WriteTx } from '../../db/tx.js';
import type { ImportKind, PlanContext, SourceFile, SourceRow } from './import-kind.js';
import { MALLA_COLUMNS, type MallaKey } from './mallas.columns.js';
import { judgeCorrelativas, type CorrelativasRow } from './mallas.correlatives.js';
import * as repo from './mallas.repository.js';
import { addError, addIssues, markRepeated, settleAccion, type RowErrors } from './row-errors.js';

export interface MallaPlan extends ImportFila {
  carreraId: number;
  /** The malla: an existing id, or the key of a new one (its career and name). */
  mallaId: number | undefined;
  mallaKey: string;
  mallaNombre: string;
  fechaVigencia: string;
  /** The catalogue subject: an existing id, or a new one made of `nuevaMateria`. */
  materiaId: number | undefined;
  nuevaMateria: { codigo: string; nombre: string } | undefined;
  values: Omit<repo.StoredMallaMateria, 'mallaId' | 'materiaId'>;
  /** Its row in materias_malla, or a placeholder below 0 for one the file adds (mallas.correlatives.ts). */
  materiaMallaId: number;
  /** The list the apply writes; undefined when the file has no 'Correlativas' column. */
  correlativas?: { materiaMallaId: number; condicion: CondicionCorrelativa }[];
}

const label = (key: MallaKey) => MALLA_COLUMNS.find((c) => c.key === key)!.label;

const FIELD_COLUMN: Record<string, MallaKey> = {
  nombre: 'malla',
  carreraId: 'carrera',
  fechaVigencia: 'vigencia',
  materiaId: 'codigo',
  semestreNroOrden: 'semestre',
  codigo: 'codigo',
  areaConocimiento: 'area',
  horasLaboratorioSemestral: 'horasLaboratorio',
  horasPracticaSemestral: 'horasPractica',
  horasTeoriaSemestral: 'horasTeoria',
};
const columnOf = (path: PropertyKey[]) => label(FIELD_COLUMN[String(path[0])] ?? 'codigo');

function judgeRow(ctx: PlanContext, row: SourceRow<MallaKey>): MallaPlan {
  const errors: RowErrors = {};
  const v = row.values;
  const carrera = ctx.refs.carreras.find(
    (c) => looseText(c.codigo) === looseText(v.carrera ?? '') || looseText(c.nombre) === looseText(v.carrera ?? ''),
  );
  if (!carrera)
    addError(errors, label('carrera'), v.carrera ? MSG_IMPORT.carreraUnknown(v.carrera) : MSG.mallaCarreraRequired);
  const malla = ctx.refs.mallas.find(
    (m) => m.carreraId === carrera?.id && looseText(m.nombre) === looseText(v.malla ?? ''),
  );
  const fechaVigencia = isoDate(v.vigencia) ?? '';
  if (!malla) {
    const parsed = zMallaSave.safeParse({ nombre: v.malla ?? '', carreraId: carrera?.id ?? 0, fechaVigencia });
    if (!parsed.success) addIssues(errors, parsed.error, columnOf);
  }
  const codigo = (v.codigo ?? '').trim();
  const materia = ctx.refs.materias.find((m) => looseText(m.codigo) === looseText(codigo));
  if (!materia) {
    const parsed = zMateriaSave.safeParse({ nombre: v.materia ?? '', codigo, carreraId: carrera?.id ?? null });
    if (!parsed.success) {
      addIssues(errors, parsed.error, (path) => label(path[0] === 'nombre' ? 'materia' : 'codigo'));
    }
  }
  const parsed = zMallaMateriaSave.safeParse({
    materiaId: materia?.id ?? 1,
    semestreNroOrden: wholeNumber(v.semestre),
    codigo: materia?.codigo ?? codigo,
    areaConocimiento: v.area ?? null,
    horasLaboratorioSemestral: wholeNumber(v.horasLaboratorio) ?? 0,
    horasPracticaSemestral: wholeNumber(v.horasPractica) ?? 0,
    horasTeoriaSemestral: wholeNumber(v.horasTeoria) ?? 0,
  });
  if (!parsed.success) addIssues(errors, parsed.error, columnOf);
  const values = parsed.success
    ? {
        semestreNroOrden: parsed.data.semestreNroOrden,
        codigo: parsed.data.codigo,
        areaConocimiento: parsed.data.areaConocimiento,
        horasLaboratorioSemestral: parsed.data.horasLaboratorioSemestral,
        horasPracticaSemestral: parsed.data.horasPracticaSemestral,
        horasTeoriaSemestral: parsed.data.horasTeoriaSemestral,
      }
    : {
        semestreNroOrden: 0,
        codigo,
        areaConocimiento: null,
        horasLaboratorioSemestral: 0,
        horasPracticaSemestral: 0,
        horasTeoriaSemestral: 0,
      };
  const mallaNombre = (v.malla ?? '').trim();
  return {
    fila: row.fila,
    clave: `${mallaNombre} / ${codigo}`,
    accion: 'error',
    errores: errors,
    cambios: [],
    carreraId: carrera?.id ?? 0,
    mallaId: malla?.id,
    mallaKey: `${carrera?.id ?? 0}:${looseText(mallaNombre)}`,
    mallaNombre,
    fechaVigencia,
    materiaId: materia?.id,
    nuevaMateria: materia ? undefined : { codigo, nombre: (v.materia ?? '').trim() },
    values,
    materiaMallaId: 0,
  };
}

const CHANGE_COLUMNS: [keyof MallaPlan['values'], MallaKey][] = [
  ['semestreNroOrden', 'semestre'],
  ['codigo', 'codigo'],
  ['areaConocimiento', 'area'],
  ['horasTeoriaSemestral', 'horasTeoria'],
  ['horasPracticaSemestral', 'horasPractica'],
  ['horasLaboratorioSemestral', 'horasLaboratorio'],
];

/**
 * The correlatives of the file's rows (mallas.correlatives.ts): with the column, each row's list; without it,
 * the stored lists against the file's semesters.
 */
async function judgeFileCorrelativas(
  ctx: PlanContext,
  file: SourceFile<MallaKey>,
  plans: MallaPlan[],
  storedRows: Awaited<ReturnType<typeof repo.findMallaMaterias>>,
  mallaIds: number[],
): Promise<void> {
  const stored = new Map(storedRows.map((mm) => [mm.id, mm]));
  const current = (plan: MallaPlan) => (plan.materiaMallaId > 0 ? stored.get(plan.materiaMallaId) : undefined);
  const present = file.present.has('correlativas');
  const keyOf = new Map(plans.flatMap((p) => (p.mallaId ? [[p.mallaId, p.mallaKey] as const] : [])));
  const rowsOfFile = plans.map((plan, i) => {
    const row: CorrelativasRow = {
      fila: plan.fila,
      errores: plan.errores,
      cambios: plan.cambios,
      mallaKey: plan.mallaKey,
      codigo: plan.values.codigo,
      nombre: current(plan)?.nombre ?? plan.nuevaMateria?.nombre ?? plan.values.codigo,
      semestre: plan.values.semestreNroOrden,
      materiaMallaId: plan.materiaMallaId,
      stored: !!current(plan),
      cell: present ? (file.rows[i]!.values.correlativas ?? '') : undefined,
    };
    return { plan, row };
  });
  judgeCorrelativas(
    rowsOfFile.map((r) => r.row),
    storedRows.map((mm) => ({
      id: mm.id,
      mallaKey: keyOf.get(mm.mallaId) ?? '',
      codigo: mm.codigo,
      nombre: mm.nombre,
      semestre: mm.semestreNroOrden,
    })),
    await repo.findCorrelativas(ctx.db, mallaIds),
    label('correlativas'),
    label('semestre'),
  );
  for (const { plan, row } of rowsOfFile) plan.correlativas = row.correlativas;
}

/**
 * The dry run of a mallas file: each row a subject of a malla, through the forms' schemas (malla, catalogue
 * subject, malla subject); a malla or subject that does not exist is created. With a 'Correlativas' column,
 * each row's list replaces the subject's, judged by the correlatives modal's rules (mallas.correlatives.ts).
 * Inside the apply's transaction (`ctx.locking`) the stored mallas are locked first, as the modal's save locks
 * its malla, so no save of theirs can change the picture the file is judged against.
 */
async function planMallas(ctx: PlanContext, file: SourceFile<MallaKey>): Promise<MallaPlan[]> {
  const plans = file.rows.map((row) => judgeRow(ctx, row));
  const mallaIds = [...new Set(plans.flatMap((p) => (p.mallaId ? [p.mallaId] : [])))].sort((a, b) => a - b);
  if (ctx.locking) for (const id of mallaIds) await lockMalla(ctx.db as Tx, id);
  const storedRows = await repo.findMallaMaterias(ctx.db, mallaIds);
  const stored = new Map(storedRows.map((mm) => [`${mm.mallaId}:${mm.materiaId}`, mm]));
  markRepeated(
    plans,
    (p) => `${p.mallaKey}/${looseText(p.values.codigo)}`,
    (p, message) => addError(p.errores, label('codigo'), message),
    (p) => p.fila,
  );
  const vigencias = new Map<string, MallaPlan>();
  for (const plan of plans) {
    if (plan.mallaId !== undefined) continue;
    const first = vigencias.get(plan.mallaKey);
    if (!first) vigencias.set(plan.mallaKey, plan);
    else if (first.fechaVigencia !== plan.fechaVigencia) {
      addError(plan.errores, label('vigencia'), MSG_IMPORT.vigenciaDiffers(first.fila));
    }
  }
  let placeholder = 0;
  const current = (plan: MallaPlan) =>
    plan.mallaId && plan.materiaId ? stored.get(`${plan.mallaId}:${plan.materiaId}`) : undefined;
  for (const plan of plans) {
    const found = current(plan);
    plan.materiaMallaId = found?.id ?? --placeholder;
    if (found) plan.cambios = CHANGE_COLUMNS.filter(([f]) => plan.values[f] !== found[f]).map(([, k]) => label(k));
  }
  await judgeFileCorrelativas(ctx, file, plans, storedRows, mallaIds);
  for (const plan of plans) settleAccion(plan, !!current(plan));
  return plans;
}

/**
 * Writes the judged correlatives: the lists of the rows that change, each placeholder of a subject the file
 * added replaced by its new row's id.
 */
async function writeCorrelativas(
  tx: WriteTx,
  plans: readonly MallaPlan[],
  mallaIdOf: (p: MallaPlan) => number,
  materiaIdOf: (p: MallaPlan) => number,
) {
  const withList = plans.filter((p) => p.correlativas && (p.accion === 'crear' || p.accion === 'actualizar'));
  if (!withList.length) return;
  const ids = await repo.mallaMateriaIds(tx, [...new Set(plans.map(mallaIdOf))]);
  const realId = new Map(plans.map((p) => [p.materiaMallaId, ids.get(`${mallaIdOf(p)}:${materiaIdOf(p)}`)!]));
  await replaceCorrelativasOf(
    tx,
    withList.map((p) => realId.get(p.materiaMallaId)!),
    withList.flatMap((p) =>
      p.correlativas!.map((c) => ({
        materiaMallaId: realId.get(p.materiaMallaId)!,
        requiereId: realId.get(c.materiaMallaId) ?? c.materiaMallaId,
        condicion: c.condicion,
      })),
    ),
  );
}

export const mallasKind: ImportKind<MallaKey, MallaPlan, null> = {
  tipo: 'mallas',
  columns: MALLA_COLUMNS,
  plan: planMallas,
  prepare: () => Promise.resolve(null),
  async write(tx, ctx, plans) {
    const changed = plans.filter((p) => p.accion === 'crear' || p.accion === 'actualizar');
    // A career without a default malla gets its first new one as default, so its new students have one.
    const withDefault = new Set(ctx.refs.mallas.filter((m) => m.usarPorDefecto).map((m) => m.carreraId));
    const nuevas = new Map<string, repo.NewMalla>();
    for (const p of changed) {
      if (p.mallaId !== undefined || nuevas.has(p.mallaKey)) continue;
      const usarPorDefecto = !withDefault.has(p.carreraId);
      withDefault.add(p.carreraId);
      nuevas.set(p.mallaKey, {
        key: p.mallaKey,
        carreraId: p.carreraId,
        nombre: p.mallaNombre,
        fechaVigencia: p.fechaVigencia,
        usarPorDefecto,
      });
    }
    const mallaIds = await repo.insertMallas(tx, [...nuevas.values()]);
    const materias = new Map<string, { codigo: string; nombre: string; carreraId: number | null }>();
    for (const p of changed) {
      if (p.nuevaMateria && !materias.has(p.nuevaMateria.codigo)) {
        materias.set(p.nuevaMateria.codigo, { ...p.nuevaMateria, carreraId: p.carreraId });
      }
    }
    const materiaIds = await repo.insertMaterias(tx, [...materias.values()]);
    const mallaIdOf = (p: MallaPlan) => p.mallaId ?? mallaIds.get(p.mallaKey)!;
    const materiaIdOf = (p: MallaPlan) => p.materiaId ?? materiaIds.get(p.nuevaMateria!.codigo)!;
    await repo.upsertMallaMaterias(
      tx,
      changed.map((p) => ({ ...p.values, mallaId: mallaIdOf(p), materiaId: materiaIdOf(p) })),
    );
    await writeCorrelativas(tx, plans, mallaIdOf, materiaIdOf);
    return { mails: [] };
  },
};
