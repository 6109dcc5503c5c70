import { failureMessage, isNotFound } from '../lib/api-errors';
import { confirmDialog } from './confirm-dialog';
import { toast } from './toast';

export interface ConfirmDeleteOptions<T> {
  /** The delete mutation of the feature (its variable is the row's id). */
  remove: { mutateAsync: (id: number) => Promise<unknown> };
  title: string;
  message: (row: T) => string;
  /** 'Si, Borrar' unless told. */
  confirmLabel?: string;
  /** Toasts: success, the row was already gone (error), any other failure (warning, the server's text if any). */
  done: string;
  notFound: string;
  failed: string;
}

/** Deletion of a list row: asks (red, 'No, Volver'), deletes, and tells how it went with a toast. */
export function useConfirmDelete<T extends { id: number }>({
  remove,
  title,
  message,
  confirmLabel = 'Si, Borrar',
  done,
  notFound,
  failed,
}: ConfirmDeleteOptions<T>) {
  return async (row: T) => {
    const ok = await confirmDialog({
      title,
      message: message(row),
      confirmLabel,
      cancelLabel: 'No, Volver',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(done);
    } catch (error) {
      if (isNotFound(error)) toast.error(notFound);
      else toast.warning(failureMessage(error, failed));
    }
  };
}
