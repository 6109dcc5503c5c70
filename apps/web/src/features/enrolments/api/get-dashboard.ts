import type { MiMalla, TableroAlumnoItem } from '@arandu/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enrolmentsKey } from './get-enrolments';

/** `GET /api/students/materias-tablero-alumno`: the student's starred subjects. */
export function useStudentDashboard() {
  return useQuery({
    queryKey: [...enrolmentsKey, 'dashboard'],
    queryFn: () => api.get<TableroAlumnoItem[]>('/students/materias-tablero-alumno'),
  });
}

/** `GET /api/studentsubjects/my-malla`: 'Mi Malla'. */
export function useMyMalla() {
  return useQuery({
    queryKey: [...enrolmentsKey, 'my-malla'],
    queryFn: () => api.get<MiMalla>('/studentsubjects/my-malla'),
    retry: false,
  });
}
