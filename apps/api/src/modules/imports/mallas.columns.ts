import { CARRERA_COLUMN, type ImportColumn } from './columns.js';

export type MallaKey =
  | 'carrera'
  | 'malla'
  | 'vigencia'
  | 'codigo'
  | 'materia'
  | 'semestre'
  | 'horasTeoria'
  | 'horasPractica'
  | 'horasLaboratorio'
  | 'area'
  | 'correlativas';

const HORAS = 'Horas del semestre: número entero de 0 a 10.000. Vacía: 0.';

/** One row a subject of a malla, with its correlatives (issue 44). */
export const MALLA_COLUMNS: ImportColumn<MallaKey>[] = [
  CARRERA_COLUMN,
  {
    key: 'malla',
    label: 'Malla',
    aliases: ['Plan', 'Plan de estudios', 'Malla curricular'],
    required: true,
    ejemplo: 'Plan 2026',
    valores: 'El nombre de la malla: una que no existe en la carrera se crea.',
  },
  {
    key: 'vigencia',
    label: 'Fecha de vigencia',
    aliases: ['Vigencia', 'Vigente desde'],
    required: false,
    ejemplo: '01/03/2026',
    valores: 'dd/mm/aaaa. Obligatoria para una malla nueva, la misma en todas sus filas.',
  },
  {
    key: 'codigo',
    label: 'Código',
    aliases: ['Código de materia', 'Cód.', 'Sigla'],
    required: true,
    ejemplo: 'INF-901',
    valores: 'El código de la materia, hasta 16 caracteres: una que no existe en el catálogo se crea.',
  },
  {
    key: 'materia',
    label: 'Materia',
    aliases: ['Nombre', 'Nombre de la materia', 'Asignatura'],
    required: true,
    ejemplo: 'Ingeniería de Datos',
    valores: 'El nombre de la materia, hasta 128 caracteres (se usa sólo al crearla en el catálogo).',
  },
  {
    key: 'semestre',
    label: 'Semestre',
    aliases: ['Sem.', 'Semestre nº', 'Nivel'],
    required: true,
    ejemplo: '9',
    valores: 'Número de 1 a 10.',
  },
  {
    key: 'horasTeoria',
    label: 'Horas de teoría',
    aliases: ['Horas teoría', 'Teoría', 'HT'],
    required: false,
    ejemplo: '48',
    valores: HORAS,
  },
  {
    key: 'horasPractica',
    label: 'Horas de práctica',
    aliases: ['Horas práctica', 'Práctica', 'HP'],
    required: false,
    ejemplo: '32',
    valores: HORAS,
  },
  {
    key: 'horasLaboratorio',
    label: 'Horas de laboratorio',
    aliases: ['Horas laboratorio', 'Laboratorio', 'HL'],
    required: false,
    ejemplo: '16',
    valores: HORAS,
  },
  {
    key: 'area',
    label: 'Área de conocimiento',
    aliases: ['Área', 'Area de conocimiento'],
    required: false,
    ejemplo: 'Sistemas de información',
    valores: 'Opcional, hasta 64 caracteres.',
  },
  {
    key: 'correlativas',
    label: 'Correlativas',
    aliases: ['Correlativa', 'Requisitos', 'Prerrequisitos', 'Requiere'],
    required: false,
    ejemplo: '',
    valores:
      'Opcional. Las materias de la misma malla que ésta requiere, por código, cada una con su condición entre ' +
      'paréntesis (regularizada o aprobada), separadas por punto y coma. Ejemplo: CB-101 (regularizada); ' +
      'CB-102 (aprobada). Sólo materias de su semestre o de semestres anteriores, sin ciclos. Con la columna, ' +
      'reemplazan las correlativas que la materia ya tenía (vacía: ninguna).',
  },
];
