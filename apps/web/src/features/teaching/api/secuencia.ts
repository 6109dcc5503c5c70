let lastSecuencia = 0;

/**
 * The order of this tab's saves (docs/decisions/007-teaching.md): milliseconds, strictly increasing, so of
 * two saves of a cell the later one typed wins at the server even when it arrives first.
 */
export function nextSecuencia(): number {
  lastSecuencia = Math.max(Date.now(), lastSecuencia + 1);
  return lastSecuencia;
}
