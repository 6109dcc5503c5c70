/**
 * A User-Agent as people name their browser: 'Chrome en Windows', 'Firefox en Android'. Only the common
 * browsers and systems; anything else reads 'Otro navegador'. The order matters: Edge and Opera say Chrome
 * too, Chrome says Safari.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function browserName(userAgent: string | null): string {
  if (!userAgent) return 'Desconocido';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (!browser) return system ? `Otro navegador en ${system}` : 'Otro navegador';
  return system ? `${browser} en ${system}` : browser;
}
