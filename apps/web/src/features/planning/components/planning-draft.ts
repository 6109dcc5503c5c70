import type { PageValues } from './steps/page-values';

/**
 * A page typed for twenty minutes must survive an expired session or a closed tab (issue 14): its values
 * stay in this browser from the first change until the server confirms the save (or the user discards them).
 */
const keyOf = (materiaPeriodoId: number, page: number) => `arandu.planning-draft.${materiaPeriodoId}.${page}`;

export function readDraft(materiaPeriodoId: number, page: number): PageValues | null {
  try {
    const text = localStorage.getItem(keyOf(materiaPeriodoId, page));
    const parsed = text ? (JSON.parse(text) as unknown) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as PageValues) : null;
  } catch {
    // A draft that cannot be read is no draft.
    return null;
  }
}

export function writeDraft(materiaPeriodoId: number, page: number, values: PageValues): void {
  try {
    localStorage.setItem(keyOf(materiaPeriodoId, page), JSON.stringify(values));
  } catch {
    // A full or blocked storage leaves the page as it was: saving still works.
  }
}

export function clearDraft(materiaPeriodoId: number, page: number): void {
  localStorage.removeItem(keyOf(materiaPeriodoId, page));
}
