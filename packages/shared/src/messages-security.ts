/** Texts of the security work (issue 9, decision record 006); the spec has none for these cases. */
export const MSG_SECURITY = {
  accountBusy: 'Demasiados intentos de ingreso para esta cuenta. Espere un minuto e intente de nuevo.',
  tooManyResetRequests: 'Demasiadas solicitudes de restablecimiento de contraseña. Intente de nuevo más tarde.',
} as const;
