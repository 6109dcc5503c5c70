/**
 * The faculty's five careers and one ten-semester malla each, shared by the demo and the scale seeds.
 * A subject named the same in several careers (Cálculo I) is one subject of the catalogue.
 */
export interface CarreraPlan {
  nombre: string;
  codigo: string;
  /** Ten semesters, each the names of its subjects in timetable order. */
  semestres: readonly (readonly string[])[];
}

const S1 = [
  'Cálculo I',
  'Álgebra Lineal',
  'Física I',
  'Química General',
  'Dibujo Técnico',
  'Introducción a la Ingeniería',
];
const S2 = ['Cálculo II', 'Física II', 'Geometría Descriptiva', 'Probabilidad y Estadística', 'Programación I'];
const FINAL = ['Proyecto Final de Carrera', 'Gestión de Proyectos', 'Práctica Profesional'];

export const CARRERAS: readonly CarreraPlan[] = [
  {
    nombre: 'Ingeniería Civil',
    codigo: 'CIV',
    semestres: [
      S1,
      S2,
      ['Cálculo III', 'Física III', 'Estática', 'Topografía I', 'Materiales de Construcción'],
      [
        'Ecuaciones Diferenciales',
        'Métodos Numéricos',
        'Resistencia de Materiales I',
        'Topografía II',
        'Geología Aplicada',
      ],
      [
        'Resistencia de Materiales II',
        'Hidráulica I',
        'Mecánica de Suelos I',
        'Análisis Estructural I',
        'Tecnología del Hormigón',
        'Economía',
      ],
      ['Análisis Estructural II', 'Hidráulica II', 'Mecánica de Suelos II', 'Hormigón Armado I', 'Hidrología'],
      [
        'Hormigón Armado II',
        'Estructuras Metálicas',
        'Fundaciones',
        'Ingeniería Sanitaria I',
        'Vías de Comunicación I',
      ],
      [
        'Hormigón Pretensado',
        'Ingeniería Sanitaria II',
        'Vías de Comunicación II',
        'Construcciones Civiles',
        'Obras Hidráulicas',
      ],
      [
        'Puentes',
        'Planificación y Control de Obras',
        'Ingeniería Ambiental',
        'Legislación y Ética Profesional',
        'Ingeniería de Tránsito',
      ],
      [...FINAL, 'Pavimentos', 'Estructuras Especiales'],
    ],
  },
  {
    nombre: 'Ingeniería Electromecánica',
    codigo: 'IEM',
    semestres: [
      S1,
      S2,
      ['Cálculo III', 'Física III', 'Estática', 'Electrotecnia I', 'Termodinámica I'],
      [
        'Ecuaciones Diferenciales',
        'Métodos Numéricos',
        'Resistencia de Materiales I',
        'Electrotecnia II',
        'Termodinámica II',
        'Ciencia de los Materiales',
      ],
      [
        'Mecánica de los Fluidos',
        'Máquinas Eléctricas I',
        'Elementos de Máquinas I',
        'Electrónica General',
        'Mediciones Eléctricas',
        'Economía',
      ],
      [
        'Máquinas Eléctricas II',
        'Elementos de Máquinas II',
        'Máquinas Térmicas',
        'Transferencia de Calor',
        'Tecnología Mecánica',
      ],
      [
        'Instalaciones Eléctricas I',
        'Máquinas Hidráulicas',
        'Sistemas de Control',
        'Refrigeración y Aire Acondicionado',
        'Centrales Eléctricas',
      ],
      [
        'Instalaciones Eléctricas II',
        'Automatización Industrial',
        'Sistemas de Potencia',
        'Mantenimiento Industrial',
        'Instalaciones Industriales',
      ],
      [
        'Protección de Sistemas Eléctricos',
        'Energías Renovables',
        'Higiene y Seguridad Industrial',
        'Legislación y Ética Profesional',
        'Gestión de la Energía',
      ],
      [...FINAL, 'Accionamientos Eléctricos', 'Distribución de Energía Eléctrica'],
    ],
  },
  {
    nombre: 'Ingeniería Electrónica',
    codigo: 'IEN',
    semestres: [
      S1,
      S2,
      ['Cálculo III', 'Física III', 'Circuitos Eléctricos I', 'Programación II', 'Electrónica Digital I'],
      [
        'Ecuaciones Diferenciales',
        'Métodos Numéricos',
        'Circuitos Eléctricos II',
        'Dispositivos Electrónicos',
        'Electrónica Digital II',
        'Variable Compleja',
      ],
      ['Electrónica Analógica I', 'Señales y Sistemas', 'Microprocesadores', 'Electromagnetismo', 'Economía'],
      [
        'Electrónica Analógica II',
        'Sistemas de Control',
        'Microcontroladores',
        'Comunicaciones I',
        'Mediciones Electrónicas',
      ],
      [
        'Electrónica de Potencia',
        'Comunicaciones II',
        'Procesamiento Digital de Señales',
        'Instrumentación Electrónica',
        'Sistemas Embebidos',
      ],
      [
        'Redes de Comunicaciones',
        'Control Digital',
        'Antenas y Propagación',
        'Diseño de Circuitos Impresos',
        'Robótica',
      ],
      [
        'Comunicaciones Móviles',
        'Automatización Industrial',
        'Bioingeniería',
        'Legislación y Ética Profesional',
        'Sistemas de Tiempo Real',
      ],
      [...FINAL, 'Internet de las Cosas', 'Televisión Digital'],
    ],
  },
  {
    nombre: 'Ingeniería Informática',
    codigo: 'INF',
    semestres: [
      S1,
      S2,
      ['Cálculo III', 'Física III', 'Programación II', 'Matemática Discreta', 'Electrónica Digital I'],
      [
        'Ecuaciones Diferenciales',
        'Métodos Numéricos',
        'Estructuras de Datos',
        'Arquitectura de Computadoras',
        'Teoría de la Computación',
      ],
      [
        'Algoritmos y Complejidad',
        'Bases de Datos I',
        'Sistemas Operativos',
        'Programación Orientada a Objetos',
        'Economía',
      ],
      [
        'Bases de Datos II',
        'Ingeniería de Software I',
        'Redes de Computadoras I',
        'Compiladores',
        'Investigación de Operaciones',
      ],
      [
        'Ingeniería de Software II',
        'Redes de Computadoras II',
        'Sistemas Distribuidos',
        'Inteligencia Artificial',
        'Desarrollo Web',
      ],
      [
        'Seguridad Informática',
        'Computación Gráfica',
        'Aprendizaje Automático',
        'Desarrollo de Aplicaciones Móviles',
        'Gestión de Tecnologías de la Información',
      ],
      [
        'Sistemas de Información',
        'Auditoría Informática',
        'Computación en la Nube',
        'Legislación y Ética Profesional',
        'Calidad de Software',
      ],
      [...FINAL, 'Emprendimiento Tecnológico', 'Ciencia de Datos'],
    ],
  },
  {
    nombre: 'Ingeniería Industrial',
    codigo: 'IND',
    semestres: [
      S1,
      S2,
      ['Cálculo III', 'Física III', 'Estática', 'Ciencia de los Materiales', 'Contabilidad General'],
      [
        'Ecuaciones Diferenciales',
        'Métodos Numéricos',
        'Electrotecnia I',
        'Termodinámica I',
        'Procesos Industriales I',
      ],
      [
        'Investigación de Operaciones',
        'Estadística Industrial',
        'Procesos Industriales II',
        'Costos Industriales',
        'Economía',
        'Mecánica de los Fluidos',
      ],
      [
        'Control de Calidad',
        'Ingeniería de Métodos',
        'Planificación y Control de la Producción',
        'Logística',
        'Higiene y Seguridad Industrial',
      ],
      [
        'Gestión de Operaciones',
        'Mantenimiento Industrial',
        'Diseño de Plantas',
        'Simulación de Sistemas',
        'Ingeniería Económica',
      ],
      [
        'Gestión de la Calidad',
        'Automatización Industrial',
        'Formulación y Evaluación de Proyectos',
        'Comercialización',
        'Recursos Humanos',
      ],
      [
        'Cadena de Suministro',
        'Ingeniería Ambiental',
        'Gestión de la Energía',
        'Legislación y Ética Profesional',
        'Sistemas de Información',
      ],
      [...FINAL, 'Emprendimiento Tecnológico', 'Dirección Estratégica'],
    ],
  },
];

const HUMANITIES = new Set(['Economía', 'Legislación y Ética Profesional', 'Contabilidad General', 'Recursos Humanos']);
const WITH_LAB =
  /Física|Química|Programación|Circuitos|Electr|Máquinas|Hidráulica|Materiales|Suelos|Hormigón|Redes|Digital|Micro|Embebidos|Mediciones|Instrumentación|Robótica|Bases de Datos|Topografía|Control|Termodinámica|Fluidos/;

export interface MateriaTerms {
  areaConocimiento: string;
  horasTeoriaSemestral: number;
  horasPracticaSemestral: number;
  horasLaboratorioSemestral: number;
}

/** Knowledge area and semester hours (16 weeks) of a subject as a malla places it. */
export function materiaTerms(nombre: string, semestre: number): MateriaTerms {
  const areaConocimiento = HUMANITIES.has(nombre)
    ? 'Ciencias Humanas y Sociales'
    : semestre <= 4
      ? 'Ciencias Básicas'
      : semestre <= 7
        ? 'Ciencias de la Ingeniería'
        : 'Ingeniería Aplicada';
  if (nombre === 'Práctica Profesional') {
    return { areaConocimiento, horasTeoriaSemestral: 0, horasPracticaSemestral: 160, horasLaboratorioSemestral: 0 };
  }
  if (nombre === 'Proyecto Final de Carrera') {
    return { areaConocimiento, horasTeoriaSemestral: 32, horasPracticaSemestral: 96, horasLaboratorioSemestral: 0 };
  }
  const lab = WITH_LAB.test(nombre);
  return {
    areaConocimiento,
    horasTeoriaSemestral: lab ? 48 : 64,
    horasPracticaSemestral: 32,
    horasLaboratorioSemestral: lab ? 32 : 0,
  };
}
