import { execFileSync } from 'node:child_process';

/** LibreOffice's command when Debian's package is installed (`.ci/run` installs libreoffice-calc-nogui). */
export function findSoffice(): string | undefined {
  for (const candidate of ['soffice', 'libreoffice']) {
    try {
      execFileSync('which', [candidate], { stdio: 'pipe' });
      return candidate;
    } catch {
      // not on PATH
    }
  }
  return undefined;
}
