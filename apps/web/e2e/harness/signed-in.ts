import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { stateFile, type Instalacion } from './servers.js';

/** A context's storage state, with the page the sign-in landed on (where a login takes this person). */
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>> & { landing: string };

let currentInstalacion: Instalacion = 'demo';

/** Set by the `servidor` fixture: the installation the running spec file started from. */
export function setCurrentInstalacion(instalacion: Instalacion): void {
  currentInstalacion = instalacion;
}

const cache = new Map<string, StorageState | null>();

/** The storage state the setup project saved for `email` on the current installation, if it signed them in. */
function storedState(email: string): StorageState | null {
  const file = stateFile(currentInstalacion, email);
  if (!cache.has(file)) {
    cache.set(file, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as StorageState) : null);
  }
  return cache.get(file)!;
}

/**
 * Puts `email`'s session from the setup project into the page's browser: its cookies (a cookie is per host, not
 * per port, so one state serves every copy of the template) and what the app keeps in localStorage, written on
 * this origin. Answers the page a login lands on, or null when there is no saved state, or when its session no
 * longer lives here (a test of this spec file ended it), so the caller signs in through the form instead.
 */
export async function restoreSession(page: Page, email: string): Promise<string | null> {
  const state = storedState(email);
  if (!state) return null;
  const context = page.context();
  await context.clearCookies();
  await context.addCookies(state.cookies);
  const alive = await page.request.get('/api/users/sessions');
  if (!alive.ok()) {
    await context.clearCookies();
    return null;
  }
  const stored = state.origins.flatMap((o) => o.localStorage);
  // A same-origin document that does not start the app, to write its localStorage before the app reads it.
  await page.goto('/api/health');
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const { name, value } of entries) localStorage.setItem(name, value);
  }, stored);
  return state.landing;
}

/** Saves the context's storage state and the page it landed on, for `restoreSession`. */
export async function saveSignedIn(page: Page, file: string): Promise<void> {
  const state = await page.context().storageState();
  fs.writeFileSync(file, JSON.stringify({ ...state, landing: new URL(page.url()).pathname }));
}
