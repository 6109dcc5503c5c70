import { describe, expect, it } from 'vitest';
import { auditColumnLabel, auditTableLabel } from './audit-labels.js';

describe('audit labels', () => {
  it('names tables and columns in Spanish', () => {
    expect(auditTableLabel('actas_selladas')).toBe('Actas selladas');
    expect(auditTableLabel('inscripciones_examen')).toBe('Inscripciones a exámenes');
    expect(auditColumnLabel('examen_id')).toBe('Examen');
    expect(auditColumnLabel('porcentaje_pp')).toBe('% PP');
  });

  it('shows a name it does not know as stored', () => {
    expect(auditTableLabel('tabla_nueva')).toBe('tabla_nueva');
    expect(auditColumnLabel('columna_nueva')).toBe('columna_nueva');
  });
});
