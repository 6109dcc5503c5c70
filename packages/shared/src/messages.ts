/**
 * Spanish texts the server and the web share. Spec texts are quoted exactly, typos included.
 * Texts that the spec does not give are written in the same voice.
 */
export const MSG = {
  // generic
  errorGeneric: 'Ha ocurrido un error, por favor intenta de nuevo.',
  invalidInput: 'Los datos enviados no son válidos',
  notFound: 'El recurso solicitado no existe',
  forbidden: 'No tiene permiso para realizar esta acción',
  unauthorized: 'Su sesión ha expirado, por favor ingrese nuevamente',
  tooManyRequests: 'Demasiadas solicitudes, por favor espere un momento e intente de nuevo',
  payloadTooLarge: 'El contenido enviado es demasiado grande',
  conflict: 'El registro fue modificado por otra operación, por favor intente de nuevo',
  pageInvalid: 'La página solicitada no es válida',
  sealedRecord: 'El registro está sellado y no puede modificarse',

  // login (spec 01 section 5 and 8)
  emailRequired: 'Debe ingresar el correo electrónico.',
  emailInvalid: 'El correo electronico no es valido.',
  passwordRequired: 'Debe ingresar la contraseña',
  loginFailed: 'Usuario y/o contraseña incorrecto',
  accountLocked: 'Demasiados intentos fallidos. La cuenta está bloqueada por 15 minutos.',
  tooManyLoginAttempts: 'Demasiados intentos de ingreso desde esta dirección. Espere un minuto e intente de nuevo.',
  firstLoginRequired: 'Debe establecer una nueva contraseña antes de continuar',

  // new password (spec 01 section 5)
  currentPasswordRequired: 'Debe ingresar la contraseña actual',
  newPasswordRequired: 'Debe ingresar la nueva contraseña',
  confirmPasswordRequired: 'Debe confirmar la nueva contraseña',
  confirmPasswordMismatch: 'La confirmación de la nueva contraseña no es igual a la nueva contraseña',
  newPasswordSameAsCurrent: 'La nueva contraseña no puede ser igual a la contraseña actual',
  newPasswordTooShort: 'La nueva contraseña debe tener al menos 8 caracteres',
  newPasswordIsPersonalData: 'La nueva contraseña no puede ser igual al correo electrónico ni al número de documento',
  newPasswordSet: 'Nueva contraseña establecidad con éxito',
  resetRequestSent: 'Si el correo pertenece a un usuario, se ha enviado un correo con la contraseña temporal.',

  // users (spec 01 section 8)
  userNotFound: 'El usuario no existe',
  resetPasswordFailed: 'Error al intentar restablecer contraseña',
  resetPasswordDone:
    'Contraseña restablecida exitosamente. Se ha enviado un correo con la contraseña temporal.',
  formDataLoadFailed: 'Error al intentar cargar los datos requeridos',
  userListLoadFailed: 'Error al intentar cargar la lista de usuarios',
  userDeleted: 'Usuario borrado exitosamente',
  userDeleteFailed: 'Error al intentar borrar el usuario',
  userSaved: 'Usuario guardado exitosamente',
  userSaveFailed: 'Ocurrió un error al intentar guardar el usuario',
  photoSaved: 'Foto guardado exitosamente',
  photoSaveFailed: 'Ocurrió un error al intentar guardar la foto',
  photoLoadFailed: 'Error al intentar cargar la foto',
  userLoadFailed: 'Error al intentar cargar los datos del usuario',
  studentListLoadFailed: 'Error al intentar cargar la lista de alumnos',
  studentDeleted: 'Alumno borrado exitosamente',
  studentNotFound: 'El alumno no existe',
  studentDeleteFailed: 'Error al intentar borrar el alumno',
  taskListLoadFailed: 'Error al intentar cargar la lista de tareas',
  subjectPeriodListLoadFailed: 'Error al intentar cargar la lista de materias por periodo',
  sessionCheckFailed: 'Error',

  // toasts
  warningTitle: 'Advertencia',
  errorTitle: 'Error',

  // shell
  underConstruction: 'Esta página se encuentra en construcción',
  anonymousUser: 'Usuario anónimo',
} as const;

export type MessageKey = keyof typeof MSG;
