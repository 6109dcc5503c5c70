import { MSG_IMPORT, type ImportFila, type TipoImportacion } from '@arandu/shared';
import type { ImportColumn } from './columns.js';
import type { SourceFile } from './import-kind.js';

/**
 * The document of the people templates' example row (issue 40): it read '4.858.380', a document the demo
 * holds, so a template uploaded unchanged updated a real student. This one is no number, so it matches nobody,
 * and it still shows the dots a document may be typed with.
 */
export const EJEMPLO_DOCUMENTO = 'Ejemplo: 1.234.567';

/**
 * The rooms template's example name (issue 45): a room is matched by its name, so a plain 'B-12' left in the
 * file would update the faculty's own B-12 (the demo has one).
 */
export const EJEMPLO_AULA = 'Ejemplo: B-12';

/** A cell still holding the example, however a spreadsheet retyped it ('EJEMPLO 1234567', 'ejemplo: b-12'). */
const isExample = (cell: string | undefined) => cell !== undefined && /ejemplo/i.test(cell);

/** The cell of a kind's example row that marks it as the example, and what a row keeping it is told. */
interface ExampleCell {
  key: string;
  value: string;
  message: string;
}

const PERSON_EXAMPLE: ExampleCell = { key: 'documento', value: EJEMPLO_DOCUMENTO, message: MSG_IMPORT.exampleRow };

const EXAMPLES: Partial<Record<TipoImportacion, ExampleCell>> = {
  alumnos: PERSON_EXAMPLE,
  profesores: PERSON_EXAMPLE,
  aulas: { key: 'nombre', value: EJEMPLO_AULA, message: MSG_IMPORT.exampleRowAula },
};

/** The template's example value of a column: the marked cell's placeholder, else the column's own example. */
export function exampleValue(tipo: TipoImportacion, column: ImportColumn): string {
  const example = EXAMPLES[tipo];
  return example?.key === column.key ? example.value : column.ejemplo;
}

/**
 * The rows of `file` that still carry the template's example: refused with one message under the marked
 * column, which says to replace or delete the row (instead of the schema's own message, or a silent update of
 * a real room). Nothing is written for them, and an apply with one is refused whole, like any row in error.
 */
export function refuseExampleRows<P extends ImportFila>(
  tipo: TipoImportacion,
  columns: readonly ImportColumn[],
  file: SourceFile,
  plans: P[],
): P[] {
  const example = EXAMPLES[tipo];
  const column = example && columns.find((c) => c.key === example.key);
  if (!example || !column) return plans;
  const examples = new Set(file.rows.filter((r) => isExample(r.values[example.key])).map((r) => r.fila));
  if (examples.size === 0) return plans;
  return plans.map((p) =>
    examples.has(p.fila) ? { ...p, accion: 'error', errores: { [column.label]: example.message }, cambios: [] } : p,
  );
}
