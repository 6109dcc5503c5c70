/** One column of an import: its header in the template, other names it is known by, and its help text. */
export interface ImportColumn<K extends string = string> {
  key: K;
  /** The header of the template, and the name errors are reported under. */
  label: string;
  aliases: readonly string[];
  required: boolean;
  /** The template's example value. */
  ejemplo: string;
  /** What the column accepts (the template's second sheet). */
  valores: string;
}

/** The career of a row, by code or name: the students' file and the mallas' file read it alike. */
export const CARRERA_COLUMN: ImportColumn<'carrera'> = {
  key: 'carrera',
  label: 'Carrera',
  aliases: ['Código de carrera'],
  required: true,
  ejemplo: 'INF',
  valores: 'El código o el nombre de la carrera (hoja Valores aceptados).',
};

/** Words that a header may carry or not ('Nº de legajo' is 'legajo', 'C.I. Nº' is 'ci'). */
const FILLER = new Set(['de', 'del', 'la', 'el', 'los', 'las', 'n', 'no', 'nro', 'num', 'numero', 'o']);

/** A header without accents, case, punctuation or filler words: 'Cédula', 'cedula' and 'CÉDULA' are one. */
export function headerKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !FILLER.has(w))
    .join('');
}

export interface HeaderMatch<K extends string> {
  /** Column key -> index of the cell in each row. */
  index: Map<K, number>;
  ignored: string[];
  missing: string[];
}

/** Finds each column of the import among the file's headers, by its label or any alias. */
export function matchHeaders<K extends string>(header: string[], columns: readonly ImportColumn<K>[]): HeaderMatch<K> {
  const byName = new Map<string, K>();
  for (const column of columns) {
    for (const name of [column.label, ...column.aliases]) byName.set(headerKey(name), column.key);
  }
  const index = new Map<K, number>();
  const ignored: string[] = [];
  header.forEach((cell, i) => {
    const key = byName.get(headerKey(cell));
    if (key !== undefined && !index.has(key)) index.set(key, i);
    else if (cell !== '') ignored.push(cell);
  });
  const missing = columns.filter((c) => c.required && !index.has(c.key)).map((c) => c.label);
  return { index, ignored, missing };
}

/** A data row's cells by column key; an empty cell is absent. */
export type RowValues<K extends string> = Partial<Record<K, string>>;

export function rowValues<K extends string>(cells: string[], index: Map<K, number>): RowValues<K> {
  const values: RowValues<K> = {};
  for (const [key, i] of index) {
    const cell = cells[i]?.trim();
    if (cell) values[key] = cell;
  }
  return values;
}
