/**
 * Texts of the institutional sign-in bound to the browser and to the provider's account, the provider's
 * Back-Channel Logout and 'Sólo ingreso institucional' (issue 41 items 1-3).
 */
export const MSG_OIDC = {
  otherBrowser: 'El ingreso se inició en otro navegador: vuelva a intentarlo',
  otherAccount:
    'Su usuario de Arandu está vinculado a otra cuenta institucional. Consulte a la secretaría de la facultad.',
  institutionalOnly: 'Esta cuenta ingresa sólo con la cuenta institucional',
  identityNone: 'El usuario no tiene una cuenta institucional vinculada.',
  identityRemoved: 'Se quitó la vinculación con la cuenta institucional.',
  logoutTokenMissing: 'Falta el logout_token.',
  logoutTokenInvalid: 'El logout_token no es válido.',
} as const;
