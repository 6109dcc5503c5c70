import { axeScan } from './axe.js';
import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { loginAs, trackApiCalls } from './support.js';

/**
 * Accessibility gate (issue 15): axe on every screen the sidebar reaches for each demo role, plus the forms and
 * the login page, in light and dark. 0 serious or critical violations; the other impacts are printed.
 * A new screen is checked as soon as it is in the sidebar; forms reached only by a button go in EXTRA.
 */
const ACCOUNTS = ['admin@demo.edu.py', 'profesor@demo.edu.py', 'alumno@demo.edu.py'] as const;
const EXTRA: Record<(typeof ACCOUNTS)[number], string[]> = {
  'admin@demo.edu.py': [
    '/pages/users/new',
    '/pages/students/new',
    '/pages/mallas/new',
    '/pages/periodos/new',
    '/pages/subjects-periods/new',
    '/pages/account/my-profile',
    '/pages/account/edit-profile',
  ],
  'profesor@demo.edu.py': ['/pages/account/my-profile'],
  'alumno@demo.edu.py': ['/pages/account/my-profile', '/pages/account/edit-profile', '/pages/account/my-malla'],
};
const SCHEMES = ['light', 'dark'] as const;
const BLOCKING = new Set(['serious', 'critical']);

type Found = { url: string; scheme: string; rule: string; impact: string; nodes: number; sample: string };

async function settle(page: Page) {
  await page.locator('#app-loading').waitFor({ state: 'detached' });
  await calls.get(page)?.quiet(300);
  // Lists show a loader until their first page arrives.
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
}

/** `only`: a selector to scan instead of the whole page (the shell is the same on every screen: scanned once). */
async function scan(page: Page, url: string, scheme: string, only?: string): Promise<Found[]> {
  let builder = axeScan(page);
  if (only) builder = builder.include(only);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({
    url,
    scheme,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.length,
    sample: describe(v.nodes[0]),
  }));
}

/** The first node of a violation: where it is, its markup, and for contrast the colours and ratio axe found. */
function describe(node: { target: unknown[]; html: string; any: { data?: unknown }[] } | undefined): string {
  if (!node) return '';
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}` : '';
  return `${node.target.join(' ')}${colours} ${node.html.slice(0, 160)}`;
}

function summary(found: Found[]): string {
  const byImpact: Record<string, number> = {};
  for (const f of found) byImpact[f.impact] = (byImpact[f.impact] ?? 0) + f.nodes;
  return Object.entries(byImpact)
    .map(([impact, nodes]) => `${impact} ${nodes}`)
    .join(', ');
}

/** Each page's /api calls, followed from its first navigation: a screen is scanned once they are over. */
const calls = new WeakMap<Page, ReturnType<typeof trackApiCalls>>();

/** Client-side navigation (react-router listens to popstate): no reload, no 500 ms loading screen per screen. */
async function open(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveURL(url);
  await settle(page);
}

function report(label: string, screens: number, found: Found[]) {
  const blocking = found.filter((f) => BLOCKING.has(f.impact));
  console.log(`[axe ${label}] ${screens} screens: ${summary(found) || 'no violations'}`);
  for (const f of found) console.log(`  ${f.impact} ${f.rule} x${f.nodes} on ${f.url}: ${f.sample}`);
  expect(blocking.map((f) => `${f.impact} ${f.rule} x${f.nodes} on ${f.url}: ${f.sample}`)).toEqual([]);
}

// Traces of two dozen screens each cost more than the scans; a failure prints what axe found instead.
test.use({ trace: 'off' });

for (const scheme of SCHEMES) {
  test.describe(`axe (${scheme})`, () => {
    test.beforeEach(async ({ page }) => {
      calls.set(page, trackApiCalls(page));
      await page.addInitScript((value) => localStorage.setItem('arandu.colorScheme', value), scheme);
    });

    test(`0 serious/critical on the login page (${scheme})`, async ({ page }) => {
      await page.goto('/');
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      report(`${scheme} login`, 1, await scan(page, '/', scheme));
    });

    for (const account of ACCOUNTS) {
      test(`0 serious/critical on every screen of ${account} (${scheme})`, async ({ page }) => {
        test.setTimeout(420_000);
        await loginAs(page, account);
        await settle(page);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        const links = await page
          .getByRole('navigation', { name: 'Menú principal' })
          .locator('a[href^="/pages"]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
        const urls = [...new Set([...links, ...EXTRA[account]])];
        const found: Found[] = [];
        for (const [index, url] of urls.entries()) {
          await open(page, url);
          found.push(
            ...(await scan(page, `${account.split('@')[0]} ${url}`, scheme, index === 0 ? undefined : 'main')),
          );
        }
        report(`${scheme} ${account}`, urls.length, found);
      });
    }
  });
}
