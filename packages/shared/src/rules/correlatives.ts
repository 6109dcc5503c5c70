/**
 * Correlatives (issue 29): a malla subject requires others of the same malla, each `regular` (a published or
 * sealed result with attendance and PP at the exam minimums, still valid) or `aprobada` (passed in an exam).
 * To enrol in a subject every correlative must be at least regular; to sit its exam, every one passed.
 */
export const CONDICIONES_CORRELATIVA = ['regular', 'aprobada'] as const;
export type CondicionCorrelativa = (typeof CONDICIONES_CORRELATIVA)[number];

export const CORRELATIVA_MSG = {
  materiaRequired: 'Debe seleccionar la materia correlativa',
  condicionInvalid: "La condición de una correlativa debe ser 'regular' o 'aprobada'",
  listInvalid: 'Las correlativas deben enviarse como una lista',
  tooMany: 'Una materia puede tener hasta 20 correlativas',
  notInMalla: 'La materia correlativa no pertenece a esta malla',
  self: (materia: string) => `Una materia no puede ser correlativa de sí misma: ${materia}`,
  repeated: (materia: string) => `La correlativa ${materia} está repetida`,
  later: (materia: string, semestre: number) =>
    `La correlativa ${materia} es de un semestre posterior (${semestre}º): una materia sólo puede requerir materias de su semestre o de semestres anteriores`,
  requiredByEarlier: (materia: string, semestre: number) =>
    `${materia}, del ${semestre}º semestre, la requiere como correlativa: no puede pasar a un semestre posterior`,
  cycle: (names: string[]) => `Las correlativas formarían un ciclo: ${names.join(' → ')}`,
  alumnoRequired: 'Debe seleccioanr el alumno',
  exceptionMotivo: 'Debe indicar el motivo de la excepción (entre 10 y 500 caracteres)',
  exceptionGranted: 'Excepción de correlativas registrada',
  exceptionExists: 'El alumno ya tiene una excepción de correlativas para esta materia',
  exceptionNoCorrelatives: 'La materia no tiene correlativas',
  exceptionNotFound: 'La excepción no existe',
  exceptionsLoadFailed: 'No se pudieron cargar las excepciones de correlativas',
  exceptionGrantFailed: 'No se pudo registrar la excepción de correlativas',
  exceptionConfirmTitle: 'Otorgar excepción de correlativas',
  exceptionConfirm: (alumno: string, materia: string) =>
    `¿Está seguro que desea permitir que ${alumno} curse ${materia} sin sus correlativas? Quedará registrado con su nombre y el motivo.`,
} as const;

/** How far a student got in a required subject: nothing yet, regularised, or passed. */
export type AvanceCorrelativa = 'ninguno' | 'regular' | 'aprobada';

const condicionTexto: Record<CondicionCorrelativa, string> = { regular: 'regularizada', aprobada: 'aprobada' };

/** 'Cálculo I (regularizada)': a correlative named with its condition, wherever one is shown (issue 44). */
export function correlativaTexto(materia: string, condicion: CondicionCorrelativa): string {
  return `${materia} (${condicionTexto[condicion]})`;
}

/** 'Correlativa pendiente: Cálculo I (regularizada)': one reason per missing subject. */
export function correlativaPendiente(materia: string, condicion: CondicionCorrelativa): string {
  return `Correlativa pendiente: ${correlativaTexto(materia, condicion)}`;
}

export interface Correlativa {
  materiaMallaId: number;
  materia: string;
  condicion: CondicionCorrelativa;
}

/** Whether a student's progress in a required subject meets a condition (passed meets both). */
export function correlativaCumplida(avance: AvanceCorrelativa, needed: CondicionCorrelativa): boolean {
  if (avance === 'aprobada') return true;
  return avance === 'regular' && needed === 'regular';
}

/**
 * The reasons a student cannot take (`enrol`: each correlative in its own condition) or sit the exam of
 * (`exam`: every correlative passed) a subject; empty when nothing is missing.
 */
export function correlativasPendientes(
  correlativas: Correlativa[],
  avance: (materiaMallaId: number) => AvanceCorrelativa,
  purpose: 'enrol' | 'exam',
): string[] {
  return correlativas
    .map((c) => ({ ...c, needed: purpose === 'exam' ? ('aprobada' as const) : c.condicion }))
    .filter((c) => !correlativaCumplida(avance(c.materiaMallaId), c.needed))
    .map((c) => correlativaPendiente(c.materia, c.needed));
}

/**
 * A cycle the malla would have if `subject` required `requires` (edges: subject -> what it requires), as the
 * path from `subject` back to itself, or undefined. `graph` holds the malla's other subjects' lists.
 */
export function correlativaCycle(
  graph: Map<number, number[]>,
  materia: number,
  requires: number[],
): number[] | undefined {
  const next = (id: number) => (id === materia ? requires : (graph.get(id) ?? []));
  const seen = new Set<number>();
  const walk = (id: number, path: number[]): number[] | undefined => {
    for (const n of next(id)) {
      if (n === materia) return [...path, n];
      if (seen.has(n)) continue;
      seen.add(n);
      const found = walk(n, [...path, n]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(materia, [materia]);
}
