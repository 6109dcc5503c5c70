import { MSG_IMPORT, type ImportFila } from '@arandu/shared';
import type { ImportColumn } from './columns.js';
import type { SourceFile } from './import-kind.js';

/**
 * The document of the people templates' example row (issue 40): it read '4.858.380', a document the demo
 * holds, so a template uploaded unchanged updated a real student. This one is no number, so it matches nobody,
 * and it still shows the dots a document may be typed with.
 */
export const EJEMPLO_DOCUMENTO = 'Ejemplo: 1.234.567';

/** A document cell still holding the example, however a spreadsheet retyped it ('EJEMPLO 1234567'). */
const isExample = (documento: string | undefined) => documento !== undefined && /ejemplo/i.test(documento);

/**
 * The rows of `file` that still carry the template's example: refused with one message under the document's
 * column, which says to replace or delete the row (instead of the schema's 'El número de documento no es
 * correcto'). Nothing is written for them, and an apply with one is refused whole, like any row in error.
 */
export function refuseExampleRows<P extends ImportFila>(
  columns: readonly ImportColumn[],
  file: SourceFile,
  plans: P[],
): P[] {
  const documento = columns.find((c) => c.key === 'documento');
  if (!documento) return plans;
  const examples = new Set(file.rows.filter((r) => isExample(r.values.documento)).map((r) => r.fila));
  if (examples.size === 0) return plans;
  return plans.map((p) =>
    examples.has(p.fila)
      ? { ...p, accion: 'error', errores: { [documento.label]: MSG_IMPORT.exampleRow }, cambios: [] }
      : p,
  );
}
