/** Texts of the second factor, the institutional sign-in and 'Mis sesiones' (issue 32, decision record 018). */
export const MSG_IDENTITY = {
  mfaNotConfigured:
    'El segundo factor no está configurado en este servidor (falta MFA_ENCRYPTION_KEY). Consulte al administrador.',
  mfaAlreadyEnabled: 'El segundo factor ya está activado.',
  mfaNotEnabled: 'El segundo factor no está activado.',
  mfaSetupFirst: 'Primero genere el código QR con «Activar segundo factor».',
  mfaCodeRequired: 'Ingrese el código de 6 dígitos de su aplicación de autenticación.',
  mfaCodeInvalid: 'El código no es válido o ya fue usado. Espere el siguiente código e intente de nuevo.',
  mfaChallengeExpired: 'La verificación venció o se agotaron los intentos. Ingrese de nuevo con su contraseña.',
  mfaSetupRequired: 'Debe activar el segundo factor antes de continuar.',
  mfaReasonRequired: 'Indique el motivo.',
  mfaResetDone: 'Se restableció el segundo factor del usuario.',
  mfaRootOnlyItself:
    'El segundo factor del administrador principal sólo puede quitarlo él mismo, en Seguridad, o la línea de comandos (npm run mfa-reset).',
  mfaResetOwn:
    'Su propio segundo factor no se restablece desde aquí: desactívelo en Seguridad, con su contraseña y un código actual.',
  mfaResetNeedsOwnFactor:
    'Para restablecer el segundo factor de otra persona active primero el suyo en Seguridad: se le pedirá su contraseña y un código actual.',
  reauthPasswordRequired: 'Ingrese su contraseña actual.',
  reauthPasswordWrong: 'La contraseña no es correcta.',
  sessionNotFound: 'La sesión no existe o ya fue cerrada.',
  sessionIsCurrent: 'Ésta es su sesión actual: para cerrarla use «Salir».',
  oidcNotConfigured: 'El ingreso con cuenta institucional no está configurado.',
  oidcFailed: 'No se pudo completar el ingreso con la cuenta institucional. Intente de nuevo.',
  oidcEmailNotVerified: 'El proveedor institucional no confirmó su correo electrónico; no se puede ingresar con él.',
  oidcUserNotFound:
    'No hay un usuario de Arandu con el correo de su cuenta institucional. Consulte a la secretaría de la facultad.',
  mfaSettingRequired: 'Indique si el segundo factor es obligatorio (sí o no).',
  mfaSettingSaved: 'Se guardó la configuración del segundo factor.',
  oidcClaimsIncomplete:
    'Su cuenta institucional no informa su nombre, apellido y número de documento, que Arandu necesita para crear su usuario. Consulte a la secretaría de la facultad.',
  oidcDocumentTaken:
    'Ya hay un usuario de Arandu con su número de documento y otro correo. Pida a la secretaría de la facultad que registre su correo institucional.',
} as const;
