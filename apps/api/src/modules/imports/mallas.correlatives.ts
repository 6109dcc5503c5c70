import { CORRELATIVA_MSG, CORRELATIVAS_MAX, MSG_IMPORT, type CondicionCorrelativa } from '@arandu/shared';
import { correlativasRefusal, type CorrelativasPicture, type MallaMateria } from '../mallas/correlatives.js';
import { looseText } from './cell-values.js';
import type { StoredCorrelativa } from './mallas.repository.js';
import { addError } from './row-errors.js';

/** A row of the mallas file as its correlatives are judged (mallas.kind.ts's plan). */
export interface CorrelativasRow {
  fila: number;
  errores: Record<string, string>;
  cambios: string[];
  mallaKey: string;
  codigo: string;
  nombre: string;
  semestre: number;
  /** Its row in materias_malla; a subject the file adds to its malla gets a placeholder below 0. */
  materiaMallaId: number;
  /** Whether the malla already has it (then a changed list is a change of the row). */
  stored: boolean;
  /** The cell as typed; undefined when the file has no 'Correlativas' column. */
  cell: string | undefined;
  /** Set here: the list the apply writes (undefined: the subject keeps its list). */
  correlativas?: { materiaMallaId: number; condicion: CondicionCorrelativa }[];
}

const CONDICION: Record<string, CondicionCorrelativa> = {
  regularizada: 'regular',
  regular: 'regular',
  aprobada: 'aprobada',
};

/** 'CB-101 (regularizada); CB-102 (aprobada)' -> the entries, or the first one that is not written so. */
export function parseCorrelativas(
  text: string,
): { entries: { codigo: string; condicion: CondicionCorrelativa }[] } | { error: string } {
  const entries: { codigo: string; condicion: CondicionCorrelativa }[] = [];
  for (const raw of text.split(/[;,|\n]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const match = /^(.+?)\s*\(\s*([^()]+?)\s*\)$/.exec(entry);
    const condicion = match ? CONDICION[looseText(match[2]!)] : undefined;
    if (!match || !condicion) return { error: MSG_IMPORT.correlativaFormat(entry.slice(0, 60)) };
    entries.push({ codigo: match[1]!.trim(), condicion });
  }
  if (entries.length > CORRELATIVAS_MAX) return { error: CORRELATIVA_MSG.tooMany };
  return { entries };
}

const sameList = (
  a: readonly { materiaMallaId: number; condicion: string }[],
  b: readonly { materiaMallaId: number; condicion: string }[],
) =>
  a.length === b.length &&
  a.every((x) => b.some((y) => y.materiaMallaId === x.materiaMallaId && y.condicion === x.condicion));

/**
 * The 'Correlativas' column of a mallas file (issue 44), judged by the correlatives modal's own rules
 * (`correlativasRefusal`) over the malla as the file leaves it: its stored subjects with the file's semesters,
 * the subjects the file adds, and every row's list in place of its stored one. Each row's refusal goes under
 * `label` (under `semestreLabel` when the file has no such column: then only a semester moved can break a rule);
 * a row whose list differs from the stored one lists `label` among its changes.
 */
export function judgeCorrelativas(
  rowsOfFile: CorrelativasRow[],
  stored: { id: number; mallaKey: string; codigo: string; nombre: string; semestre: number }[],
  storedEdges: StoredCorrelativa[],
  label: string,
  semestreLabel: string,
): void {
  const mallas = new Map<string, CorrelativasRow[]>();
  for (const row of rowsOfFile) mallas.set(row.mallaKey, [...(mallas.get(row.mallaKey) ?? []), row]);
  for (const [mallaKey, rows] of mallas) {
    const materias = new Map<number, MallaMateria>();
    const byCodigo = new Map<string, number>();
    const storedIds = new Set<number>();
    for (const s of stored.filter((x) => x.mallaKey === mallaKey)) {
      materias.set(s.id, { id: s.id, nombre: s.nombre, semestre: s.semestre });
      byCodigo.set(looseText(s.codigo), s.id);
      storedIds.add(s.id);
    }
    for (const r of rows) {
      materias.set(r.materiaMallaId, { id: r.materiaMallaId, nombre: r.nombre, semestre: r.semestre });
      byCodigo.set(looseText(r.codigo), r.materiaMallaId);
    }
    const storedLists = new Map<number, { materiaMallaId: number; condicion: CondicionCorrelativa }[]>();
    for (const e of storedEdges.filter((x) => storedIds.has(x.materiaMallaId))) {
      storedLists.set(e.materiaMallaId, [
        ...(storedLists.get(e.materiaMallaId) ?? []),
        { materiaMallaId: e.requiereId, condicion: e.condicion },
      ]);
    }
    const graph = new Map([...storedLists].map(([id, list]) => [id, list.map((c) => c.materiaMallaId)]));
    for (const r of rows) {
      if (r.cell === undefined) continue;
      const parsed = parseCorrelativas(r.cell);
      if ('error' in parsed) {
        addError(r.errores, label, parsed.error);
        r.correlativas = [];
      } else {
        r.correlativas = [];
        for (const { codigo, condicion } of parsed.entries) {
          const id = byCodigo.get(looseText(codigo));
          if (id === undefined) addError(r.errores, label, MSG_IMPORT.correlativaUnknown(codigo));
          else r.correlativas.push({ materiaMallaId: id, condicion });
        }
      }
      graph.set(
        r.materiaMallaId,
        r.correlativas.map((c) => c.materiaMallaId),
      );
    }
    const picture: CorrelativasPicture = { materias, graph };
    for (const r of rows) {
      const refusal = correlativasRefusal(picture, r.materiaMallaId, r.semestre, r.correlativas);
      if (refusal) addError(r.errores, r.cell === undefined ? semestreLabel : label, refusal);
      if (r.stored && r.correlativas && !sameList(r.correlativas, storedLists.get(r.materiaMallaId) ?? [])) {
        r.cambios.push(label);
      }
    }
  }
}
