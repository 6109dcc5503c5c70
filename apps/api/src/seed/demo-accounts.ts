import { Role } from '@arandu/shared';

/** The password of every demo account: printed by the server and listed in the README. */
export const DEMO_PASSWORD = 'Arandu2026!';

export interface DemoAccount {
  email: string;
  roles: readonly Role[];
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.edu.py', roles: [Role.Admin], description: 'Administrador raíz (esAdminRoot)' },
  {
    email: 'funcionario@demo.edu.py',
    roles: [Role.Funcionario],
    description: 'Funcionario de la facultad (puede rectificar actas)',
  },
  {
    email: 'profesor@demo.edu.py',
    roles: [Role.Profesor],
    description: 'Profesor encargado de varias materias del periodo activo',
  },
  {
    email: 'alumno@demo.edu.py',
    roles: [Role.Alumno],
    description: 'Alumno de Ingeniería Informática con inscripciones',
  },
  {
    email: 'multirol@demo.edu.py',
    roles: [Role.Alumno, Role.Profesor, Role.Funcionario],
    description: 'Alumno, profesor y funcionario a la vez',
  },
  {
    email: 'nuevo@demo.edu.py',
    roles: [Role.Alumno],
    description: 'Alumno nuevo: debe cambiar la contraseña al ingresar',
  },
];
