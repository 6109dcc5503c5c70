import type { DbOrTx } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { normalisePhoto } from '../../lib/photos.js';
import { requirePhotoChangeable, requirePhotoReadable } from '../access/user-access.js';
import { auditingRefusals } from '../audit/refusals.js';
import type { AuthUser } from '../auth/auth-user.js';
import { assertMayChangeUser, USER_ACTIONS } from '../users/change-rights.js';
import * as repo from './photos.repository.js';

type PhotoAction = typeof USER_ACTIONS.uploadPhoto | typeof USER_ACTIONS.deletePhoto;

/**
 * Who may change a photo: its owner, or staff; another Admin's only the root administrator (403, audited:
 * run it inside `auditingRefusals`). Anyone else gets 404.
 */
async function editableTarget(db: DbOrTx, actor: AuthUser, usuarioId: number, accion: PhotoAction) {
  const target = requirePhotoChangeable(actor, await repo.findTarget(db, usuarioId));
  assertMayChangeUser(actor, target, accion);
  return target;
}

export async function uploadPhoto(db: DbOrTx, actor: AuthUser, usuarioId: number, file: Buffer) {
  await auditingRefusals(db, actor.id, () => editableTarget(db, actor, usuarioId, USER_ACTIONS.uploadPhoto));
  const photo = await normalisePhoto(file);
  // A new name each upload, so what the browser keeps under the old one is never shown again.
  const photoName = `foto-${usuarioId}-${Date.now().toString(36)}.jpg`;
  await writeTx(db, actor.id, (tx) => repo.savePhoto(tx, usuarioId, photo.mime, photo.data, photoName));
  return { photoName, urlPhoto: `/api/users/${usuarioId}/photo` };
}

export async function deletePhoto(db: DbOrTx, actor: AuthUser, usuarioId: number): Promise<void> {
  const target = await auditingRefusals(db, actor.id, () =>
    editableTarget(db, actor, usuarioId, USER_ACTIONS.deletePhoto),
  );
  if (!target.photoName) return;
  await writeTx(db, actor.id, (tx) => repo.deletePhoto(tx, usuarioId));
}

/** The photo is shown only to its owner, to staff and to professors of the student's subject-periods. */
export async function readPhoto(db: DbOrTx, actor: AuthUser, usuarioId: number) {
  await requirePhotoReadable(db, actor, usuarioId);
  const photo = await repo.findPhoto(db, usuarioId);
  if (!photo) throw AppError.notFound('La foto no existe');
  return photo;
}
