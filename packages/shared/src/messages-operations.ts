/** Texts of issue 16 and of the download/photo limits (issue 9, items 8 and 9): the operations area's own. */
export const MSG_OPS = {
  photoSideTooLarge: 'La imagen es demasiado grande: se admiten hasta 10.000 píxeles por lado',
  metricsForbidden: 'Solo un administrador o un token de métricas puede leer las métricas',
} as const;
