/** Texts of the security work (issue 9, decision record 006); the spec has none for these cases. */
export const MSG_SECURITY = {
  accountBusy: 'Demasiados intentos de ingreso para esta cuenta. Espere un minuto e intente de nuevo.',
  tooManyResetRequests: 'Demasiadas solicitudes de restablecimiento de contraseña. Intente de nuevo más tarde.',
  /** A state-changing call of the browser's session without its CSRF token (issue 41, decision 027). */
  csrfRefused: 'La solicitud no trae la verificación de seguridad de su sesión. Recargue la página e intente de nuevo.',
} as const;
