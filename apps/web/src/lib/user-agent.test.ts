import { describe, expect, it } from 'vitest';
import { browserName } from './user-agent';

describe('browserName', () => {
  it('names the common browsers and systems as people do', () => {
    const chromeWindows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(browserName(chromeWindows)).toBe('Chrome en Windows');
    expect(browserName(`${chromeWindows} Edg/131.0.0.0`)).toBe('Edge en Windows');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox en Linux',
    );
    expect(
      browserName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari en iOS');
    expect(
      browserName(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome en Android');
  });

  it('says what it does not know', () => {
    expect(browserName(null)).toBe('Desconocido');
    expect(browserName('curl/8.0')).toBe('Otro navegador');
  });
});
