import type { ImportColumn } from './columns.js';

export type AulaKey = 'nombre' | 'edificio' | 'capacidad' | 'tipo';

/** One row a room (issue 45), as the 'Aulas' screen saves it: its name identifies it, whatever its case. */
export const AULA_COLUMNS: ImportColumn<AulaKey>[] = [
  {
    key: 'nombre',
    label: 'Nombre',
    aliases: ['Aula', 'Nombre del aula', 'Sala'],
    required: true,
    ejemplo: 'B-12',
    valores:
      'El nombre del aula, hasta 64 caracteres: un aula que ya tiene ese nombre (sin distinguir mayúsculas) se actualiza.',
  },
  {
    key: 'edificio',
    label: 'Edificio',
    aliases: ['Bloque', 'Pabellón'],
    required: false,
    ejemplo: 'Bloque B',
    valores: 'Hasta 64 caracteres. Vacía: ninguno para un aula nueva; el que ya tiene para una que existe.',
  },
  {
    key: 'capacidad',
    label: 'Capacidad',
    aliases: ['Capacidad (personas)', 'Lugares', 'Asientos', 'Cupo'],
    required: false,
    ejemplo: '40',
    valores:
      'Un número entero entre 1 y 10000 (personas sentadas). Vacía: sin indicar para un aula nueva; la que ya tiene para una que existe.',
  },
  {
    key: 'tipo',
    label: 'Tipo',
    aliases: ['Tipo de aula', 'Clase'],
    required: false,
    ejemplo: 'aula',
    valores: 'aula, laboratorio o auditorio. Vacía: aula para un aula nueva; el que ya tiene para una que existe.',
  },
];
