import { SEMESTRE_MAX } from '@arandu/shared';

/** Semesters 1º to 10º for the malla selects. */
export const SEMESTRE_OPTIONS = Array.from({ length: SEMESTRE_MAX }, (_, i) => ({
  value: String(i + 1),
  label: `${i + 1}º`,
}));
