import {
  AUDIT_TYPES,
  can,
  CORE_USER_FIELDS,
  MSG,
  Role,
  ROLE_OPTIONS,
  materiaAlreadyAdded,
  zProfileContact,
  type PageReply,
  type ProfileSaveParsed,
  type ResetPasswordReply,
  type UserDetail,
  type UserFormData,
  type UserListItem,
  type UserSaveParsed,
  type UserSaveReply,
} from '@arandu/shared';
import type { z } from 'zod';
import type { zUserListRequest } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import type { Mail } from '../../lib/mail.js';
import { mailsAsShown } from '../outbox/mail-secrets.js';
import { accountCreationRefusal } from '../access/user-changes.js';
import { managesUsers, requireUserReadable, seesTeachingCategories } from '../access/user-access.js';
import { auditingRefusals } from '../audit/refusals.js';
import { handOverTemporaryPassword } from '../audit/secret-shown.js';
import type { AuthUser } from '../auth/auth-user.js';
import { rolesFromFlags } from '../auth/auth-user.js';
import type { AuthDeps } from '../auth/auth.service.js';
import { resetPassword } from '../auth/password-reset.js';
import { hashPassword, temporaryPassword } from '../auth/password.js';
import { assertAccountChangeAllowed, assertMayChangeUser, USER_ACTIONS } from './change-rights.js';
import * as repo from './users.repository.js';

export type UsersDeps = AuthDeps & { publicUrl?: string | undefined };

/**
 * The mail a user created by staff (the form or an import) gets: their login, temporary password and where to
 * sign in (`appUrl`: PUBLIC_URL, else the address the staff member used, see `appUrlOf`).
 */
export function welcomeMail(
  appName: string,
  user: { nombre: string; email: string },
  temporary: string,
  appUrl: string,
): Mail {
  return {
    to: user.email,
    subject: `${appName}: su cuenta`,
    text:
      `Hola ${user.nombre}:\n\nSe ha creado su cuenta de ${appName}.\n` +
      `Ingrese en: ${appUrl}/\n` +
      `Usuario: ${user.email}\nContraseña temporal: ${temporary}\n\n` +
      'Al ingresar se le pedirá que establezca una nueva contraseña.\n',
  };
}

/**
 * The app's address for a mail: PUBLIC_URL when set (behind a proxy the request's host may be an internal
 * one), else the origin of the request that created the user, which is the address that staff member uses.
 */
export function appUrlOf(publicUrl: string | undefined, request: { protocol: string; host: string }): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

const roleOptions = (roles: readonly Role[]) => ROLE_OPTIONS.filter((o) => roles.includes(o.value as Role));

export const photoUrl = (id: number) => `/api/users/${id}/photo`;

export async function listUsers(
  db: DbOrTx,
  request: z.output<typeof zUserListRequest>,
): Promise<PageReply<UserListItem>> {
  const found = await repo.listUsers(db, {
    page: request.page,
    pageSize: request.pageSize,
    search: request.filters?.search,
    roles: request.filters?.roles,
  });
  return {
    totalItemsCount: found[0]?.total ?? 0,
    items: found.map((u) => ({
      id: u.id,
      numeroDocumento: u.numeroDocumento,
      nombre: u.nombre,
      apellido: u.apellido,
      email: u.email,
      telefonoCelular: u.telefonoCelular,
      roles: roleOptions(rolesFromFlags(u)),
      escalafon: u.esProfesor ? u.categorias : null,
      arancelCero: u.arancelCero,
      fechaFinArancelCero: u.fechaFinArancelCero,
    })),
  };
}

async function toDetail(db: DbOrTx, user: repo.UserRow): Promise<UserDetail> {
  const categorias = await repo.findCategorias(db, user.id);
  const { passwordHash: _hash, firstLogin: _first, activo: _activo, createdAt: _c, updatedAt: _u, ...fields } = user;
  return {
    ...fields,
    urlPhoto: user.photoName ? photoUrl(user.id) : null,
    roles: roleOptions(rolesFromFlags(user)),
    categoriasProfesores: categorias.map((c) => ({
      id: c.id,
      materia: { value: c.materiaId, label: `${c.materiaCodigo} - ${c.materia}` },
      escalafon: { value: c.escalafonId, label: c.escalafon },
      notas: c.notas ?? '',
    })),
  };
}

/**
 * Staff read anyone; everybody else only themselves. Someone else's id answers 404 like a missing one, so
 * ids cannot be probed (DOMAIN.md section 2).
 */
export async function getUser(db: DbOrTx, actor: AuthUser, id: number): Promise<UserDetail> {
  requireUserReadable(actor, id);
  const user = await repo.findUser(db, id);
  if (!user) throw AppError.notFound(MSG.userNotFound);
  return toDetail(db, user);
}

export async function getOwnProfile(db: DbOrTx, actor: AuthUser): Promise<UserDetail> {
  return getUser(db, actor, actor.id);
}

type FieldValues = Omit<UserSaveParsed, 'id' | 'roles' | 'categoriasProfesores'>;

/** The enabled-when rules of spec 01 section 5: a field whose switch is off keeps nothing. */
function withEnabledWhen<T extends Partial<FieldValues>>(values: T): T {
  const out = { ...values };
  if (out.provenienteDePuebloOriginario === false) out.puebloOriginario = null;
  if (out.saludPoseeOtraDiscapacidad === false) out.saludOtraDiscapacidad = null;
  if (out.arancelCero === false) out.fechaFinArancelCero = null;
  return out;
}

function withoutCore<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Record<string, unknown> = { ...values };
  for (const field of CORE_USER_FIELDS) delete out[field];
  return out as Partial<T>;
}

async function assertReferences(db: DbOrTx, values: Partial<FieldValues>): Promise<void> {
  const wanted = [values.nacionalidadPaisId, values.domicilioPaisId, values.trabajoPaisId].filter(
    (v): v is number => typeof v === 'number',
  );
  const found = new Set(await repo.findPaisIds(db, [...new Set(wanted)]));
  const errors: Record<string, string> = {};
  if (typeof values.nacionalidadPaisId === 'number' && !found.has(values.nacionalidadPaisId)) {
    errors.nacionalidadPaisId = MSG.nacionalidadRequired;
  }
  for (const key of ['domicilioPaisId', 'trabajoPaisId'] as const) {
    const v = values[key];
    if (typeof v === 'number' && !found.has(v)) errors[key] = 'El país no es válido';
  }
  const [first] = Object.values(errors);
  if (first) throw AppError.badRequest(first, errors);
}

async function checkCategorias(db: DbOrTx, rows: UserSaveParsed['categoriasProfesores']): Promise<void> {
  const materiaIds = [...new Set(rows.map((r) => r.materiaId))];
  const labels = new Map(
    (await repo.findMateriaLabels(db, materiaIds)).map((m) => [m.id, `${m.codigo} - ${m.nombre}`]),
  );
  const escalafones = new Set(await repo.findEscalafonIds(db, [...new Set(rows.map((r) => r.escalafonDocenteId))]));
  const seen = new Set<number>();
  for (const [i, row] of rows.entries()) {
    const label = labels.get(row.materiaId);
    if (!label) {
      throw AppError.badRequest(MSG.categoriaMateriaRequired, {
        [`categoriasProfesores.${i}.materiaId`]: MSG.categoriaMateriaRequired,
      });
    }
    if (seen.has(row.materiaId)) {
      const message = materiaAlreadyAdded(label);
      throw AppError.badRequest(message, { [`categoriasProfesores.${i}.materiaId`]: message });
    }
    seen.add(row.materiaId);
    if (!escalafones.has(row.escalafonDocenteId)) {
      throw AppError.badRequest(MSG.categoriaEscalafonRequired, {
        [`categoriasProfesores.${i}.escalafonDocenteId`]: MSG.categoriaEscalafonRequired,
      });
    }
  }
}

function emailTaken(err: unknown): boolean {
  const pg = findPgError(err);
  return pg?.code === PG.uniqueViolation && pg.constraint === 'usuarios_email_lower_uq';
}

async function withEmailCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (emailTaken(err)) throw AppError.badField('email', MSG.emailTaken);
    throw err;
  }
}

function roleFlags(roles: readonly number[]) {
  return {
    esAlumno: roles.includes(Role.Alumno),
    esProfesor: roles.includes(Role.Profesor),
    esFuncionario: roles.includes(Role.Funcionario),
    esAdmin: roles.includes(Role.Admin),
  };
}

/**
 * POST /api/users: staff create (no id) or update a user. Someone who is not staff may only send their own
 * id, and then it is their ficha: core fields, roles and categories are ignored (profile mode). Another
 * Admin only the root administrator updates, and an Admin's own roles and e-mail stay (change-rights.ts).
 */
export async function saveUser(
  deps: UsersDeps,
  actor: AuthUser,
  input: UserSaveParsed,
  appUrl = '',
): Promise<UserSaveReply> {
  const id = input.id || undefined;
  if (!managesUsers(actor)) {
    if (id === undefined) throw AppError.forbidden();
    if (id !== actor.id) throw AppError.notFound(MSG.userNotFound);
    const contact = zProfileContact.safeParse(input);
    if (!contact.success) {
      const errors: Record<string, string> = {};
      for (const issue of contact.error.issues) errors[issue.path.join('.')] ??= issue.message;
      throw AppError.badRequest(Object.values(errors)[0] ?? MSG.invalidInput, errors);
    }
    const { id: _id, roles: _roles, categoriasProfesores: _cats, ...fields } = input;
    return saveOwnProfile(deps, actor, { ...fields, ...contact.data });
  }

  const { id: _id, roles, categoriasProfesores, ...fields } = input;
  const values = withEnabledWhen(fields);
  const flags = roleFlags(roles);
  await assertReferences(deps.db, values);
  // Teaching categories belong to professors only (the form drops them for others; the server must too):
  // a user without the Profesor role keeps none, whatever the body says.
  const ownCategorias = flags.esProfesor ? categoriasProfesores : [];
  await checkCategorias(deps.db, ownCategorias);
  const categorias = ownCategorias.map((c) => ({
    materiaId: c.materiaId,
    escalafonDocenteId: c.escalafonDocenteId,
    notas: c.notas,
  }));

  if (id === undefined) {
    const refused = accountCreationRefusal(actor, flags);
    if (refused) throw AppError.forbidden(refused);
    const temporary = temporaryPassword();
    const passwordHash = await hashPassword(temporary);
    const { created, shown } = await withEmailCheck(() =>
      writeTx(deps.db, actor.id, async (tx) => {
        const created = await repo.insertUser(tx, { ...values, ...flags, passwordHash, firstLogin: true });
        await repo.replaceCategorias(tx, created, categorias);
        await deps.mailer.queue(tx, welcomeMail(deps.publicSettings.appName, values, temporary, appUrl));
        const shown = await handOverTemporaryPassword(tx, deps.mailer, {
          actorId: actor.id,
          destinoId: created,
          accion: 'Crear usuario',
          temporary,
        });
        return { created, shown };
      }),
    );
    deps.mailer.deliverSoon();
    return { ...(await getUser(deps.db, actor, created)), ...shown };
  }

  await auditingRefusals(deps.db, actor.id, () =>
    withEmailCheck(() =>
      writeTx(deps.db, actor.id, async (tx) => {
        const existing = await repo.findUserForUpdate(tx, id);
        if (!existing) throw AppError.notFound(MSG.userNotFound);
        // The one rule imports follow too (access/user-changes.ts): another Admin's account is the root's,
        // granting Admin an Admin's, an Admin's own and a staff member's identity locked.
        assertAccountChangeAllowed(actor, existing, { email: values.email, ...flags });
        // Only a root administrator gets this far with another root account: it stays an Admin.
        if (existing.esAdminRoot && existing.esAdmin && !flags.esAdmin) {
          throw AppError.badField('roles', MSG.adminRoleKept);
        }
        if (!(await repo.hasPhoto(tx, id))) throw AppError.badField('photo', MSG.photoRequired);
        await repo.updateUser(tx, id, { ...values, ...flags });
        await repo.replaceCategorias(tx, id, categorias);
      }),
    ),
  );
  return getUser(deps.db, actor, id);
}

/**
 * The own ficha (profile mode): anyone may change the non-core fields; staff may also change the core ones.
 * Saving it complete (the schema's profile rules and a photo) marks `fichaActualizada`, which subject
 * enrolment requires.
 */
export async function saveOwnProfile(
  deps: UsersDeps,
  actor: AuthUser,
  input: ProfileSaveParsed | Omit<UserSaveParsed, 'id' | 'roles' | 'categoriasProfesores'>,
): Promise<UserDetail> {
  await writeTx(deps.db, actor.id, async (tx) => {
    const existing = await repo.findUserForUpdate(tx, actor.id);
    if (!existing) throw AppError.notFound(MSG.userNotFound);
    let values: Partial<FieldValues> = withEnabledWhen(input);
    // Profile mode skips the identity rules: an empty one keeps what is stored.
    for (const key of ['nombre', 'apellido', 'numeroDocumento', 'email'] as const) {
      if (values[key] === '') delete values[key];
    }
    if (!managesUsers(actor)) {
      values = withoutCore(values);
      // Nationality is required but not the user's to change; one never recorded may be filled in once.
      if (existing.nacionalidadPaisId === null) values.nacionalidadPaisId = input.nacionalidadPaisId;
    }
    await assertReferences(tx, values);
    if (!(await repo.hasPhoto(tx, actor.id))) throw AppError.badField('photo', MSG.photoRequired);
    const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    await withEmailCheck(() => repo.updateUser(tx, actor.id, { ...defined, fichaActualizada: true }));
  });
  return getUser(deps.db, actor, actor.id);
}

/**
 * 'Restablecer contraseña': a new temporary password by e-mail (the same path as the public reset). Only for
 * an account the actor may change (the root's only by the root, an Admin's only by the root); without SMTP
 * its password comes back in the reply, once, audited.
 */
export async function resetUserPassword(deps: UsersDeps, actor: AuthUser, id: number): Promise<ResetPasswordReply> {
  return auditingRefusals(deps.db, actor.id, async () => {
    const target = await repo.findUser(deps.db, id);
    if (!target) throw AppError.notFound(MSG.userNotFound);
    assertMayChangeUser(actor, target, USER_ACTIONS.reset);
    const shown = await resetPassword(deps, id, actor.id);
    return { message: shown.contrasenaTemporal ? MSG.resetPasswordHeld : MSG.resetPasswordDone, ...shown };
  });
}

/**
 * Users are never deleted: their ficha, enrolments, grades and the audit log refer to them, and the spec
 * keeps the action disabled. The call answers why.
 */
export async function deleteUser(db: DbOrTx, id: number): Promise<never> {
  const target = await repo.findUser(db, id);
  if (!target) throw AppError.notFound(MSG.userNotFound);
  throw AppError.badRequest(MSG.userDeleteDisabled);
}

/**
 * The mails kept in the outbox for a user, newest first: without SMTP (a demo) this is how an administrator
 * sees that a reset or welcome mail went out. Every secret in them is masked (`mailsAsShown`, issue 40), and
 * an account's mails are read only by whoever may manage it (the root's only by the root, an Admin's only by
 * the root).
 */
export async function outboxOf(db: DbOrTx, actor: AuthUser, id: number) {
  return auditingRefusals(db, actor.id, async () => {
    const target = await repo.findUser(db, id);
    if (!target) throw AppError.notFound(MSG.userNotFound);
    assertMayChangeUser(actor, target, USER_ACTIONS.readMails);
    return { items: mailsAsShown(await repo.findOutboxMails(db, target.email, 20)) };
  });
}

/**
 * The selects of the user form, for what the caller's screens need: everyone's ficha needs the countries;
 * the categories (escalafón, materias) are edited by staff and shown to a professor; the audit options are
 * for those who read the audit log.
 */
export async function formData(db: DbOrTx, actor: AuthUser): Promise<UserFormData> {
  const categories = seesTeachingCategories(actor);
  const audit = can(actor, 'audit:read');
  const none = async () => [];
  const [paises, escalafonDocente, materias, tablasAuditoria] = await Promise.all([
    repo.listPaises(db),
    categories ? repo.listEscalafones(db) : none(),
    categories ? repo.listMaterias(db) : none(),
    audit ? repo.listAuditedTables(db) : none(),
  ]);
  return {
    paises,
    escalafonDocente,
    materias,
    roles: ROLE_OPTIONS,
    tiposAuditoria: audit ? AUDIT_TYPES.map(({ value, label }) => ({ value, label })) : [],
    tablasAuditoria,
  };
}
