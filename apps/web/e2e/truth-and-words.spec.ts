import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { api, loginAs, shot } from './support.js';

/**
 * Issue 43 items 4 and 6 in the browser: the public verification page says an acta has rectifications and
 * verifies a rectification's own code; an unknown code offers to type it again and the faculty's page; at
 * 390 px 'Mis certificados' keeps its buttons and columns on screen, the early-warning badges are not cut
 * and Escape closes the phone's menu. Pictures at 1280 and 390 px, light and dark.
 */
const SIZES = [
  { name: '1280', width: 1280, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

test.describe.configure({ timeout: 150_000 });

/** Whether an element's text is cut: it needs more room than it has. */
const cut = (page: Page, selector: string) =>
  page.$$eval(selector, (nodes) =>
    nodes.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent ?? ''),
  );

/**
 * A demo acta with an acta rectificativa (demo-exams.ts rectifies one final): both codes. Every page of sealed
 * exams is looked at: the demo seals 221, and the rectified one was past the first 100.
 */
async function rectifiedActa(page: Page): Promise<{ acta: string; rectificacion: string; nro: string }> {
  for (let n = 1; ; n++) {
    const sealed = await api<{ items: { id: number }[] }>(page, '/api/exams/all', {
      page: n,
      pageSize: 100,
      filters: { estado: [1] },
    });
    if (sealed.items.length === 0) break;
    for (const { id } of sealed.items) {
      const list = await api<{ codigoActa: string; codigoVerificacion: string; nroRectificacion: string }[]>(
        page,
        `/api/exams/${id}/rectificaciones`,
      );
      const r = list[0];
      if (r) return { acta: r.codigoActa, rectificacion: r.codigoVerificacion, nro: r.nroRectificacion };
    }
  }
  throw new Error('no demo acta with a rectification');
}

for (const scheme of SCHEMES) {
  test(`[PÚBLICO] verificación: acta con rectificaciones, la rectificación por su código y un código desconocido (${scheme})`, async ({
    page,
    browser,
  }) => {
    await loginAs(page, 'funcionario@demo.edu.py');
    const codes = await rectifiedActa(page);
    const anonymous = await browser.newPage();
    await anonymous.addInitScript((value) => localStorage.setItem('arandu.colorScheme', value), scheme);
    for (const size of SIZES) {
      await anonymous.setViewportSize(size);
      await anonymous.goto(`/verificar/${codes.acta}`);
      await expect(anonymous.getByText(/^Acta vigente con 1 rectificación$/)).toBeVisible();
      const table = anonymous.getByRole('table', { name: 'Actas rectificativas de esta versión' });
      await expect(table).toContainText(codes.nro);
      await shot(anonymous, `verify-acta-rectified-${size.name}-${scheme}`);

      await table.getByRole('link', { name: codes.rectificacion }).click();
      await expect(anonymous.getByRole('heading', { name: `Acta rectificativa N.º ${codes.nro}` })).toBeVisible();
      await shot(anonymous, `verify-rectification-${size.name}-${scheme}`);

      await anonymous.goto('/verificar/CODIGO-QUE-NO-EXISTE');
      await expect(anonymous.getByText('No se encontró ningún documento con ese código')).toBeVisible();
      await expect(anonymous.getByRole('link', { name: /página de Facultad/ })).toHaveAttribute(
        'href',
        'https://www.demo.edu.py',
      );
      await shot(anonymous, `verify-unknown-${size.name}-${scheme}`);
      const field = anonymous.getByRole('textbox', { name: 'Código de verificación' });
      await field.fill(codes.acta);
      await anonymous.getByRole('button', { name: 'Verificar de nuevo' }).click();
      await expect(anonymous.getByText(/^Acta vigente con 1 rectificación$/)).toBeVisible();
    }
    await anonymous.close();
  });

  test(`[ALUMNO] a 390 px: certificados, alertas y el menú del teléfono (${scheme})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('arandu.colorScheme', value), scheme);
    await loginAs(page, 'alumno@demo.edu.py');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto('/pages/mis-certificados');
      const table = page.getByRole('table', { name: 'Certificados emitidos' });
      await expect(table).toBeVisible();
      expect(await cut(page, 'main button .mantine-Button-label, main table .mantine-Badge-label')).toEqual([]);
      // Estado and PDF on screen without scrolling sideways.
      for (const header of ['Estado', 'PDF']) {
        const box = (await table.getByRole('columnheader', { name: header }).boundingBox())!;
        expect(box.x + box.width, `${header} at ${size.name}`).toBeLessThanOrEqual(size.width);
      }
      await shot(page, `certificates-${size.name}-${scheme}`);

      await page.goto('/pages/student-dashboard');
      const alerts = page.getByRole('alert', { name: 'Alertas tempranas' });
      await expect(alerts).toBeVisible();
      expect(await cut(page, '[aria-label="Alertas tempranas"] .mantine-Badge-label')).toEqual([]);
      await expect(page.getByText('PP acumulado').first()).toBeVisible();
      await shot(page, `dashboard-${size.name}-${scheme}`);
    }
    // The phone's menu (390 px, the last size): Escape closes it and the focus goes back to its button.
    const burger = page.locator('#menu-telefono');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toBeFocused();
  });
}
