import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** What every scan checks: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * An axe scan of the page, to narrow with `include` before `analyze()`. It runs axe in the page itself (axe's
 * "legacy" mode): the default mode merges each frame's partial results in a blank page it opens and closes for
 * every scan, and Arandu's screens have no frames. Measured with the headless shell on a quiet machine: the same
 * findings, moderate ones included, in a11y-popups.spec (375 s to 333 s) and a11y.spec (tests 104 s to 82 s).
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).withTags(TAGS);
}
