import { MSG } from '@arandu/shared';

/*
 * Login and new-password rules with the spec's messages (spec 01 section 5). They move to
 * packages/shared (zod schemas used by the API too, through `schemaResolver`) once the shared users schema exists.
 */

export const PASSWORD_MIN_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return MSG.emailRequired;
  return EMAIL_PATTERN.test(email) ? null : MSG.emailInvalid;
}

export interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

export const loginValidation = {
  email: validateEmail,
  password: (value: string) => (value ? null : MSG.passwordRequired),
};

export interface NewPasswordValues {
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const newPasswordValidation = {
  email: validateEmail,
  currentPassword: (value: string) => (value ? null : MSG.currentPasswordRequired),
  newPassword: (value: string, values: NewPasswordValues) => {
    if (!value) return MSG.newPasswordRequired;
    if (value === values.currentPassword) return MSG.newPasswordSameAsCurrent;
    return value.length < PASSWORD_MIN_LENGTH ? MSG.newPasswordTooShort : null;
  },
  confirmPassword: (value: string, values: NewPasswordValues) => {
    if (!value) return MSG.confirmPasswordRequired;
    return value === values.newPassword ? null : MSG.confirmPasswordMismatch;
  },
};
