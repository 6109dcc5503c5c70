import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_COLUMN_LABELS } from '@arandu/shared';

/**
 * One field, one name, everywhere (issue 44): the spec names the country of `nacionalidadPaisId` 'Nacionalidad'
 * (spec 01's user fields, spec 03's 'Reporte de alumnos', the import's column); the ficha called it 'País de
 * nacimiento'. Only the spec's own required message keeps its words ('Debe ingresar el país de nacimiento').
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : files(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });

describe('the nationality field', () => {
  it("is labelled 'Nacionalidad' on every screen, test and audit entry", () => {
    const found = [...files(path.join(ROOT, 'apps/web/src')), ...files(path.join(ROOT, 'apps/web/e2e'))]
      .filter((f) => /País de nacimiento/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(found).toEqual([]);
    expect(AUDIT_COLUMN_LABELS.nacionalidad_pais_id).toBe('Nacionalidad');
  });
});
