/** Enumerations of the spec (01 section 3, 02 section 3, 03 section 3) and DOMAIN.md. */

export const Role = { Alumno: 0, Profesor: 1, Funcionario: 2, Admin: 3 } as const;
export type Role = (typeof Role)[keyof typeof Role];

export const ROLE_INFO: Record<Role, { code: 'A' | 'P' | 'F' | 'S'; title: string }> = {
  0: { code: 'A', title: 'Alumno' },
  1: { code: 'P', title: 'Profesor' },
  2: { code: 'F', title: 'Funcionario' },
  3: { code: 'S', title: 'Admin' },
};

/** View-as values (spec 01 section 4): the same numbers as the roles. */
export const ViewAs = Role;
export type ViewAs = Role;

export const Genero = { NoEspecificado: 0, Masculino: 1, Femenino: 2 } as const;
export const GENERO_LABELS: Record<number, string> = { 0: 'No especificado', 1: 'Masculino', 2: 'Femenino' };

export const EstadoCivil = { Soltero: 0, Casado: 1, UnionDeHecho: 2, Viudo: 3 } as const;
export const ESTADO_CIVIL_LABELS: Record<number, string> = {
  0: 'Soltero/a',
  1: 'Casado/a',
  2: 'Unión de hecho',
  3: 'Viudo/a',
};

export const GRUPOS_SANGUINEOS = ['0-', '0+', 'A-', 'A+', 'B-', 'B+', 'AB-', 'AB+'] as const;

/** Record status (Activo 0, Sellado 1, Borrado 2, Inconsistente 3). */
export const EstadoRegistro = { Activo: 0, Sellado: 1, Borrado: 2, Inconsistente: 3 } as const;

/** Publication status of a subject-period. */
export const EstadoPublicacion = { Preliminar: 0, Publicado: 1, Sellado: 2 } as const;
export type EstadoPublicacion = (typeof EstadoPublicacion)[keyof typeof EstadoPublicacion];
export const ESTADO_PUBLICACION_LABELS: Record<EstadoPublicacion, string> = {
  0: 'Preliminar',
  1: 'Publicado',
  2: 'Sellado',
};

/** Exam states: 0 Activo, 1 Sellado, 3 Inconsistencia de datos. */
export const EstadoExamen = { Activo: 0, Sellado: 1, Inconsistente: 3 } as const;
export const ESTADO_EXAMEN_LABELS: Record<number, string> = {
  0: 'Activo',
  1: 'Sellado',
  3: 'Inconsistencia de datos',
};

/**
 * Exam instance: Final 0, Recuperatorio 1, Invalido 3. Instance 3 reads 'No habilitado' wherever a person sees it
 * (a student was shown 'INVALIDO', issue 34 item 22); its motivo says why.
 */
export const InstanciaExamen = { Final: 0, Recuperatorio: 1, Invalido: 3 } as const;
export const INSTANCIA_EXAMEN_LABELS: Record<number, string> = { 0: 'Final', 1: 'Recuperatorio', 3: 'No habilitado' };

/** Homework types: 1 Evaluada (default), 2 Cumplimiento. */
export const TipoTarea = { Evaluada: 1, Cumplimiento: 2 } as const;
export const TIPO_TAREA_LABELS: Record<number, string> = { 1: 'Evaluada', 2: 'Cumplimiento' };

/** Grade scale: 0 Ausente, 1 Uno … 5 Cinco. */
export const CALIFICACION_LABELS: Record<number, string> = {
  0: 'Ausente',
  1: 'Uno',
  2: 'Dos',
  3: 'Tres',
  4: 'Cuatro',
  5: 'Cinco',
};

/** Staff role of a professor in a subject-period. */
export const RolProfesorMateria = { Encargado: 'Encargado', Asistente: 'Asistente' } as const;
export type RolProfesorMateria = (typeof RolProfesorMateria)[keyof typeof RolProfesorMateria];

export const DIAS_SEMANA: Record<number, string> = {
  1: 'Lunes',
  2: 'Martes',
  3: 'Miércoles',
  4: 'Jueves',
  5: 'Viernes',
  6: 'Sábado',
  7: 'Domingo',
};

/**
 * Audit row kinds: the changes the trigger writes, and a refused attempt (`DENIED`) that the API writes itself,
 * since a refusal changes no row for the trigger to see.
 */
/** `Shown`: a secret shown once to whoever set it (a temporary password without SMTP, issue 40). */
export const TipoAuditoria = {
  Insert: 'INSERT',
  Update: 'UPDATE',
  Delete: 'DELETE',
  Denied: 'DENIED',
  Shown: 'SHOWN',
} as const;

/** Activity kind of a schedule row (horarios.tipo_actividad_academica_horario). */
export const TipoActividadAcademicaHorario = { Teoria: 1, Practica: 2, Laboratorio: 3 } as const;
export type TipoActividadAcademicaHorario =
  (typeof TipoActividadAcademicaHorario)[keyof typeof TipoActividadAcademicaHorario];
export const TIPO_ACTIVIDAD_ACADEMICA_HORARIO_LABELS: Record<TipoActividadAcademicaHorario, string> = {
  1: 'Clase teórica',
  2: 'Clase práctica',
  3: 'Laboratorio',
};
