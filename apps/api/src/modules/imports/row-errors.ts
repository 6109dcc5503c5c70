import type { ImportFila } from '@arandu/shared';
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

/** Marks later rows holding a value already seen in an earlier row of the file. */
export function markRepeated<T>(
  rows: readonly T[],
  valueOf: (row: T) => string | number | null | undefined,
  report: (row: T, firstFila: number) => void,
  filaOf: (row: T) => number,
): void {
  const first = new Map<string | number, number>();
  for (const row of rows) {
    const value = valueOf(row);
    if (value === null || value === undefined || value === '') continue;
    const seen = first.get(value);
    if (seen === undefined) first.set(value, filaOf(row));
    else report(row, seen);
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
