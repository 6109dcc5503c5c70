import { Role } from '@arandu/shared';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../app/router';
import { makeUser } from '../test/api-mock';
import { NAV_GROUPS, visibleNavGroups } from './navigation';

const labels = (...args: Parameters<typeof visibleNavGroups>) => visibleNavGroups(...args).map((g) => g.label);

describe('menu visibility (spec 01 section 4)', () => {
  it('shows the administrator/staff groups and the reports in views 2 and 3', () => {
    const admin = makeUser({ esFuncionario: true, esAdmin: true });
    expect(labels(admin, Role.Funcionario)).toEqual(['Administración', 'Alumnos', 'Profesores', 'Reporte']);
    expect(labels(admin, Role.Admin)).toEqual(['Administración', 'Alumnos', 'Profesores', 'Reporte']);
  });

  it('shows the student menu and the reports to a student in view 0', () => {
    expect(labels(makeUser({ esAlumno: true, esAdmin: true }), Role.Alumno)).toEqual(['Alumno', 'Reporte']);
  });

  it('shows the student menu to a user who is only a student, whatever the view', () => {
    expect(labels(makeUser({ esAlumno: true }), Role.Profesor)).toContain('Alumno');
  });

  it('shows the professor menu in view 1 and to a user who is only a professor, without reports', () => {
    expect(labels(makeUser({ esAlumno: true, esProfesor: true }), Role.Profesor)).toEqual(['Profesor']);
    expect(labels(makeUser({ esProfesor: true }), Role.Alumno)).toEqual(['Profesor']);
  });

  it('hides the staff groups from a staff user viewing as a student', () => {
    expect(labels(makeUser({ esAlumno: true, esFuncionario: true }), Role.Alumno)).not.toContain('Administración');
  });

  it('shows nothing without a user', () => {
    expect(visibleNavGroups(null, Role.Admin)).toEqual([]);
  });

  it('has the spec texts of every group', () => {
    expect(NAV_GROUPS.administracion.items.map((i) => i.label)).toEqual([
      'Usuarios',
      'Carreras',
      // Rooms and the academic calendar (issue 45).
      'Aulas',
      'Calendario académico',
      'Materias',
      'Materias por periodo',
      'Periodos',
      'Mallas',
      // Arandu's own entry beyond the spec's menu (issue 31).
      'Importar',
      'Auditoría',
      // Administrators only (issue 30).
      'Configuración',
      // Administrators only: the outbox in the browser (issue 34 item 24).
      'Correos',
      // Administrators only: the early warnings' last run and 'Ejecutar ahora' (issue 44).
      'Alertas tempranas',
    ]);
    expect(NAV_GROUPS.alumnos.items.map((i) => i.label)).toEqual([
      'Inscripcion',
      'Inscripcion a materias',
      'Reporte de inscripción',
      'Reporte de alumnos',
      'Reporte de Asistencia y PP',
      'Examenes',
    ]);
    expect(NAV_GROUPS.profesores.items.map((i) => i.label)).toEqual(['Asistencia', 'Contenido Programa']);
    expect(NAV_GROUPS.alumno.items.map((i) => i.label)).toEqual([
      'Tablero',
      'Mis materias',
      // The week's classes and exams (issue 45).
      'Mi horario',
      'Mis exámenes',
      'Mis certificados',
    ]);
    expect(NAV_GROUPS.profesor.items.map((i) => i.label)).toEqual([
      'Tablero',
      'Mis materias',
      'Mi horario',
      'Mis exámenes',
    ]);
    expect(NAV_GROUPS.reporte.items.map((i) => i.label)).toEqual(['Estado académico']);
  });

  it('leads every entry to a real route, never the 404 page', () => {
    for (const group of Object.values(NAV_GROUPS)) {
      for (const item of group.items) {
        const pathname = item.to.split('?')[0] ?? '';
        const leaf = matchRoutes(createRoutes(), pathname)?.at(-1)?.route;
        expect(leaf?.path, item.label).toBeDefined();
        expect(leaf?.path, item.label).not.toBe('*');
      }
    }
  });
});
