import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_QUOTES } from './spelling-spec-quotes.js';
import { textFiles, textsOf, wordsOf, type FoundText } from './spelling-texts.js';

/**
 * Every Spanish text of packages/shared/src/messages*.ts and of the web, checked with hunspell and Debian's
 * hunspell-es (es_PY) plus the domain's word list (spelling-words.txt) (issue 43). Texts the spec quotes with
 * their typos are skipped exactly, from spelling-spec-quotes.ts. Without hunspell the check fails in CI and is
 * skipped elsewhere, with how to install it.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const SPEC_DIR = join(ROOT, '..', 'shared', 'spec');
const DICTIONARY = 'es_PY';

const hunspellReady = spawnSync('hunspell', ['-d', DICTIONARY, '-l'], { input: 'casa\n' }).status === 0;
if (!hunspellReady && process.env.CI !== 'true') {
  console.warn(
    'spelling.test.ts: hunspell with the es_PY dictionary is missing, the spelling check is skipped ' +
      '(apt-get install -y hunspell hunspell-es).',
  );
}

/** The domain's words and the names the texts use (products, file types), one a line, '#' for comments. */
function wordList(): Set<string> {
  return new Set(
    readFileSync(join(import.meta.dirname, 'spelling-words.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.toLowerCase()),
  );
}

/** The texts, each spec-quoted text in them blanked out (longest first, so a quote inside another is not split). */
function allTexts(): FoundText[] {
  const quotes = SPEC_QUOTES.map((q) => q.text).sort((a, b) => b.length - a.length);
  return textFiles(ROOT)
    .flatMap((f) => textsOf(ROOT, f))
    .map(({ file, text }) => ({ file, text: quotes.reduce((t, q) => t.split(q).join(' '), text) }));
}

describe('spelling of the Spanish texts (issue 43)', () => {
  it.runIf(hunspellReady || process.env.CI === 'true')('knows every word, or the domain list names it', () => {
    expect(hunspellReady, 'hunspell and hunspell-es must be installed in CI (.ci/run installs them)').toBe(true);
    const known = wordList();
    const texts = allTexts().map((t) => ({ ...t, words: wordsOf(t.text) }));
    const unique = [...new Set(texts.flatMap((t) => t.words))];
    const unknown = new Set(
      execFileSync('hunspell', ['-d', DICTIONARY, '-l'], { input: unique.join('\n') })
        .toString()
        .split('\n')
        .filter((w) => w && !known.has(w.toLowerCase())),
    );
    // A literal mostly of unknown words is code (a CSS value, a URL part), not a text: only texts where most
    // words are Spanish are judged.
    const misspelt = texts.flatMap((t) => {
      const bad = t.words.filter((w) => unknown.has(w));
      return bad.length > 0 && bad.length * 2 <= t.words.length
        ? bad.map((w) => `${w} (${t.file}: ${t.text.trim().slice(0, 90)})`)
        : [];
    });
    expect(
      [...new Set(misspelt)],
      'misspelt, or a domain word to add to spelling-words.txt, or a spec quote to add to spelling-spec-quotes.ts',
    ).toEqual([]);
  });

  it("writes the app's own confirmations 'Sí, ...', with the accent (only the spec's keep 'Si, ...')", () => {
    const unaccented = allTexts()
      .filter((t) => /(^|[^\wáéíóú])Si, /.test(t.text))
      .map((t) => `${t.file}: ${t.text.trim()}`);
    expect(unaccented).toEqual([]);
  });

  it.runIf(existsSync(SPEC_DIR))('keeps a spec-quoted exception only while the spec quotes it on that line', () => {
    const stale = SPEC_QUOTES.filter(({ text, spec }) => {
      const [file, line] = spec.split(':') as [string, string];
      const lines = readFileSync(join(SPEC_DIR, file), 'utf8').split('\n');
      return !lines[Number(line) - 1]?.includes(text);
    });
    expect(stale).toEqual([]);
  });
});
