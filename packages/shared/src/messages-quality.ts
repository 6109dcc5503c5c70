/** Spanish texts of the quality gates (issue 15) and the input hardening of issue 9 item 11 and issue 28. */
export const MSG_QUALITY = {
  textNullByte: 'El texto contiene un carácter no permitido',
  textBidiControl:
    'El texto contiene caracteres invisibles que cambian la dirección de escritura: bórrelos e intente de nuevo',
  badUrl: 'La dirección solicitada no es válida',
} as const;
