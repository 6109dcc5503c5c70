import { describe, expect, it } from 'vitest';
import { Role } from '@arandu/shared';
import { searchWords, withoutDocumentDots } from '../src/lib/search.js';
import { createAlumno, createOffering, inscribir, setupAppWithEveryRole } from './factories/academic.js';
import { createUser } from './factories/users.js';
import { bearer } from './helper.js';

const { t, who } = setupAppWithEveryRole();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.admin.token), ...(payload ? { payload } : {}) });

describe('withoutDocumentDots', () => {
  it("drops a document's dots and keeps every other dot", () => {
    expect(withoutDocumentDots('4.858.380')).toBe('4858380');
    expect(withoutDocumentDots('4.858.')).toBe('4858');
    expect(withoutDocumentDots('ramirez 1.234.567')).toBe('ramirez 1234567');
    expect(withoutDocumentDots('ana.lopez@demo.py')).toBe('ana.lopez@demo.py');
    expect(searchWords('  4.858.380   Lucía ')).toEqual(['4858380', 'Lucía']);
  });
});

describe('searches that cover a document accept it as shown, with dots (issue 34)', () => {
  it('finds 4858380 by 4.858.380 in the users, students, enrolments, subject-period, audit and report lists', async () => {
    const o = await createOffering(t.db);
    const a = await createAlumno(t.db, o.malla.id, { numeroDocumento: '4858380', apellido: 'Punteado' });
    const enrolment = await inscribir(t.db, a.perfil.id, o.mp);
    const sinFicha = await createUser(t.db, { roles: [Role.Alumno], numeroDocumento: '7123456' });
    const shown = '4.858.380';

    const users = await call('POST', '/api/users/all', { filters: { search: shown } });
    expect(users.json().items.map((u: { id: number }) => u.id)).toEqual([a.user.id]);

    const alumnos = await call('POST', '/api/students/all', { filters: { search: shown } });
    expect(alumnos.json().items.map((s: { id: number }) => s.id)).toEqual([a.perfil.id]);

    const select = await call('GET', `/api/students/select_values?search=${encodeURIComponent('7.123.456')}`);
    expect(select.json().alumnos.map((s: { value: number }) => s.value)).toEqual([sinFicha.id]);

    const enrolments = await call('POST', '/api/studentsubjects/all', { filters: { alumno: shown } });
    expect(enrolments.json().items.map((i: { id: number }) => i.id)).toEqual([enrolment.id]);

    const inClass = await call('POST', `/api/MateriasPeriodo/${o.mp.id}/alumnos`, { filters: { search: shown } });
    expect(inClass.json().items.map((i: { id: number }) => i.id)).toEqual([enrolment.id]);

    const report = await call('POST', '/api/reports/reporte_inscriptos', { filters: { search: shown } });
    expect(report.json().items.map((r: { apellido: string }) => r.apellido)).toEqual(['Punteado']);

    // The audit log by who made a change: the administrator resets the student's password.
    expect((await call('POST', `/api/users/reset_password/${a.user.id}`)).statusCode).toBe(200);
    const audit = await call('POST', '/api/users/all_auditlog', {
      filters: { usuario: withDots(who.admin.user.numeroDocumento) },
    });
    expect(audit.json().totalItemsCount).toBeGreaterThan(0);
    expect(new Set(audit.json().items.map((i: { usuarioId: number }) => i.usuarioId))).toEqual(
      new Set([who.admin.user.id]),
    );
  });
});

/** A document as the lists show it (es-PY thousands). */
function withDots(documento: string): string {
  return documento.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
