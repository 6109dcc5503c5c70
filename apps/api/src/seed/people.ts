import { Genero } from '@arandu/shared';
import type { Random } from './random.js';

/** Paraguayan-looking people for the seeds: common local names and surnames, phones and documents. */
export const NOMBRES_MASCULINOS = [
  'Juan',
  'José',
  'Carlos',
  'Luis',
  'Miguel',
  'Jorge',
  'Pedro',
  'Diego',
  'Marcelo',
  'Rodrigo',
  'Fernando',
  'Gustavo',
  'Derlis',
  'Hugo',
  'Ramón',
  'Osvaldo',
  'Víctor',
  'Nelson',
  'Ricardo',
  'Arnaldo',
  'Sebastián',
  'Matías',
  'Lucas',
  'Alejandro',
  'Andrés',
  'Iván',
  'Óscar',
  'Aníbal',
  'Rubén',
  'Enrique',
];
const NOMBRES_FEMENINOS = [
  'María',
  'Ana',
  'Laura',
  'Liz',
  'Gabriela',
  'Sofía',
  'Camila',
  'Rocío',
  'Mirna',
  'Nilda',
  'Carolina',
  'Fátima',
  'Natalia',
  'Patricia',
  'Belén',
  'Lorena',
  'Andrea',
  'Paola',
  'Jazmín',
  'Alicia',
  'Lourdes',
  'Elena',
  'Valeria',
  'Tatiana',
  'Graciela',
  'Ruth',
  'Araceli',
  'Perla',
  'Mónica',
  'Celeste',
];
export const APELLIDOS = [
  'Benítez',
  'Giménez',
  'Ortiz',
  'Duarte',
  'Cáceres',
  'Ayala',
  'Villalba',
  'Aquino',
  'Acosta',
  'Rojas',
  'Martínez',
  'González',
  'Núñez',
  'Ramírez',
  'Insfrán',
  'Cabrera',
  'Riveros',
  'Zárate',
  'Galeano',
  'Brítez',
  'Báez',
  'Fernández',
  'López',
  'Sosa',
  'Vera',
  'Franco',
  'Florentín',
  'Paredes',
  'Ocampos',
  'Escobar',
  'Segovia',
  'Valdez',
  'Alvarenga',
  'Cardozo',
  'Chamorro',
  'Caballero',
  'Espínola',
  'Ojeda',
  'Torres',
  'Ferreira',
  'Mendoza',
  'Romero',
  'Amarilla',
  'Arce',
  'Candia',
  'Samaniego',
  'Figueredo',
  'Gaona',
  'Cantero',
  'Yegros',
  'Irala',
  'Arrúa',
  'Jara',
  'Aranda',
  'Bogado',
  'Penayo',
];
export const NOMBRES = [...NOMBRES_MASCULINOS, ...NOMBRES_FEMENINOS];
const CIUDADES = [
  'Asunción',
  'San Lorenzo',
  'Luque',
  'Capiatá',
  'Lambaré',
  'Fernando de la Mora',
  'Limpio',
  'Ñemby',
  'Ciudad del Este',
  'Encarnación',
  'Coronel Oviedo',
  'Caaguazú',
  'Villarrica',
  'Concepción',
  'Pilar',
  'Itauguá',
];
const PREFIJOS_CELULAR = [
  '0981',
  '0982',
  '0983',
  '0984',
  '0985',
  '0986',
  '0971',
  '0972',
  '0973',
  '0975',
  '0976',
  '0961',
  '0991',
  '0994',
  '0995',
];

export interface Person {
  nombre: string;
  apellido: string;
  genero: number;
  numeroDocumento: string;
  email: string;
  telefonoCelular: string;
  fechaNacimiento: string;
  lugarNacimiento: string;
  domicilioLocalidad: string;
}

export interface PersonOptions {
  /** Inclusive range of the birth year. */
  born: [number, number];
  /** Inclusive range of the document number: older people in Paraguay hold lower numbers. */
  documento: [number, number];
}

/** Without accents or spaces, for e-mail addresses. */
export function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

export class People {
  private readonly documentos = new Set<string>();
  private readonly emails = new Set<string>();

  constructor(
    private readonly random: Random,
    private readonly domain: string,
  ) {}

  next(opts: PersonOptions): Person {
    const r = this.random;
    const female = r.chance(0.5);
    const names = female ? NOMBRES_FEMENINOS : NOMBRES_MASCULINOS;
    const first = r.pick(names);
    const nombre = r.chance(0.3) ? `${first} ${r.pick(names.filter((n) => n !== first))}` : first;
    const paterno = r.pick(APELLIDOS);
    const apellido = `${paterno} ${r.pick(APELLIDOS.filter((a) => a !== paterno))}`;
    const ciudad = r.pick(CIUDADES);
    return {
      nombre,
      apellido,
      genero: female ? Genero.Femenino : Genero.Masculino,
      numeroDocumento: this.documento(opts.documento),
      email: this.email(`${plain(first)}.${plain(paterno)}`),
      telefonoCelular: `${r.pick(PREFIJOS_CELULAR)} ${r.int(100, 999)} ${r.int(100, 999)}`,
      fechaNacimiento: `${r.int(...opts.born)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`,
      lugarNacimiento: r.chance(0.7) ? ciudad : r.pick(CIUDADES),
      domicilioLocalidad: ciudad,
    };
  }

  /** Keeps a fixed account's address and document from being handed to someone else. */
  reserve(email: string, documento: string): void {
    this.emails.add(email);
    this.documentos.add(documento);
  }

  private documento([min, max]: [number, number]): string {
    for (;;) {
      const doc = String(this.random.int(min, max));
      if (!this.documentos.has(doc)) {
        this.documentos.add(doc);
        return doc;
      }
    }
  }

  private email(local: string): string {
    for (let n = 1; ; n++) {
      const email = `${local}${n === 1 ? '' : n}@${this.domain}`;
      if (!this.emails.has(email)) {
        this.emails.add(email);
        return email;
      }
    }
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
