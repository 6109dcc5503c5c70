import type { z } from 'zod';

/** A zod schema's definition as zod 4 keeps it (`_zod.def`): enough to walk any schema without a library. */
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers that only make a value optional, nullable or defaulted: the walk looks through them. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/**
 * Every place of an input schema where a client's text can land, with its path: the fields of objects, the
 * elements of arrays, the values of records, the object options of unions. A field that is not an object or
 * array (a string, a union with a string, a coerced number, a transform) is one leaf, probed as a whole.
 */
export function textLeaves(schema: z.ZodType, path: string[] = []): { path: string; schema: z.ZodType }[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return textLeaves(def.innerType, path);
  if (def.type === 'lazy' && def.getter) return textLeaves(def.getter(), path);
  if (def.type === 'object' && def.shape) {
    return Object.entries(def.shape).flatMap(([key, field]) => textLeaves(field, [...path, key]));
  }
  if (def.type === 'array' && def.element) return textLeaves(def.element, [...path, '[]']);
  if (def.type === 'record' && def.valueType) return textLeaves(def.valueType, [...path, '{}']);
  if (def.type === 'intersection' && def.left && def.right) {
    return [...textLeaves(def.left, path), ...textLeaves(def.right, path)];
  }
  if (def.type === 'pipe' && def.in && ['object', 'array'].includes(defOf(innermost(def.in)).type)) {
    // An object refined or transformed as a whole: its fields are still where the text lands.
    return textLeaves(def.in, path);
  }
  const leaf = { path: path.join('.') || '_', schema };
  if (def.type === 'union' && def.options) {
    const nested = def.options.flatMap((o) =>
      ['object', 'array'].includes(defOf(innermost(o)).type) ? textLeaves(o, path) : [],
    );
    return [leaf, ...nested];
  }
  return [leaf];
}

function innermost(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return innermost(def.innerType);
  if (def.type === 'pipe' && def.in) return innermost(def.in);
  return schema;
}

/** Texts a field of some format accepts: one of them passes most string fields as they are. */
const SAMPLES = [
  'a',
  'Ana',
  '1',
  '12345',
  'A-1',
  'ana@prueba.edu.py',
  '2024-03-01',
  '2024-03-01T10:00:00Z',
  '07:30',
  '0981 123456',
];

/**
 * Whether a leaf lets a character through (the null byte, a bidi control): some sample it accepts is still
 * accepted with the character at its start, middle or end. A leaf that accepts no sample (a number, an enum)
 * takes no free text.
 */
export function letsThrough(schema: z.ZodType, char: string): string | undefined {
  for (const sample of SAMPLES) {
    if (!schema.safeParse(sample).success) continue;
    for (const tainted of [`${char}${sample}`, `${sample}${char}`, `${sample.slice(0, 1)}${char}${sample.slice(1)}`]) {
      if (schema.safeParse(tainted).success) return JSON.stringify(tainted);
    }
  }
  return undefined;
}
