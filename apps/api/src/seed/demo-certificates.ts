import { sql } from 'drizzle-orm';
import { Role } from '@arandu/shared';
import type { Tx } from '../db/client.js';
import type { AuthUser } from '../modules/auth/auth-user.js';
import { issue } from '../modules/certificates/certificates.service.js';

/**
 * The demo student's 'Certificado de estudios' (issue 30), issued by the student through the same service as
 * 'Mis certificados', so its content is the academic status after the demo's acta rectificativa and its code
 * verifies at /verificar/{codigo} from the first `npm start`. The code is random, as every certificate's.
 */
export async function insertDemoCertificate(tx: Tx, alumnoUserId: number): Promise<string> {
  const alumno: AuthUser = {
    id: alumnoUserId,
    sessionId: 0,
    email: 'alumno@demo.edu.py',
    nombre: '',
    apellido: '',
    numeroDocumento: '',
    roles: [Role.Alumno],
    esAdminRoot: false,
    permisosExtra: [],
    firstLogin: false,
    mfaSetupRequired: false,
  };
  const { codigo } = await issue(tx, alumno, { tipo: 'estudios' });
  // The issue recorded the student as the writer for the audit; what the seed writes next is nobody's.
  await tx.execute(sql`select set_config('app.user_id', '', true)`);
  return codigo;
}
