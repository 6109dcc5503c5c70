import { Genero, type CertificadoContenido, type CertificadoTipo } from '@arandu/shared';

/** The words of a certificate that agree with the student (issue 44). */
export interface Wording {
  titulo: string;
  /** '… es alumna regular de la carrera …'. */
  regular: string;
  /** '…, inscripta en las materias siguientes:'. */
  inscripto: string;
  ningunaAprobada: string;
}

const WORDINGS: Record<'a' | 'o' | 'neutral', Wording> = {
  a: {
    titulo: 'Constancia de alumna regular',
    regular: 'es alumna regular',
    inscripto: 'inscripta en',
    ningunaAprobada: 'La alumna no tiene materias aprobadas a la fecha.',
  },
  o: {
    titulo: 'Constancia de alumno regular',
    regular: 'es alumno regular',
    inscripto: 'inscripto en',
    ningunaAprobada: 'El alumno no tiene materias aprobadas a la fecha.',
  },
  neutral: {
    titulo: 'Constancia de estudiante regular',
    regular: 'es estudiante regular',
    inscripto: 'con inscripción en',
    ningunaAprobada: 'No registra materias aprobadas a la fecha.',
  },
};

/**
 * The wording by the student's `genero` as frozen in the content: 'alumna' for a woman, 'alumno' for a man,
 * neutral when it is not recorded. A content frozen before issue 44 has no `genero` and keeps the words it was
 * issued with ('alumno'): a certificate already issued never changes.
 */
export function wordingOf(contenido: CertificadoContenido): Wording {
  const genero = contenido.alumno.genero;
  if (genero === undefined || genero === Genero.Masculino) return WORDINGS.o;
  return genero === Genero.Femenino ? WORDINGS.a : WORDINGS.neutral;
}

/** The PDF's heading: the constancia worded as its body is; the certificate of studies has one name. */
export function tituloOf(contenido: CertificadoContenido, nombres: Record<CertificadoTipo, string>): string {
  return contenido.tipo === 'alumno-regular' ? wordingOf(contenido).titulo : nombres[contenido.tipo];
}
