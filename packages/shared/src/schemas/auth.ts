import { z } from 'zod';
import { zText } from './text.js';
import { MSG } from '../messages.js';

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
/** Long enough for any pass phrase, short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX = 128;

export const zEmail = zText({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(EMAIL_MAX, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }));

export const zLogin = z.strictObject({
  email: zEmail,
  password: zText({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX),
  rememberMe: z.boolean().optional(),
});
export type Login = z.infer<typeof zLogin>;

export const zSetNewPassword = z
  .strictObject({
    email: zEmail,
    currentPassword: zText({ error: MSG.currentPasswordRequired })
      .min(1, MSG.currentPasswordRequired)
      .max(PASSWORD_MAX),
    newPassword: zText({ error: MSG.newPasswordRequired })
      .min(1, MSG.newPasswordRequired)
      .min(PASSWORD_MIN, MSG.newPasswordTooShort)
      .max(PASSWORD_MAX),
    confirmPassword: zText({ error: MSG.confirmPasswordRequired })
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

export const zForgotPassword = z.strictObject({ email: zEmail });

export const zPublicSettings = z.object({
  appName: z.string(),
  appVersion: z.string(),
  appEnv: z.string(),
  buildNumber: z.string(),
});
export type PublicSettings = z.infer<typeof zPublicSettings>;

/** The current-session user of spec 01 section 3, as the browser stores it. */
export const zSessionUser = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  isAuthenticated: z.boolean(),
  esAlumno: z.boolean(),
  esProfesor: z.boolean(),
  esFuncionario: z.boolean(),
  esAdmin: z.boolean(),
  esAdminRoot: z.boolean(),
  firstLogin: z.boolean(),
  roles: z.array(z.object({ role: z.number().int(), title: z.string() })),
  publicSettings: zPublicSettings,
});
export type SessionUser = z.infer<typeof zSessionUser>;

export const zLoginReply = zSessionUser.extend({ token: z.string() });
export type LoginReply = z.infer<typeof zLoginReply>;

export const zLoginStatus = z.object({ isAuthenticated: z.literal(true), user: zSessionUser });

export const zMessageReply = z.object({ message: z.string() });
