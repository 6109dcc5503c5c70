import { MSG_PLANNING as M } from '@arandu/shared';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export type UnsavedAnswer = 'save' | 'discard' | 'stay';

/**
 * 'Hay cambios sin guardar' (spec 03 section 2.4): "Si, guardar" saves before moving, "No, continuar"
 * drops the changes and moves; closing the dialog stays on the page, so nothing is lost by a stray click.
 */
export function askUnsavedChanges(): Promise<UnsavedAnswer> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: UnsavedAnswer) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: M.unsavedTitle,
      children: <Text size="sm">{M.unsavedText}</Text>,
      centered: true,
      labels: { confirm: M.unsavedSave, cancel: M.unsavedDiscard },
      onConfirm: () => answer('save'),
      onCancel: () => answer('discard'),
      onClose: () => answer('stay'),
    });
  });
}
