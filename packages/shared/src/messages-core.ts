/**
 * The texts the web's first page needs (its API client, toasts, error page and login form): kept apart from
 * MSG, which spreads them in, so the login route does not download every message of the product.
 */
export const MSG_CORE = {
  // generic
  errorGeneric: 'Ha ocurrido un error, por favor intenta de nuevo.',
  invalidInput: 'Los datos enviados no son válidos',
  notFound: 'El recurso solicitado no existe',
  forbidden: 'No tiene permiso para realizar esta acción',
  unauthorized: 'Su sesión ha expirado, por favor ingrese nuevamente',
  tooManyRequests: 'Demasiadas solicitudes, por favor espere un momento e intente de nuevo',
  payloadTooLarge: 'El contenido enviado es demasiado grande',
  conflict: 'El registro fue modificado por otra operación, por favor intente de nuevo',
  // login (spec 01 section 8)
  loginFailed: 'Usuario y/o contraseña incorrecto',
  // toasts
  warningTitle: 'Advertencia',
  errorTitle: 'Error',
} as const;
