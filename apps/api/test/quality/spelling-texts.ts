import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One human text found in the code: the file it is in and the words to check. */
export interface FoundText {
  file: string;
  text: string;
}

/** Spanish letters; anything else splits words. */
export const WORD_SPLIT = /[^A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+/;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'test') walk(path, out);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The files whose texts a person reads: the shared messages and the web's sources (not its tests). */
export function textFiles(root: string): string[] {
  const shared = join(root, 'packages/shared/src');
  return [
    ...readdirSync(shared)
      .filter((n) => /^messages.*\.ts$/.test(n))
      .map((n) => join(shared, n)),
    ...walk(join(root, 'apps/web/src')),
  ];
}

/**
 * Code caught as a text: a nested template (an unclosed `${`), an object member, a call, a conditional, a CSS
 * variable (`--mantine-...`).
 */
const CODE_IN_TEXT = /\$\{|\w+: \w+\.\w|\w\(|\s\.\w|\?\.|\?\?|===|=>|\?\s*\(|\)\s*:|--\w|\breturn\b/;
/** JSX text that is in fact code between two tags (`a < b`, a statement). */
const CODE_LIKE = new RegExp(`[=;{}]|\\bconst\\b|&&|\\|\\||${CODE_IN_TEXT.source}`);

/**
 * The string literals with a space in them (one-word literals are keys, colours, sizes) and the JSX texts of a
 * file, comments and `${...}` parts removed, HTML entities as a space.
 */
export function textsOf(root: string, path: string): FoundText[] {
  const file = relative(root, path);
  const source = readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const texts: FoundText[] = [];
  for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const text = (m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, ' ');
    if (/\s/.test(text.trim()) && !CODE_IN_TEXT.test(text)) texts.push({ file, text });
  }
  for (const m of source.matchAll(/>([^<>{}]*[A-Za-zÁÉÍÓÚáéíóúñÑ]{3}[^<>{}]*)</g)) {
    const text = (m[1] ?? '').replace(/&\w+;/g, ' ');
    if (!CODE_LIKE.test(text)) texts.push({ file, text });
  }
  return texts;
}

/** The words worth a dictionary: three letters or more, not camelCase identifiers, not acronyms. */
export function wordsOf(text: string): string[] {
  return text
    .split(WORD_SPLIT)
    .filter((w) => w.length >= 3 && !/[a-záéíóúñ][A-ZÁÉÍÓÚ]/.test(w) && w !== w.toUpperCase());
}
