import { MSG_IMPORT, type ImportFila } from '@arandu/shared';
import type { z } from 'zod';

/** The errors of one row, by column label; the first message of a column wins. */
export type RowErrors = Record<string, string>;

export function addError(errors: RowErrors, column: string, message: string): void {
  errors[column] ??= message;
}

/** The form schema's issues, under the column each field is read from (`labelOf` answers it by path). */
export function addIssues(errors: RowErrors, error: z.ZodError, labelOf: (path: PropertyKey[]) => string): void {
  for (const issue of error.issues) addError(errors, labelOf(issue.path), issue.message);
}

/**
 * Marks every row holding a value that another row of the file holds too (issue 44: both rows of a document
 * repeated in rows 14 and 30, not only the second): a later row is told the first row it repeats
 * (`MSG_IMPORT.repeated`), the first row the next one that repeats it (`MSG_IMPORT.repeatedBelow`).
 */
export function markRepeated<T>(
  rows: readonly T[],
  valueOf: (row: T) => string | number | null | undefined,
  report: (row: T, message: string) => void,
  filaOf: (row: T) => number,
): void {
  const first = new Map<string | number, T>();
  const firstMarked = new Set<T>();
  for (const row of rows) {
    const value = valueOf(row);
    if (value === null || value === undefined || value === '') continue;
    const seen = first.get(value);
    if (seen === undefined) {
      first.set(value, row);
      continue;
    }
    report(row, MSG_IMPORT.repeated(filaOf(seen)));
    if (!firstMarked.has(seen)) {
      firstMarked.add(seen);
      report(seen, MSG_IMPORT.repeatedBelow(filaOf(row)));
    }
  }
}

/**
 * What the apply does with a judged row: nothing for a row with errors (and it lists no changes), create what
 * is not stored yet, update what differs.
 */
export function settleAccion(plan: Pick<ImportFila, 'accion' | 'errores' | 'cambios'>, stored: boolean): void {
  plan.accion = Object.keys(plan.errores).length
    ? 'error'
    : !stored
      ? 'crear'
      : plan.cambios.length
        ? 'actualizar'
        : 'sin cambios';
  if (plan.accion === 'error') plan.cambios = [];
}
