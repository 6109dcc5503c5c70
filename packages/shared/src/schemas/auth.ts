import { z } from 'zod';
import { zPasswordText } from './text.js';
import { MSG } from '../messages.js';
import { PASSWORD_MAX, zEmail } from './login.js';

export { EMAIL_MAX, PASSWORD_MAX, zEmail, zForgotPassword, zLogin, type Login } from './login.js';
export const PASSWORD_MIN = 8;

export const zSetNewPassword = z
  .strictObject({
    email: zEmail,
    currentPassword: zPasswordText({ error: MSG.currentPasswordRequired })
      .min(1, MSG.currentPasswordRequired)
      .max(PASSWORD_MAX),
    newPassword: zPasswordText({ error: MSG.newPasswordRequired })
      .min(1, MSG.newPasswordRequired)
      .min(PASSWORD_MIN, MSG.newPasswordTooShort)
      .max(PASSWORD_MAX),
    confirmPassword: zPasswordText({ error: MSG.confirmPasswordRequired })
      .min(1, MSG.confirmPasswordRequired)
      .max(PASSWORD_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword && value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.confirmPasswordMismatch });
    }
    if (value.newPassword && value.newPassword === value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: MSG.newPasswordSameAsCurrent });
    }
  });
export type SetNewPassword = z.infer<typeof zSetNewPassword>;

export const zPublicSettings = z.object({
  appName: z.string(),
  appVersion: z.string(),
  appEnv: z.string(),
  buildNumber: z.string(),
  /** 'Ingresar con cuenta institucional' is offered (OpenID Connect configured; issue 32). */
  institutionalLogin: z.boolean().optional(),
  /**
   * The institution as 'Configuración' names it, for the login page (issue 44): public, as on every printed
   * document. Absent where the settings are carried in a session.
   */
  universidad: z.string().optional(),
  facultad: z.string().optional(),
  /** A logo is uploaded: the login page shows it from the public `/api/configuracion/logo`. */
  tieneLogo: z.boolean().optional(),
});
export type PublicSettings = z.infer<typeof zPublicSettings>;

/** Which roles a user holds, as the session and the user's record both tell it. */
export const roleFlagsFields = {
  esAlumno: z.boolean(),
  esProfesor: z.boolean(),
  esFuncionario: z.boolean(),
  esAdmin: z.boolean(),
  esAdminRoot: z.boolean(),
  /** A Funcionario the root administrator granted 'actas:rectificar' (issue 30). */
  puedeRectificar: z.boolean().optional(),
};

/** The current-session user of spec 01 section 3, as the browser stores it. */
export const zSessionUser = z.object({
  id: z.number().int(),
  fullName: z.string(),
  /** First name's and first surname's initials (personInitials): fullName alone cannot tell them apart. */
  initials: z.string().optional(),
  email: z.string(),
  isAuthenticated: z.boolean(),
  ...roleFlagsFields,
  firstLogin: z.boolean(),
  /** True while the faculty requires this staff member's second factor and it is not on yet (issue 32). */
  mfaSetupRequired: z.boolean().optional(),
  roles: z.array(z.object({ role: z.number().int(), title: z.string() })),
  publicSettings: zPublicSettings,
});
export type SessionUser = z.infer<typeof zSessionUser>;

/**
 * A login's reply. The session itself goes in an HttpOnly cookie (docs/decisions/027-session-cookie.md); the
 * body carries the token only for a client that is not a browser (a script, an OpenAPI client), for its
 * `Authorization: Bearer` header. The browser never sees it.
 */
export const zLoginReply = zSessionUser.extend({ token: z.string().optional() });
export type LoginReply = z.infer<typeof zLoginReply>;

export const zLoginStatus = z.object({ isAuthenticated: z.literal(true), user: zSessionUser });

export const zMessageReply = z.object({ message: z.string() });
