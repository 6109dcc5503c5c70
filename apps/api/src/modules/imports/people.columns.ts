import { CARRERA_COLUMN, type ImportColumn } from './columns.js';

export type PersonKey =
  | 'documento'
  | 'nombre'
  | 'apellido'
  | 'email'
  | 'telefonoCelular'
  | 'fechaNacimiento'
  | 'nacionalidad'
  | 'carrera'
  | 'malla'
  | 'fechaIngreso'
  | 'legajo'
  | 'categorias';

const PERSON: ImportColumn<PersonKey>[] = [
  {
    key: 'documento',
    label: 'Documento',
    aliases: ['Cédula', 'Cédula de identidad', 'C.I.', 'C.I. Nº', 'CI', 'Nro. de documento', 'Documento de identidad'],
    required: true,
    ejemplo: '4.858.380',
    valores: 'Número de cédula, de 6 a 10 cifras, con o sin puntos. Una persona que ya existe se actualiza.',
  },
  {
    key: 'nombre',
    label: 'Nombre',
    aliases: ['Nombres'],
    required: true,
    ejemplo: 'María José',
    valores: 'Hasta 50 caracteres.',
  },
  {
    key: 'apellido',
    label: 'Apellido',
    aliases: ['Apellidos'],
    required: true,
    ejemplo: 'Benítez Ortiz',
    valores: 'Hasta 50 caracteres.',
  },
  {
    key: 'email',
    label: 'Correo electrónico',
    aliases: ['Correo', 'Email', 'E-mail', 'Mail'],
    required: true,
    ejemplo: 'maria.benitez@ejemplo.com.py',
    valores: 'Un correo por persona: recibe allí su contraseña temporal.',
  },
  {
    key: 'telefonoCelular',
    label: 'Teléfono celular',
    aliases: ['Teléfono', 'Celular', 'Tel.', 'Móvil'],
    required: true,
    ejemplo: '0981 123456',
    valores: 'De 6 a 20 caracteres: cifras, espacios, guiones, paréntesis y un + inicial.',
  },
  {
    key: 'fechaNacimiento',
    label: 'Fecha de nacimiento',
    aliases: ['Nacimiento', 'Fecha nac.', 'F. nacimiento'],
    required: false,
    ejemplo: '23/04/2004',
    valores: 'dd/mm/aaaa. Opcional.',
  },
  {
    key: 'nacionalidad',
    label: 'Nacionalidad',
    aliases: ['País', 'País de nacimiento'],
    required: false,
    ejemplo: 'Paraguay',
    valores: 'El nombre del país (hoja Valores aceptados). Vacía: Paraguay.',
  },
];

export const ALUMNO_COLUMNS: ImportColumn<PersonKey>[] = [
  ...PERSON,
  CARRERA_COLUMN,
  {
    key: 'malla',
    label: 'Malla',
    aliases: ['Plan', 'Plan de estudios', 'Malla curricular'],
    required: false,
    ejemplo: '',
    valores: 'El nombre de la malla de la carrera. Vacía: la malla por defecto de la carrera.',
  },
  {
    key: 'fechaIngreso',
    label: 'Fecha de ingreso',
    aliases: ['Ingreso', 'Fecha ingreso'],
    required: true,
    ejemplo: '01/03/2026',
    valores: 'dd/mm/aaaa.',
  },
  {
    key: 'legajo',
    label: 'Legajo',
    aliases: ['Nº de legajo', 'Número de legajo', 'Matrícula'],
    required: false,
    ejemplo: '',
    valores: 'Número entero mayor que 0, único. Vacío: el siguiente libre (o el que ya tiene el alumno).',
  },
];

export const PROFESOR_COLUMNS: ImportColumn<PersonKey>[] = [
  ...PERSON,
  {
    key: 'categorias',
    label: 'Categorías',
    aliases: ['Categorías docentes', 'Escalafón', 'Materias'],
    required: false,
    ejemplo: '',
    valores:
      'Opcional. Por materia: código de la materia, escalafón y notas separados por dos puntos; varias separadas por |. ' +
      'Ejemplo: INF-101: Profesor Titular: Resolución 12/2024 | CB-102: Profesor Adjunto: Concurso 2023. ' +
      'Con la columna, reemplazan las categorías que la persona ya tenía.',
  },
];
