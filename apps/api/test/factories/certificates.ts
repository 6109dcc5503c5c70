import { sql } from 'drizzle-orm';
import type { CertificadoContenido } from '@arandu/shared';
import type { Db } from '../../src/db/client.js';
import { rows } from '../../src/db/sql.js';
import { newCertificateCode, sha256 } from '../../src/modules/certificates/certificates.service.js';

/** A 'Certificado de estudios' of the profile, written straight to the table (for who-may-call tests). */
export async function createCertificado(
  db: Db,
  perfilAlumnoId: number,
  emitidoPor: number,
): Promise<{ id: number; codigo: string }> {
  const contenido: CertificadoContenido = {
    tipo: 'estudios',
    membrete: { universidad: 'Universidad de prueba', facultad: 'Facultad de prueba', decano: '' },
    alumno: {
      nombre: 'Ana',
      apellido: 'Prueba',
      numeroDocumento: '4812340',
      numeroLegajo: 1,
      carrera: 'C',
      malla: 'M',
    },
    materias: [],
    aprobadas: 0,
    materiasMalla: 1,
    porcentajeMalla: 0,
    promedio: null,
  };
  const text = JSON.stringify(contenido);
  const [row] = await rows<{ id: number; codigo: string }>(
    db,
    sql`insert into certificados (codigo, tipo, perfil_alumno_id, emitido_por, contenido, digesto)
        values (${newCertificateCode()}, 'estudios', ${perfilAlumnoId}, ${emitidoPor}, ${text}, ${sha256(text)})
        returning id, codigo`,
  );
  return row!;
}
