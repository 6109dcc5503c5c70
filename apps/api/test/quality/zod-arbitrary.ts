import fc from 'fast-check';
import type { z } from 'zod';
import { defOf } from './schema-walk.js';

/** Texts that broke or could break something: RTL marks, emoji, lone surrogates, SQL and HTML, the null byte. */
const NASTY_TEXT = [
  '',
  ' ',
  '\u200f\u202eشسع\u202c',
  '👩‍💻🇵🇾',
  '\ud800',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '\u0000',
  'a'.repeat(10_000),
  'ñandú Ñ á'.repeat(50),
];
/** Texts in the formats the fields expect, so generated bodies often get past validation into the services. */
const PLAUSIBLE_TEXT = [
  'Ana',
  'Ingeniería Civil',
  'ana@prueba.edu.py',
  '2024-03-01',
  '2026-03-01T10:00:00Z',
  '07:30',
  '1234567',
  'A',
];
const NASTY_NUMBER = [0, -1, 1, 2_147_483_647, 2_147_483_648, -2_147_483_649, 1e21, 0.5, Number.MAX_SAFE_INTEGER + 2];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_TEXT) },
);
const number = fc.oneof(
  fc.integer({ min: -3, max: 200 }),
  fc.constantFrom(...NASTY_NUMBER),
  fc.double({ noNaN: true }),
);

/** A value of the wrong kind in any place: what a broken or hostile client sends. */
const mutant: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  number,
  text,
  fc.array(fc.integer(), { minLength: 2000, maxLength: 2000 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/**
 * An arbitrary of bodies for a zod schema: mostly the shape the schema describes (so the services run), with
 * a wrong-kind value in some places, extra fields on objects and huge arrays. Small, own generator over zod 4's
 * definitions, because what matters here is hostile input, not only valid values.
 */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedFor(schema, depth);
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: mutant });
}

function shapedFor(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema) as ReturnType<typeof defOf> & {
    entries?: Record<string, string | number>;
    values?: unknown[];
  };
  if (depth > 6) return mutant;
  switch (def.type) {
    case 'string':
      return text;
    case 'number':
    case 'bigint':
      return number;
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { a: 'a' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.option(arbitraryFor(def.innerType!, depth + 1), { nil: undefined, freq: 4 });
    case 'lazy':
      return arbitraryFor(def.getter!(), depth + 1);
    case 'pipe':
      return shapedFor(def.in!, depth);
    case 'union':
      return fc.oneof(...def.options!.map((o) => arbitraryFor(o, depth + 1)));
    case 'intersection':
      return fc
        .tuple(arbitraryFor(def.left!, depth + 1), arbitraryFor(def.right!, depth + 1))
        .map(([a, b]) => (isObject(a) && isObject(b) ? { ...a, ...b } : a));
    case 'array':
      return fc.oneof(
        { weight: 5, arbitrary: fc.array(arbitraryFor(def.element!, depth + 1), { maxLength: 4 }) },
        { weight: 1, arbitrary: fc.array(arbitraryFor(def.element!, depth + 1), { minLength: 300, maxLength: 300 }) },
      );
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), arbitraryFor(def.valueType!, depth + 1), { maxKeys: 4 });
    case 'object': {
      const fields = Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, arbitraryFor(v, depth + 1)]));
      const record = fc.record(fields, { requiredKeys: [] });
      const extra = fc.dictionary(fc.constantFrom('id', 'extra', '__proto__', 'constructor', 'x'), mutant, {
        maxKeys: 2,
      });
      return fc.tuple(record, fc.option(extra, { freq: 5 })).map(([r, e]) => (e ? { ...e, ...r } : r));
    }
    default:
      return mutant;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
