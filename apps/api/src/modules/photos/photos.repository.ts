import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { usuarioFotos, usuarios } from '../../db/schema/index.js';
import type { WriteTx } from '../../db/tx.js';

export async function findTarget(db: DbOrTx, usuarioId: number) {
  const [row] = await db
    .select({ id: usuarios.id, esAdmin: usuarios.esAdmin, photoName: usuarios.photoName })
    .from(usuarios)
    .where(eq(usuarios.id, usuarioId))
    .limit(1);
  return row;
}

export async function savePhoto(db: WriteTx, usuarioId: number, mime: string, data: Buffer, photoName: string) {
  await db
    .insert(usuarioFotos)
    .values({ usuarioId, mime, fotoDatos: data, bytes: data.length })
    .onConflictDoUpdate({
      target: usuarioFotos.usuarioId,
      set: { mime, fotoDatos: data, bytes: data.length, updatedAt: sql`now()` },
    });
  await setPhotoName(db, usuarioId, photoName);
}

export async function deletePhoto(db: WriteTx, usuarioId: number): Promise<void> {
  await db.delete(usuarioFotos).where(eq(usuarioFotos.usuarioId, usuarioId));
  await setPhotoName(db, usuarioId, null);
}

/** The user's photo name, as their row shows it: a new one with each photo, none without. */
async function setPhotoName(db: WriteTx, usuarioId: number, photoName: string | null): Promise<void> {
  await db
    .update(usuarios)
    .set({ photoName, updatedAt: sql`now()` })
    .where(eq(usuarios.id, usuarioId));
}

export async function findPhoto(db: DbOrTx, usuarioId: number) {
  const [row] = await db
    .select({ mime: usuarioFotos.mime, data: usuarioFotos.fotoDatos, updatedAt: usuarioFotos.updatedAt })
    .from(usuarioFotos)
    .where(eq(usuarioFotos.usuarioId, usuarioId))
    .limit(1);
  return row;
}
