import {
  CODIGO_CLASSROOM_MAX,
  DURACION_MAX,
  type PLANNING_LABELS,
  PLANNING_LONG_TEXT_MAX,
  PLANNING_TEXT_MAX,
  type PlanningPageNumber,
} from '@arandu/shared';

export type PlanningLabel = keyof typeof PLANNING_LABELS;

/** A long text of steps 2, 4 and 9. */
export interface TextField {
  key: PlanningLabel;
  required: boolean;
}

export type RowFieldKind = 'text' | 'textarea' | 'date' | 'profesor' | 'duracion' | 'hours';
export interface RowField {
  key: PlanningLabel;
  kind: RowFieldKind;
  required: boolean;
}
export interface RowList {
  list: string;
  /** 'Agregar …' */
  noun: string;
  fields: RowField[];
}

/** The text steps: which long texts each shows (spec 03 section 3), all up to 4096 characters. */
export const TEXT_STEPS: Partial<Record<PlanningPageNumber, TextField[]>> = {
  2: [
    { key: 'fundamentacionMateria', required: true },
    { key: 'contribucionMateria', required: true },
  ],
  4: [
    { key: 'valoresContemplados', required: true },
    { key: 'metodologiaEnsenhanza', required: true },
    { key: 'estrategiasEvauacion', required: true },
  ],
  9: [
    { key: 'bibliografiaBasica', required: true },
    { key: 'bibliografiaComplementaria', required: false },
  ],
};

const f = (key: PlanningLabel, kind: RowFieldKind, required = true): RowField => ({ key, kind, required });

/** The list steps: their list, and each row's fields in the order the form shows them. */
export const ROW_STEPS: Partial<Record<PlanningPageNumber, RowList>> = {
  3: { list: 'objetivosMaterias', noun: 'objetivo', fields: [f('objetivo', 'textarea')] },
  5: {
    list: 'cronogramaClases',
    noun: 'clase',
    fields: [f('fecha', 'date'), f('profesorMateria', 'profesor'), f('unidad', 'text'), f('contenidos', 'textarea')],
  },
  6: {
    list: 'practicasLaboratorios',
    noun: 'práctica',
    fields: [
      f('actividad', 'text'),
      f('profesorMateria', 'profesor'),
      f('duracion', 'duracion'),
      f('descripcion', 'textarea'),
      f('materialApoyo', 'text', false),
    ],
  },
  7: {
    list: 'proyectosTrabajosPracticos',
    noun: 'proyecto',
    fields: [
      f('actividad', 'text'),
      f('profesorMateria', 'profesor'),
      f('duracion', 'duracion'),
      f('descripcion', 'textarea'),
      f('evaluacion', 'text'),
    ],
  },
  8: {
    list: 'actividadesComplementarias',
    noun: 'actividad',
    fields: [
      f('descripcionActividad', 'text'),
      f('beneficiarios', 'text'),
      f('fechas', 'text'),
      f('cantidadHoras', 'hours'),
    ],
  },
};

export const maxLengthOf = (kind: RowFieldKind | 'long' | 'classroom') =>
  kind === 'long'
    ? PLANNING_LONG_TEXT_MAX
    : kind === 'duracion'
      ? DURACION_MAX
      : kind === 'classroom'
        ? CODIGO_CLASSROOM_MAX
        : PLANNING_TEXT_MAX;
