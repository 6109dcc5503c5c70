import { z } from 'zod';
import { zText } from './text.js';
import { GRUPOS_SANGUINEOS, Role, ROLE_INFO } from '../enums.js';
import { MSG } from '../messages.js';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { roleFlagsFields, zEmail } from './auth.js';
import { zOption, zOptionalText, zRequiredBoundedId } from './options.js';
import { personaFields } from './common.js';

/** Input limits of spec 01 section 5. */
export const NAME_MAX = 50;
export const DOCUMENTO_MAX = 10;
export const NOTES_MAX = 256;
export const PHONE_MIN = 6;
export const PHONE_MAX = 20;
/** Teaching-category rows: the add button hides at this many (spec 01 section 2). */
export const CATEGORIAS_MAX = 20;
/** The date picker starts about 80 years back (spec 01 section 9). */
export const BIRTH_YEARS_BACK = 80;

const tooLong = (max: number) => `Admite hasta ${max} caracteres`;

/** Digits with an optional leading plus, parentheses, dashes and spaces; at least 6 characters. */
const PHONE_RE = /^\+?[0-9()\- ]+$/;
const isPhone = (v: string) => v.length >= PHONE_MIN && v.length <= PHONE_MAX && PHONE_RE.test(v) && /\d/.test(v);

export const zPhone = zText({ error: MSG.phoneInvalid }).trim().refine(isPhone, MSG.phoneInvalid);

/** An optional phone: empty means none; anything else follows the phone rule. */
export const zOptionalPhone = zText({ error: MSG.phoneInvalid })
  .trim()
  .refine((v) => v === '' || isPhone(v), MSG.phoneInvalid)
  .nullish()
  .transform((v) => v || null);

function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** An optional calendar date 'YYYY-MM-DD' (empty means none). */
function zOptionalDate(message: string = MSG.dateInvalid) {
  return zText({ error: message })
    .trim()
    .refine((v) => v === '' || isCalendarDate(v), message)
    .nullish()
    .transform((v) => v || null);
}

const today = () => new Date().toISOString().slice(0, 10);

const zPaisId = z
  .number()
  .int()
  .positive()
  .max(2_147_483_647)
  .nullish()
  .transform((v) => v ?? null);
const zRole = z.union(
  [z.literal(Role.Alumno), z.literal(Role.Profesor), z.literal(Role.Funcionario), z.literal(Role.Admin)],
  {
    error: MSG.roleRequired,
  },
);

/**
 * Core identity fields: only staff may change them (spec 01 section 5 "Field editability"); for anyone else
 * the server keeps the stored values whatever is sent.
 */
const coreFields = {
  nombre: zText({ error: MSG.nombreRequired }).trim().min(1, MSG.nombreRequired).max(NAME_MAX, tooLong(NAME_MAX)),
  apellido: zText({ error: MSG.apellidoRequired }).trim().min(1, MSG.apellidoRequired).max(NAME_MAX, tooLong(NAME_MAX)),
  numeroDocumento: zText({ error: MSG.documentoInvalid })
    .trim()
    .regex(new RegExp(`^[0-9]{6,${DOCUMENTO_MAX}}$`), MSG.documentoInvalid),
  email: zEmail,
  fechaNacimiento: zOptionalDate(MSG.fechaNacimientoInvalid).refine(
    (v) => v === null || (v >= '1900-01-01' && v <= today()),
    MSG.fechaNacimientoInvalid,
  ),
  lugarNacimiento: zOptionalText(NAME_MAX),
  nacionalidadPaisId: zRequiredBoundedId(MSG.nacionalidadRequired),
  genero: z.number().int().min(0).max(2).default(0),
  grupoSanguineo: z
    .enum(GRUPOS_SANGUINEOS, { error: 'El grupo sanguíneo no es válido' })
    .nullish()
    .transform((v) => v ?? null),
  estadoCivil: z.number().int().min(0).max(3).default(0),
  arancelCero: z.boolean().default(false),
  fechaFinArancelCero: zOptionalDate(),
};

export const CORE_USER_FIELDS = Object.keys(coreFields) as (keyof typeof coreFields)[];

/** What every user may fill in their own ficha. */
const profileFields = {
  telefonoCelular: zPhone,
  provenienteDePuebloOriginario: z.boolean().default(false),
  puebloOriginario: zOptionalText(NAME_MAX),
  domicilioCalle: zOptionalText(NAME_MAX),
  domicilioNumero: zOptionalText(NAME_MAX),
  domicilioLocalidad: zOptionalText(NAME_MAX),
  domicilioTelefono: zOptionalPhone,
  domicilioPaisId: zPaisId,
  trabajoEmpresa: zOptionalText(NAME_MAX),
  trabajoCalle: zOptionalText(NAME_MAX),
  trabajoNumero: zOptionalText(NAME_MAX),
  trabajoLocalidad: zOptionalText(NAME_MAX),
  trabajoTelefono: zOptionalPhone,
  trabajoPaisId: zPaisId,
  trabajoHorario: zOptionalText(NAME_MAX),
  saludEnfermedad: zOptionalText(NOTES_MAX),
  saludMedicamente: zOptionalText(NOTES_MAX),
  saludAlergia: zOptionalText(NOTES_MAX),
  emergenciaNumero: zOptionalPhone,
  emergenciaContacto: zOptionalText(NAME_MAX),
  emergenciaRelacionParentesca: zOptionalText(NAME_MAX),
  saludPoseeDiscapacidadVisual: z.boolean().default(false),
  saludPoseeDiscapacidadAuditiva: z.boolean().default(false),
  saludPoseeDiscapacidadMotora: z.boolean().default(false),
  saludPoseeDiscapacidadCognitiva: z.boolean().default(false),
  saludPoseeOtraDiscapacidad: z.boolean().default(false),
  saludOtraDiscapacidad: zOptionalText(NAME_MAX),
};

/** One row of the professor teaching-category table; a removed row is simply not sent. */
export const zCategoriaProfesorSave = z.strictObject({
  id: z.number().int().positive().nullish(),
  materiaId: zRequiredBoundedId(MSG.categoriaMateriaRequired),
  escalafonDocenteId: zRequiredBoundedId(MSG.categoriaEscalafonRequired),
  notas: zText({ error: MSG.categoriaNotaRequired })
    .trim()
    .min(1, MSG.categoriaNotaRequired)
    .max(NOTES_MAX, tooLong(NOTES_MAX)),
});

/** 'La materia {label} ya fue agregada.' (spec 01 section 5). */
export const materiaAlreadyAdded = (label: string) => `La materia ${label} ya fue agregada.`;

/**
 * The user form outside profile mode (staff): `id` absent or 0 creates, otherwise updates. A user who is not
 * staff may send it only for themselves, and then it is saved as their ficha (profile mode).
 */
export const zUserSave = z.strictObject({
  id: z.number().int().min(0).max(2_147_483_647).nullish(),
  ...coreFields,
  ...profileFields,
  roles: z.array(zRole, { error: MSG.roleRequired }).min(1, MSG.roleRequired).max(4, MSG.roleRequired),
  categoriasProfesores: z.array(zCategoriaProfesorSave).max(CATEGORIAS_MAX, MSG.categoriasTooMany).default([]),
});
export type UserSave = z.input<typeof zUserSave>;
export type UserSaveParsed = z.output<typeof zUserSave>;

/** Profile mode adds the emergency contact (spec 01 section 5). */
export const zProfileContact = z.object({
  emergenciaNumero: zPhone,
  emergenciaContacto: zText({ error: MSG.emergencyContactRequired })
    .trim()
    .min(1, MSG.emergencyContactRequired)
    .max(NAME_MAX, tooLong(NAME_MAX)),
});

/**
 * The own ficha (profile mode): the three identity rules are skipped, no roles, emergency contact required.
 * Core fields may be sent (the form shows them read-only) and are saved only for staff.
 */
export const zProfileSave = z.strictObject({
  ...coreFields,
  // Skipped in profile mode: empty keeps what is stored (and only staff may change them at all).
  nombre: zText().trim().max(NAME_MAX, tooLong(NAME_MAX)).optional(),
  apellido: zText().trim().max(NAME_MAX, tooLong(NAME_MAX)).optional(),
  numeroDocumento: zText()
    .trim()
    .refine((v) => v === '' || new RegExp(`^[0-9]{6,${DOCUMENTO_MAX}}$`).test(v), MSG.documentoInvalid)
    .optional(),
  email: zText()
    .trim()
    .refine((v) => v === '' || zEmail.safeParse(v).success, MSG.emailInvalid)
    .optional(),
  nacionalidadPaisId: coreFields.nacionalidadPaisId,
  ...profileFields,
  ...zProfileContact.shape,
});
export type ProfileSave = z.input<typeof zProfileSave>;
export type ProfileSaveParsed = z.output<typeof zProfileSave>;

export const zRoleOption = zOption.extend({ code: z.string() });
export type RoleOption = z.infer<typeof zRoleOption>;

export const ROLE_OPTIONS: RoleOption[] = [Role.Alumno, Role.Profesor, Role.Funcionario, Role.Admin].map((r) => ({
  value: r,
  label: ROLE_INFO[r].title,
  code: ROLE_INFO[r].code,
}));

export const zCategoriaProfesor = z.object({
  id: z.number().int(),
  materia: zOption,
  escalafon: zOption,
  notas: z.string(),
});

/** A user as the form loads it (spec 01 section 3). */
export const zUserDetail = z.object({
  id: z.number().int(),
  ...personaFields,
  email: z.string(),
  fechaNacimiento: z.string().nullable(),
  lugarNacimiento: z.string().nullable(),
  nacionalidadPaisId: z.number().int().nullable(),
  genero: z.number().int(),
  grupoSanguineo: z.string().nullable(),
  estadoCivil: z.number().int(),
  provenienteDePuebloOriginario: z.boolean(),
  puebloOriginario: z.string().nullable(),
  arancelCero: z.boolean(),
  fechaFinArancelCero: z.string().nullable(),
  telefonoCelular: z.string().nullable(),
  domicilioCalle: z.string().nullable(),
  domicilioNumero: z.string().nullable(),
  domicilioLocalidad: z.string().nullable(),
  domicilioTelefono: z.string().nullable(),
  domicilioPaisId: z.number().int().nullable(),
  trabajoEmpresa: z.string().nullable(),
  trabajoCalle: z.string().nullable(),
  trabajoNumero: z.string().nullable(),
  trabajoLocalidad: z.string().nullable(),
  trabajoTelefono: z.string().nullable(),
  trabajoPaisId: z.number().int().nullable(),
  trabajoHorario: z.string().nullable(),
  saludEnfermedad: z.string().nullable(),
  saludMedicamente: z.string().nullable(),
  saludAlergia: z.string().nullable(),
  emergenciaNumero: z.string().nullable(),
  emergenciaContacto: z.string().nullable(),
  emergenciaRelacionParentesca: z.string().nullable(),
  saludPoseeDiscapacidadVisual: z.boolean(),
  saludPoseeDiscapacidadAuditiva: z.boolean(),
  saludPoseeDiscapacidadMotora: z.boolean(),
  saludPoseeDiscapacidadCognitiva: z.boolean(),
  saludPoseeOtraDiscapacidad: z.boolean(),
  saludOtraDiscapacidad: z.string().nullable(),
  photoName: z.string().nullable(),
  /** Where the photo is read from (as a blob, with the bearer token); null without a photo. */
  urlPhoto: z.string().nullable(),
  ...roleFlagsFields,
  roles: z.array(zRoleOption),
  categoriasProfesores: z.array(zCategoriaProfesor),
  /** The student has completed their own ficha (required before enrolling in subjects). */
  fichaActualizada: z.boolean(),
});
export type UserDetail = z.infer<typeof zUserDetail>;

/**
 * A temporary password staff set (a new account, 'Restablecer contraseña'), in the reply of the call that set
 * it and nowhere else, only when no mail server can take it to its owner: shown once, to whoever set it, and
 * audited (DOMAIN.md section 8, issue 40). Absent when the mail went to the owner's mailbox.
 */
const zTemporaryPasswordShown = { contrasenaTemporal: z.string().optional() };

/** `POST /api/users`: the user as saved; a new one's temporary password when there is no SMTP. */
export const zUserSaveReply = zUserDetail.extend(zTemporaryPasswordShown);
export type UserSaveReply = z.infer<typeof zUserSaveReply>;

/** `POST /api/users/reset_password/{id}`: the message, and the temporary password when there is no SMTP. */
export const zResetPasswordReply = z.object({ message: z.string(), ...zTemporaryPasswordShown });
export type ResetPasswordReply = z.infer<typeof zResetPasswordReply>;

export const zUserListFilters = z.strictObject({
  /** Over nombre, apellido, documento and e-mail, accent- and case-insensitive. */
  search: zSearchText.optional(),
  /** Users holding any of these roles. */
  roles: z.array(zRole).max(4).optional(),
});
export const zUserListRequest = zPageRequest(zUserListFilters);

export const zUserListItem = zUserDetail
  .pick({
    id: true,
    nombre: true,
    apellido: true,
    numeroDocumento: true,
    email: true,
    telefonoCelular: true,
    roles: true,
    arancelCero: true,
    fechaFinArancelCero: true,
  })
  .extend({
    /** For a professor: how many teaching categories (the 'Escalafón: n' badge); null otherwise. */
    escalafon: z.number().int().nullable(),
  });
export type UserListItem = z.infer<typeof zUserListItem>;
export const zUserPage = zPageReply(zUserListItem);

export const zPais = z.object({ id: z.number().int(), nombre: z.string() });

/** GET /api/users/form_data: the user form's selects, and the audit log's type and table options. */
export const zUserFormData = z.object({
  paises: z.array(zPais),
  escalafonDocente: z.array(zOption),
  materias: z.array(zOption),
  roles: z.array(zRoleOption),
  tiposAuditoria: z.array(zOption),
  tablasAuditoria: z.array(z.string()),
});
export type UserFormData = z.infer<typeof zUserFormData>;

export const zRolesReply = z.object({ roles: z.array(zRoleOption) });

/** Photo upload limits (spec 01 section 9, DOMAIN.md section 8). */
export const PHOTO_MAX_BYTES = 5_000_000;
export const PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;
export const PHOTO_MAX_SIDE = 1024;

/** The three client checks of spec 01 section 5, in their order; null when the file may be sent. */
export function photoFileProblem(file: { size: number; type: string } | null | undefined): string | null {
  if (!file) return MSG.photoChoose;
  if (file.size > PHOTO_MAX_BYTES) return MSG.photoTooLarge;
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return MSG.photoTypeInvalid;
  return null;
}

export const zPhotoReply = z.object({ photoName: z.string(), urlPhoto: z.string() });

/** `PUT /api/users/{id}/rectificar-actas`: the root administrator grants or takes back 'actas:rectificar'. */
export const zRectifyGrant = z.strictObject({ puedeRectificar: z.boolean() });
export type RectifyGrant = z.infer<typeof zRectifyGrant>;

/**
 * `GET /api/users/{id}/mails`: the mails kept in the outbox for a user, newest first, every secret in them
 * masked (issue 40).
 */
export const zUserMailsReply = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      destinatario: z.string(),
      asunto: z.string(),
      cuerpo: z.string(),
      fecha: z.string(),
    }),
  ),
});
