/** Spanish texts of the quality gates (issue 15) and the input hardening of issue 9 item 11. */
export const MSG_QUALITY = {
  textNullByte: 'El texto contiene un carácter no permitido',
  badUrl: 'La dirección solicitada no es válida',
} as const;
