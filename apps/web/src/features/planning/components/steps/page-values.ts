import { PLANNING_PAGE_FIELDS, type PlanningPageNumber } from '@arandu/shared';
import type { UseFormReturnType } from '@mantine/form';

/** The values one step's form holds: its page's fields plus `materiaPeriodoId`, as the save sends them. */
export type PageValues = Record<string, unknown>;
export type PageForm = UseFormReturnType<PageValues>;
export type RowValues = Record<string, unknown> & { id: number; index: number; deleted: boolean };

/** Fields whose "nothing" is null (dates, selects, numbers); a text's is ''. */
const NULLABLE = new Set([
  'fecha',
  'profesorMateria',
  'cantidadHoras',
  'horasTeoriaSemanal',
  'horasPracticaSemanal',
  'horasLaboratorioSemanal',
]);
const formValue = (key: string, value: unknown) => (value === null && !NULLABLE.has(key) ? '' : value);

/**
 * The form values of step `n` from the server's page: only that page's fields, texts as '' rather than null
 * (inputs stay controlled; the schema turns '' back into null or 'Debe ingresar un valor').
 */
export function valuesFromPage(n: PlanningPageNumber, page: object, materiaPeriodoId: number): PageValues {
  const source = page as Record<string, unknown>;
  const values: PageValues = { materiaPeriodoId };
  for (const key of Object.keys(PLANNING_PAGE_FIELDS[n])) {
    const value = source[key];
    values[key] = Array.isArray(value)
      ? (value as Record<string, unknown>[]).map((row) =>
          Object.fromEntries(Object.entries(row).map(([k, v]) => [k, formValue(k, v)])),
        )
      : formValue(key, value);
  }
  return values;
}
