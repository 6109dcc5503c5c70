import { Role } from '@arandu/shared';

/** The password of every demo account: printed by the server and listed in the README. */
export const DEMO_PASSWORD = 'Arandu2026!';

export interface DemoAccount {
  email: string;
  roles: readonly Role[];
  descripcion: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.edu.py', roles: [Role.Admin], descripcion: 'Administrador raíz (esAdminRoot)' },
  { email: 'funcionario@demo.edu.py', roles: [Role.Funcionario], descripcion: 'Funcionario de la facultad' },
  {
    email: 'profesor@demo.edu.py',
    roles: [Role.Profesor],
    descripcion: 'Profesor encargado de varias materias del periodo activo',
  },
  {
    email: 'alumno@demo.edu.py',
    roles: [Role.Alumno],
    descripcion: 'Alumno de Ingeniería Informática con inscripciones',
  },
  {
    email: 'multirol@demo.edu.py',
    roles: [Role.Alumno, Role.Profesor, Role.Funcionario],
    descripcion: 'Alumno, profesor y funcionario a la vez',
  },
  {
    email: 'nuevo@demo.edu.py',
    roles: [Role.Alumno],
    descripcion: 'Alumno nuevo: debe cambiar la contraseña al ingresar',
  },
];
