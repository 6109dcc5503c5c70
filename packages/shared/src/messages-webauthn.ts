/** Texts of security keys and passkeys (WebAuthn), a second factor beside TOTP (issue 41 item 7). */
export const MSG_WEBAUTHN = {
  nameRequired: 'Indique un nombre para la llave (por ejemplo, «Llave USB azul» o «Notebook»).',
  nameTooLong: 'El nombre de la llave admite hasta 60 caracteres.',
  tooMany: 'Ya tiene 10 llaves de seguridad registradas: quite una antes de agregar otra.',
  noKeys: 'No tiene llaves de seguridad registradas.',
  alreadyRegistered: 'Esa llave de seguridad ya está registrada.',
  challengeExpired: 'La solicitud a la llave de seguridad venció o ya fue usada. Intente de nuevo.',
  responseInvalid: 'La llave de seguridad no pudo verificarse. Intente de nuevo.',
  unknownKey: 'Esa llave de seguridad no está registrada para su usuario.',
  cloned:
    'Se rechazó la llave de seguridad: su contador de usos no avanzó, señal de que pudo ser copiada (clonada). Ingrese con otro segundo factor y avise a la secretaría.',
  keyNotFound: 'La llave de seguridad no existe o ya fue quitada.',
  proofRequired: 'Confirme con un código de su aplicación de autenticación o con una llave de seguridad.',
  passwordRequired: 'Ingrese su contraseña actual.',
  passwordWrong: 'La contraseña no es correcta.',
  keyAdded: 'Se agregó la llave de seguridad.',
  keyRemoved: 'Se quitó la llave de seguridad.',
  /** The browser's NotAllowedError: the person cancelled, or the key was not touched in time. */
  cancelled: 'Se canceló la operación con la llave de seguridad o se agotó el tiempo. Intente de nuevo.',
  unsupported: 'Este navegador no admite llaves de seguridad ni passkeys.',
  /** The browser's InvalidStateError on registration: this authenticator already holds one of the user's keys. */
  sameAuthenticator: 'Esa llave de seguridad ya está registrada en su usuario.',
} as const;
