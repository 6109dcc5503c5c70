import { DURACION_ACTIVIDAD } from '@arandu/shared';
import type { Random } from './random.js';

/** Believable planning texts for the demo, built around the subject's name. */

const OBJETIVOS = [
  'Comprender los conceptos fundamentales de la materia y su aplicación en la ingeniería.',
  'Resolver problemas típicos de la disciplina con métodos rigurosos y bien fundamentados.',
  'Desarrollar la capacidad de análisis crítico y de trabajo en equipo.',
  'Comunicar por escrito y en forma oral los resultados de un trabajo técnico.',
  'Utilizar herramientas computacionales adecuadas para modelar y verificar soluciones.',
  'Relacionar los contenidos con problemas reales del entorno productivo del país.',
];

const CONTENIDOS = [
  'Presentación de la materia, programa y criterios de evaluación.',
  'Conceptos básicos y definiciones. Ejemplos introductorios.',
  'Propiedades principales y teoremas fundamentales.',
  'Métodos de resolución. Ejercicios guiados.',
  'Aplicaciones a problemas de ingeniería.',
  'Repaso y resolución de ejercicios de parcial.',
  'Primera prueba parcial.',
  'Casos de estudio y discusión en grupos.',
  'Herramientas computacionales de apoyo.',
  'Segunda prueba parcial.',
  'Integración de contenidos y presentación de trabajos.',
];

const BIBLIOGRAFIA = [
  'Stewart, J. (2018). Cálculo de una variable. Cengage Learning.',
  'Cormen, T. et al. (2022). Introduction to Algorithms. MIT Press.',
  'Hibbeler, R. C. (2016). Mecánica vectorial para ingenieros. Pearson.',
  'Sommerville, I. (2016). Ingeniería de Software. Pearson.',
  'Serway, R. y Jewett, J. (2019). Física para ciencias e ingeniería. Cengage.',
  'Tanenbaum, A. (2014). Sistemas Operativos Modernos. Pearson.',
  'Apuntes de cátedra disponibles en el aula virtual.',
];

export function textsFor(nombre: string, random: Random) {
  const biblio = random.shuffle(BIBLIOGRAFIA);
  return {
    preRequisitos: random.chance(0.5) ? 'Haber regularizado las materias del semestre anterior.' : null,
    horasTeoriaSemanal: random.int(2, 4),
    horasPracticaSemanal: random.int(1, 3),
    horasLaboratorioSemanal: random.chance(0.4) ? 2 : 0,
    fundamentacionMateria: `${nombre} forma parte del núcleo de la carrera: brinda al estudiante las herramientas conceptuales y prácticas que las materias siguientes dan por sabidas.`,
    contribucionMateria: `Contribuye al perfil del egresado con la capacidad de plantear y resolver problemas de ${nombre.toLowerCase()} con criterio técnico y ético.`,
    valoresContemplados: 'Responsabilidad, honestidad académica, respeto y trabajo colaborativo.',
    metodologiaEnsenhanza:
      'Clases expositivas con participación activa, resolución de ejercicios en clase y trabajos prácticos guiados.',
    estrategiasEvauacion:
      'Dos pruebas parciales, trabajos prácticos y un examen final. Se consideran la asistencia y la participación.',
    bibliografiaBasica: biblio.slice(0, 2).join('\n'),
    bibliografiaComplementaria: biblio[2]!,
  };
}

export const objetivosFor = (random: Random) =>
  random
    .shuffle(OBJETIVOS)
    .slice(0, random.int(3, 4))
    .map((objetivo) => ({ objetivo }));

/** One class a week from `firstClass` (yyyy-mm-dd), four units of four weeks. */
export function cronogramaFor(firstClass: string, weeks: number, addDays: (d: string, n: number) => string) {
  return Array.from({ length: weeks }, (_, w) => ({
    fecha: addDays(firstClass, 7 * w),
    unidad: `Unidad ${Math.floor(w / 4) + 1}`,
    contenidos: CONTENIDOS[Math.min(w, CONTENIDOS.length - 1)]!,
  }));
}

export function practicasFor(random: Random, hasLab: boolean) {
  if (!hasLab) return [];
  return Array.from({ length: random.int(2, 3) }, (_, i) => ({
    duracion: random.pick(DURACION_ACTIVIDAD.slice(0, 3)),
    actividad: `Práctica de laboratorio ${i + 1}`,
    descripcion: 'Montaje, medición y registro de resultados con informe escrito.',
    materialApoyo: random.chance(0.5) ? 'Guía de laboratorio y equipos del gabinete.' : null,
  }));
}

export function proyectosFor(random: Random, nombre: string) {
  return Array.from({ length: random.int(1, 2) }, (_, i) => ({
    duracion: random.pick(DURACION_ACTIVIDAD.slice(2)),
    actividad: `Trabajo práctico ${i + 1}`,
    descripcion: `Aplicación de los contenidos de ${nombre} a un caso propuesto por la cátedra.`,
    evaluacion: 'Informe escrito y defensa oral en grupo.',
  }));
}

export function actividadesFor(random: Random) {
  if (!random.chance(0.5)) return [];
  return [
    {
      descripcionActividad: 'Visita técnica a una empresa del sector',
      beneficiarios: 'Estudiantes de la sección',
      fechas: 'Segunda quincena de mayo',
      cantidadHoras: 4,
    },
  ];
}
