import type { ImportColumn } from './columns.js';

export type CarreraKey = 'codigo' | 'nombre' | 'activo';

/** One row a career (issue 44), as the 'Carreras' screen saves it: its code identifies it. */
export const CARRERA_COLUMNS: ImportColumn<CarreraKey>[] = [
  {
    key: 'codigo',
    label: 'Código',
    aliases: ['Código de carrera', 'Sigla', 'Cód.'],
    required: true,
    ejemplo: 'INF',
    valores: 'El código de la carrera, hasta 16 caracteres: una carrera que ya tiene ese código se actualiza.',
  },
  {
    key: 'nombre',
    label: 'Nombre',
    aliases: ['Carrera', 'Nombre de la carrera'],
    required: true,
    ejemplo: 'Ingeniería en Informática',
    valores: 'El nombre de la carrera, hasta 128 caracteres, distinto del de las demás carreras.',
  },
  {
    key: 'activo',
    label: 'Activa',
    aliases: ['Activo', 'Vigente', 'Habilitada'],
    required: false,
    ejemplo: 'Sí',
    valores: 'Sí o No. Vacía: Sí para una carrera nueva; la que ya tiene para una que existe.',
  },
];
