/** Debian's Chromium, or the one `CHROMIUM_PATH` names: no test or bench downloads a browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How the e2e tests and the web benches start it here: as root (no sandbox), without a GPU, and without the
 * connections of its own that this machine's closed network refuses, many at a time.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
