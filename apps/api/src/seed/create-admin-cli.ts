import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { MSG, PASSWORD_MAX, PASSWORD_MIN, zEmail } from '@arandu/shared';
import { configuracion, usuarios } from '../db/schema/index.js';
import { writeTx } from '../db/tx.js';
import { hashPassword, temporaryPassword } from '../modules/auth/password.js';
import { openConfiguredDatabase } from './cli-database.js';

/**
 * `npm run create-admin -- --email x --nombre y --apellido z --documento 1234567 [--password p]`: the first
 * administrator of an installation (Admin with esAdminRoot). Missing values are asked for on a terminal.
 * Without --password a temporary one is printed and must be changed at the first login.
 */
const FIELDS = [
  ['email', 'Correo electrónico'],
  ['nombre', 'Nombre'],
  ['apellido', 'Apellido'],
  ['documento', 'Número de documento'],
] as const;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    nombre: { type: 'string' },
    apellido: { type: 'string' },
    documento: { type: 'string' },
    password: { type: 'string' },
  },
});

const missing = FIELDS.filter(([key]) => !values[key]?.trim());
if (missing.length > 0) {
  if (!process.stdin.isTTY) {
    fail(`Faltan datos: ${missing.map(([key]) => `--${key}`).join(', ')}. Sin una terminal no se pueden pedir.`);
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  // Reading lines through the iterator keeps what is typed (or pasted) ahead of its prompt.
  const lines = rl[Symbol.asyncIterator]();
  for (const [key, label] of missing) {
    process.stdout.write(`${label}: `);
    const line = await lines.next();
    if (line.done) fail('\nCancelado: no se creó el administrador.');
    values[key] = String(line.value);
  }
  rl.close();
}

const email = zEmail.safeParse(values.email);
if (!email.success) fail(MSG.emailInvalid);
// Logins compare e-mails without regard to case; the stored address is kept in one case too.
const address = email.data.toLowerCase();
const nombre = values.nombre!.trim();
const apellido = values.apellido!.trim();
// Accepts the document as people write it in Paraguay (1.234.567).
const documento = values.documento!.trim().replace(/\./g, '');
if (!nombre || nombre.length > 50) fail('El nombre es obligatorio y tiene como máximo 50 caracteres.');
if (!apellido || apellido.length > 50) fail('El apellido es obligatorio y tiene como máximo 50 caracteres.');
if (!/^[0-9]{6,10}$/.test(documento)) fail('El número de documento debe tener entre 6 y 10 dígitos.');
const given = values.password;
if (given !== undefined) {
  if (given.length < PASSWORD_MIN) fail(`La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`);
  if (given.length > PASSWORD_MAX) fail(`La contraseña puede tener como máximo ${PASSWORD_MAX} caracteres.`);
  if (given === address || given === documento) fail(MSG.newPasswordIsPersonalData);
}
const password = given ?? temporaryPassword();

const database = await openConfiguredDatabase();
try {
  const taken = `Ya existe un usuario con el correo ${address}.`;
  const exists = await database.db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(sql`lower(${usuarios.email}) = lower(${address})`);
  if (exists.length > 0) {
    console.error(taken);
    process.exitCode = 1;
  } else {
    const passwordHash = await hashPassword(password);
    const [created] = await writeTx(database.db, null, (tx) =>
      tx
        .insert(usuarios)
        .values({
          email: address,
          nombre,
          apellido,
          numeroDocumento: documento,
          passwordHash,
          esAdmin: true,
          esAdminRoot: true,
          firstLogin: given === undefined,
        })
        .returning({ id: usuarios.id }),
    ).catch((err: unknown) => {
      // Someone else took the address between the check and the insert: the unique index decides.
      if ((err as { cause?: { code?: string } }).cause?.code === '23505') fail(taken);
      throw err;
    });
    // A new installation asks its staff for a second factor from the start (issue 32); the demo does not.
    await writeTx(database.db, null, (tx) =>
      tx
        .insert(configuracion)
        .values({ clave: 'segundoFactorObligatorio', valor: 'true' })
        .onConflictDoNothing({ target: configuracion.clave }),
    );
    console.log(`Administrador creado: ${address} (id ${created!.id}).`);
    console.log(
      'Segundo factor obligatorio para administradores y funcionarios: activado (necesita MFA_ENCRYPTION_KEY).',
    );
    if (given === undefined) console.log(`Contraseña temporal: ${password} (debe cambiarse al ingresar).`);
  }
} finally {
  await database.close();
}
