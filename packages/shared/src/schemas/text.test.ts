import { describe, expect, it } from 'vitest';
import { MSG_QUALITY } from '../messages-quality.js';
import { zLogin } from './login.js';
import { zText } from './text.js';

/** U+202A-U+202E (embeddings, overrides) and U+2066-U+2069 (isolates): they reorder what is shown. */
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('zText', () => {
  it('refuses the null byte', () => {
    expect(messageOf(zText().safeParse('a\u0000b'))).toBe(MSG_QUALITY.textNullByte);
  });

  it('refuses every bidi control character, wherever it is, with its own message', () => {
    for (const c of BIDI) {
      for (const text of [`${c}INF101`, `INF${c}101`, `INF101${c}`]) {
        expect(messageOf(zText().trim().max(16).safeParse(text)), JSON.stringify(text)).toBe(
          MSG_QUALITY.textBidiControl,
        );
      }
    }
  });

  it('keeps right-to-left text, accents and the marks that do not reorder', () => {
    for (const text of ['Ingeniería Civil', 'ñandutí', 'שלום', 'مرحبا', 'a\u200eb', 'a\u200fb']) {
      expect(zText().safeParse(text).success, text).toBe(true);
    }
  });

  it("is the rule of the login form's e-mail too", () => {
    const login = zLogin.safeParse({ email: 'ana\u202e@prueba.edu.py', password: 'clave' });
    expect(messageOf(login)).toBe(MSG_QUALITY.textBidiControl);
  });
});

describe('passwords', () => {
  it('keep a bidi control (never shown, and one set earlier must still log in) but not the null byte', () => {
    const login = { email: 'ana@ing.edu.py', password: 'clave\u202esegura' };
    expect(zLogin.safeParse(login).success).toBe(true);
    expect(zLogin.safeParse({ ...login, password: 'clave\u0000' }).success).toBe(false);
    expect(zLogin.safeParse({ ...login, email: 'an\u202ea@ing.edu.py' }).success).toBe(false);
  });
});
