import type { WriteTx } from '../../db/tx.js';
import { hashTemporaryPasswords, temporaryPassword } from '../auth/password.js';
import { welcomeMail } from '../users/users.service.js';
import type { ImportKind, PlanContext, Written } from './import-kind.js';
import { ALUMNO_COLUMNS, PROFESOR_COLUMNS, type PersonKey } from './people.columns.js';
import { planPeople, type PersonPlan, type PersonTipo } from './people.plan.js';
import * as repo from './people.repository.js';

/** Temporary password and its hash, by document, for the rows that create a user. */
type Passwords = Map<string, { temporary: string; hash: string }>;

async function passwordsFor(plans: readonly PersonPlan[]): Promise<Passwords> {
  const documentos = plans.filter((p) => p.accion === 'crear').map((p) => p.clave);
  const temporaries = documentos.map(() => temporaryPassword());
  const hashes = await hashTemporaryPasswords(temporaries);
  return new Map(documentos.map((d, i) => [d, { temporary: temporaries[i]!, hash: hashes[i]! }]));
}

/**
 * Writes a judged file: new users, updated users, their student records or teaching categories, and the
 * welcome mails, each in one statement. A row created inside the transaction that the dry run outside it saw
 * as existing (someone saved it in between) gets its password hashed here.
 */
async function writePeople(
  tx: WriteTx,
  ctx: PlanContext & { appName: string; appUrl: string },
  tipo: PersonTipo,
  plans: readonly PersonPlan[],
  prepared: Passwords,
): Promise<Written> {
  const creates = plans.filter((p) => p.accion === 'crear');
  const updates = plans.filter((p) => p.accion === 'actualizar');
  const missing = creates.filter((p) => !prepared.has(p.clave));
  if (missing.length) for (const [d, pw] of await passwordsFor(missing)) prepared.set(d, pw);

  const esAlumno = tipo === 'alumnos';
  const esProfesor = tipo === 'profesores';
  const ids = await repo.insertUsers(
    tx,
    creates.map((p) => ({ ...p.user, passwordHash: prepared.get(p.clave)!.hash, esAlumno, esProfesor })),
  );
  await repo.updateUsers(
    tx,
    updates.map((p) => ({ ...p.user, id: p.stored!.id, esAlumno, esProfesor })),
  );
  const idOf = (p: PersonPlan) => p.stored?.id ?? ids.get(p.clave)!;

  if (esAlumno) {
    const changed = [...creates, ...updates];
    await repo.insertAlumnos(
      tx,
      changed.filter((p) => !p.stored?.perfilId).map((p) => ({ ...p.student!, usuarioId: idOf(p), orden: p.fila })),
    );
    await repo.updateAlumnos(
      tx,
      updates
        .filter((p) => p.stored?.perfilId)
        .map((p) => ({ ...p.student!, id: p.stored!.perfilId!, usuarioId: idOf(p), orden: p.fila })),
    );
  }
  if (esProfesor) {
    const withCategorias = [...creates, ...updates].filter((p) => p.categorias !== undefined);
    await repo.replaceCategorias(
      tx,
      withCategorias.map(idOf),
      withCategorias.flatMap((p) => p.categorias!.map((c) => ({ ...c, usuarioId: idOf(p) }))),
    );
  }
  return {
    mails: creates.map((p) => welcomeMail(ctx.appName, p.user, prepared.get(p.clave)!.temporary, ctx.appUrl)),
    cuentasNuevas: creates.map((p) => ({ usuarioId: ids.get(p.clave)!, temporary: prepared.get(p.clave)!.temporary })),
  };
}

function peopleKind(tipo: PersonTipo, columns: typeof ALUMNO_COLUMNS): ImportKind<PersonKey, PersonPlan, Passwords> {
  return {
    tipo,
    columns,
    plan: (ctx, file) => planPeople(ctx, tipo, columns, file),
    prepare: passwordsFor,
    write: (tx, ctx, plans, prepared) => writePeople(tx, ctx, tipo, plans, prepared),
  };
}

export const alumnosKind = peopleKind('alumnos', ALUMNO_COLUMNS);
export const profesoresKind = peopleKind('profesores', PROFESOR_COLUMNS);
