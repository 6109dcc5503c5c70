import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title: ReactNode;
  message: ReactNode;
  /** e.g. 'Si, Borrar' */
  confirmLabel?: string;
  /** e.g. 'No, Volver' */
  cancelLabel?: string;
  /** Red confirm button, for deletions. */
  danger?: boolean;
}

/** Asks for a confirmation; resolves true on confirm, false on cancel or when the dialog is closed. */
export function confirmDialog({
  title,
  message,
  confirmLabel = 'Si',
  cancelLabel = 'No, Volver',
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title,
      children: message,
      centered: true,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red' } : {},
      onConfirm: () => {
        answer(true);
      },
      onCancel: () => {
        answer(false);
      },
      onClose: () => {
        answer(false);
      },
    });
  });
}
