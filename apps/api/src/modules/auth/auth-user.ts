import { Role, type Permission } from '@arandu/shared';

/** Who is calling: what every route and service decides by. */
export interface AuthUser {
  id: number;
  sessionId: number;
  email: string;
  nombre: string;
  apellido: string;
  numeroDocumento: string;
  roles: Role[];
  esAdminRoot: boolean;
  /** Granted beyond the roles by the root administrator (issue 30: 'actas:rectificar'). */
  permisosExtra: Permission[];
  firstLogin: boolean;
  /** Staff who must turn their second factor on before anything else (issue 32). */
  mfaSetupRequired: boolean;
}

export interface RoleFlags {
  esAlumno: boolean;
  esProfesor: boolean;
  esFuncionario: boolean;
  esAdmin: boolean;
}

export function rolesFromFlags(flags: RoleFlags): Role[] {
  const roles: Role[] = [];
  if (flags.esAlumno) roles.push(Role.Alumno);
  if (flags.esProfesor) roles.push(Role.Profesor);
  if (flags.esFuncionario) roles.push(Role.Funcionario);
  if (flags.esAdmin) roles.push(Role.Admin);
  return roles;
}
