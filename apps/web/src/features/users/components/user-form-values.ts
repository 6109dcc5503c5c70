import {
  Role,
  materiaAlreadyAdded,
  zProfileSave,
  zUserSave,
  type ProfileSave,
  type UserDetail,
  type UserSave,
} from '@arandu/shared';
import type { z } from 'zod';

/** A teaching-category row of the form; `key` only tells React the rows apart. */
export interface CategoriaRow {
  key: string;
  materiaId: number | null;
  escalafonDocenteId: number | null;
  notas: string;
}

/** The user form's values: texts as typed (empty = none), selects as ids or null. */
export interface UserFormValues {
  id: number;
  nombre: string;
  apellido: string;
  numeroDocumento: string;
  email: string;
  fechaNacimiento: string | null;
  lugarNacimiento: string;
  nacionalidadPaisId: number | null;
  genero: number;
  grupoSanguineo: string | null;
  estadoCivil: number;
  provenienteDePuebloOriginario: boolean;
  puebloOriginario: string;
  arancelCero: boolean;
  fechaFinArancelCero: string | null;
  telefonoCelular: string;
  domicilioCalle: string;
  domicilioNumero: string;
  domicilioLocalidad: string;
  domicilioTelefono: string;
  domicilioPaisId: number | null;
  trabajoEmpresa: string;
  trabajoCalle: string;
  trabajoNumero: string;
  trabajoLocalidad: string;
  trabajoTelefono: string;
  trabajoPaisId: number | null;
  trabajoHorario: string;
  saludEnfermedad: string;
  saludMedicamente: string;
  saludAlergia: string;
  emergenciaNumero: string;
  emergenciaContacto: string;
  emergenciaRelacionParentesca: string;
  saludPoseeDiscapacidadVisual: boolean;
  saludPoseeDiscapacidadAuditiva: boolean;
  saludPoseeDiscapacidadMotora: boolean;
  saludPoseeDiscapacidadCognitiva: boolean;
  saludPoseeOtraDiscapacidad: boolean;
  saludOtraDiscapacidad: string;
  roles: number[];
  categoriasProfesores: CategoriaRow[];
}

/** 'staff': the user form of Usuarios; 'profile': the own ficha (spec 01 section 5 "profile mode"). */
export type UserFormMode = 'staff' | 'profile';

let rowSequence = 0;
export function newCategoriaRow(): CategoriaRow {
  rowSequence += 1;
  return { key: `nueva-${rowSequence}`, materiaId: null, escalafonDocenteId: null, notas: '' };
}

export const EMPTY_USER: UserFormValues = {
  id: 0,
  nombre: '',
  apellido: '',
  numeroDocumento: '',
  email: '',
  fechaNacimiento: null,
  lugarNacimiento: '',
  nacionalidadPaisId: null,
  genero: 0,
  grupoSanguineo: null,
  estadoCivil: 0,
  provenienteDePuebloOriginario: false,
  puebloOriginario: '',
  arancelCero: false,
  fechaFinArancelCero: null,
  telefonoCelular: '',
  domicilioCalle: '',
  domicilioNumero: '',
  domicilioLocalidad: '',
  domicilioTelefono: '',
  domicilioPaisId: null,
  trabajoEmpresa: '',
  trabajoCalle: '',
  trabajoNumero: '',
  trabajoLocalidad: '',
  trabajoTelefono: '',
  trabajoPaisId: null,
  trabajoHorario: '',
  saludEnfermedad: '',
  saludMedicamente: '',
  saludAlergia: '',
  emergenciaNumero: '',
  emergenciaContacto: '',
  emergenciaRelacionParentesca: '',
  saludPoseeDiscapacidadVisual: false,
  saludPoseeDiscapacidadAuditiva: false,
  saludPoseeDiscapacidadMotora: false,
  saludPoseeDiscapacidadCognitiva: false,
  saludPoseeOtraDiscapacidad: false,
  saludOtraDiscapacidad: '',
  roles: [],
  categoriasProfesores: [],
};

/** A loaded user as form values (nulls become empty texts). */
export function fromDetail(user: UserDetail): UserFormValues {
  const values = { ...EMPTY_USER };
  for (const key of Object.keys(EMPTY_USER) as (keyof UserFormValues)[]) {
    if (key === 'roles' || key === 'categoriasProfesores') continue;
    const stored = (user as unknown as Record<string, unknown>)[key];
    const empty = EMPTY_USER[key];
    (values as Record<string, unknown>)[key] = stored ?? empty;
  }
  values.roles = user.roles.map((r) => r.value);
  values.categoriasProfesores = user.categoriasProfesores.map((c) => ({
    key: `c-${c.id}`,
    materiaId: c.materia.value,
    escalafonDocenteId: c.escalafon.value,
    notas: c.notas,
  }));
  return values;
}

/** What the form sends to `POST /api/users`. */
export function toUserSave(values: UserFormValues): UserSave {
  const { categoriasProfesores, roles, ...fields } = values;
  // Nulls the schema refuses (a missing nationality) stay as they are, so validation names them.
  return {
    ...(fields as Omit<UserSave, 'roles' | 'categoriasProfesores'>),
    roles: roles as UserSave['roles'],
    // Teaching categories belong to professors: without the role the user keeps none.
    categoriasProfesores: (roles.includes(Role.Profesor) ? categoriasProfesores : []).map((c) => ({
      materiaId: c.materiaId as number,
      escalafonDocenteId: c.escalafonDocenteId as number,
      notas: c.notas,
    })),
  };
}

/** What the form sends to `POST /api/users/profile`. */
export function toProfileSave(values: UserFormValues): ProfileSave {
  const { id: _id, roles: _roles, categoriasProfesores: _categorias, ...fields } = values;
  return fields as ProfileSave;
}

function issuesToErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/**
 * The form's validation: the shared schema of its mode (the same the server parses), plus the repeated
 * subject check that needs the subjects' names.
 */
export function validateUser(
  values: UserFormValues,
  mode: UserFormMode,
  materiaLabel: (id: number) => string,
): Record<string, string> {
  const parsed =
    mode === 'staff' ? zUserSave.safeParse(toUserSave(values)) : zProfileSave.safeParse(toProfileSave(values));
  const errors = parsed.success ? {} : issuesToErrors(parsed.error);
  if (mode === 'staff' && values.roles.includes(Role.Profesor)) {
    const seen = new Set<number>();
    values.categoriasProfesores.forEach((row, i) => {
      if (row.materiaId === null) return;
      if (seen.has(row.materiaId))
        errors[`categoriasProfesores.${i}.materiaId`] = materiaAlreadyAdded(materiaLabel(row.materiaId));
      seen.add(row.materiaId);
    });
  }
  return errors;
}

/** Fields kept in the collapsible 'Datos adicionales': an error there opens it. */
export const EXTRA_FIELDS: readonly (keyof UserFormValues)[] = [
  'trabajoEmpresa',
  'trabajoCalle',
  'trabajoNumero',
  'trabajoLocalidad',
  'trabajoTelefono',
  'trabajoPaisId',
  'trabajoHorario',
  'saludEnfermedad',
  'saludMedicamente',
  'saludAlergia',
  'emergenciaNumero',
  'emergenciaContacto',
  'emergenciaRelacionParentesca',
  'saludOtraDiscapacidad',
];
