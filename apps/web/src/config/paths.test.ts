import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../app/router';
import { paths } from './paths';

/** One address of every route the three spec documents name. */
const SPEC_ROUTES = [
  '/log_in',
  '/first_log_in',
  '/pages',
  '/pages/one',
  '/pages/two',
  '/pages/account/my-profile',
  '/pages/account/edit-profile',
  '/pages/users',
  '/pages/users/new',
  '/pages/users/edit/7',
  '/pages/students',
  '/pages/students/new',
  '/pages/students/edit/7',
  '/pages/student-subjects',
  '/pages/student-subjects/7',
  '/pages/student-subjects/inscription/form',
  '/pages/student-subjects/inscription/new',
  '/pages/student-subjects/edit/7',
  '/pages/student-tasks/7',
  '/pages/student-dashboard',
  '/pages/student-exams',
  '/pages/student-exams/inscription',
  '/pages/exams',
  '/pages/exams/new',
  '/pages/exams/edit/7',
  '/pages/exams/show-report/7',
  '/pages/exams/show-recuperatorio-report/7',
  '/pages/exams/show-final-report/7',
  '/pages/exams/show-all-report/7',
  '/pages/exams/inscription/7',
  '/pages/exams/inscription/7/8',
  '/pages/profesor-dashboard',
  '/pages/profesor-subjects',
  '/pages/profesor-subjects/7',
  '/pages/subjects-periods',
  '/pages/subjects-periods/new',
  '/pages/subjects-periods/edit/7',
  '/pages/periodos',
  '/pages/periodos/new',
  '/pages/periodos/edit/7',
  '/pages/periodos/edit/7/materias',
  '/pages/periodos/subjects/edit/7/8',
  '/pages/periodos/subjects/edit/7/8/move-section',
  '/pages/mallas',
  '/pages/mallas/new',
  '/pages/mallas/edit/7',
  '/pages/audit_log',
  '/pages/reporte-inscripcion',
  '/pages/reporte-alumnos',
  '/pages/reporte-alumnos/academic-status',
  '/pages/reporte-alumnos/academic-status/7',
  '/pages/reporte-alumnos-por-materias',
];

describe('paths', () => {
  it('builds addresses with parameters', () => {
    expect(paths.users.edit(7)).toBe('/pages/users/edit/7');
    expect(paths.users.edit.pattern).toBe('/pages/users/edit/:id');
    expect(paths.exams.inscriptionEdit(3, 'a b')).toBe('/pages/exams/inscription/3/a%20b');
    expect(paths.periodos.moveSection(1, 2)).toBe('/pages/periodos/subjects/edit/1/2/move-section');
    // @ts-expect-error: two parameters are required
    paths.periodos.subjectEdit(1);
  });

  it.each(SPEC_ROUTES)('routes %s to a screen', (address) => {
    const leaf = matchRoutes(createRoutes(), address)?.at(-1)?.route;
    expect(leaf).toBeDefined();
    expect(leaf?.path).not.toBe('*');
  });

  it('routes an unknown address to the 404 page', () => {
    expect(matchRoutes(createRoutes(), '/no-existe')?.at(-1)?.route.path).toBe('*');
    expect(matchRoutes(createRoutes(), '/pages/no-existe')?.at(-1)?.route.path).toBe('*');
  });
});
