import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { sesiones, usuarios } from '../db/schema/index.js';
import { writeTx } from '../db/tx.js';
import { factorResetMail } from '../modules/auth/factor-notices.js';
import { deleteFactor } from '../modules/auth/mfa.repository.js';
import { deleteUserCredentials } from '../modules/auth/webauthn.repository.js';
import { insertMail } from '../modules/outbox/outbox.repository.js';
import { recordSecurityEvent } from '../modules/security-events/security-events.service.js';
import { openConfiguredDatabase } from '../seed/cli-database.js';

/**
 * `npm run mfa-reset -- --email raiz@ing.edu.py --motivo "perdió el teléfono"`: removes a user's second
 * factor (the app's and any security keys) and ends their sessions, from the server's command line. The way
 * back for the root administrator, whose factor no one else may reset in the application (issue 32); recorded
 * like staff's resets, and the user told by mail (through the outbox: a running server sends it, or it waits
 * there without SMTP_URL).
 */
const { values } = parseArgs({ options: { email: { type: 'string' }, motivo: { type: 'string' } } });
if (!values.email || !values.motivo?.trim()) {
  console.error('Uso: npm run mfa-reset -- --email <correo> --motivo "<motivo>"');
  process.exit(1);
}
const database = await openConfiguredDatabase();
try {
  const [user] = await database.db
    .select({ id: usuarios.id, nombre: usuarios.nombre, email: usuarios.email })
    .from(usuarios)
    .where(sql`lower(${usuarios.email}) = lower(${values.email})`);
  if (!user) {
    console.error(`No existe un usuario con el correo ${values.email}.`);
    process.exitCode = 1;
  } else {
    const config = loadConfig();
    const given = values.motivo.trim();
    const motivo = `línea de comandos: ${given.slice(0, 470)}`;
    const removed = await writeTx(database.db, null, async (tx) => {
      const totp = await deleteFactor(tx, user.id);
      const keys = await deleteUserCredentials(tx, user.id);
      if (!totp && keys === 0) return false;
      await tx.delete(sesiones).where(sql`${sesiones.usuarioId} = ${user.id}`);
      await recordSecurityEvent(tx, {
        tipo: 'segundo_factor_restablecido',
        usuarioId: user.id,
        factor: 'totp',
        motivo,
      });
      await insertMail(tx, {
        ...factorResetMail(config.appName, user, null, given),
        estado: config.smtpUrl ? 'pendiente' : 'retenido',
      });
      return true;
    });
    console.log(
      removed
        ? `Se quitó el segundo factor de ${values.email} y se cerraron sus sesiones.`
        : `${values.email} no tiene segundo factor: no se cambió nada.`,
    );
  }
} finally {
  await database.close();
}
