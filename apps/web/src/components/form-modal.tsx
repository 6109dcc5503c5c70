import { Modal, type ModalProps } from '@mantine/core';
import { useCallback, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { confirmDialog } from './confirm-dialog';

/** What a form's fields hold now, read from the page: a snapshot to tell whether anything was changed. */
function fieldsOf(root: HTMLElement | null): string {
  if (!root) return '';
  // A cell that saves by itself (ScoreInput's data-autosave) is no unsaved change of the form.
  const fields = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input:not([data-autosave]), textarea:not([data-autosave])',
  );
  return JSON.stringify(
    [...fields].map((f) => (f instanceof HTMLInputElement && /checkbox|radio/.test(f.type) ? f.checked : f.value)),
  );
}

/**
 * Escape meant for something open inside the modal: a select's list, a date picker's calendar, a menu (their
 * dropdowns are popovers, shown while open). That one closes them; the modal stays.
 */
function meantForAPopup(target: HTMLElement): boolean {
  if (target.getAttribute('aria-expanded') === 'true') return true;
  return [...document.querySelectorAll<HTMLElement>('.mantine-Popover-dropdown')].some(
    (dropdown) => dropdown.style.display !== 'none' && !dropdown.hidden,
  );
}

/**
 * Where the focus goes back to when the modal closes: what held it when the modal opened, or, for an item of a
 * menu (the menu closes as the modal opens, and its item is gone), that menu's button.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const button = menu ? document.getElementById(menu.getAttribute('aria-labelledby') ?? '') : null;
  return button ?? active;
}

export interface FormModalProps extends Omit<ModalProps, 'opened' | 'closeOnEscape'> {
  /** For a modal kept mounted and shown by its `opened`; a modal mounted only while open omits it. */
  opened?: boolean;
  /**
   * Whether the form holds changes not saved. Left out, the modal reads its fields: a change made since the
   * first key or click in it counts.
   */
  dirty?: boolean;
  /**
   * The record as last loaded or saved, for a modal that stays open after saving (a new homework becomes its
   * edit): when it changes, what the fields hold is the saved state again.
   */
  savedRecord?: unknown;
}

/**
 * The one modal for forms (issue 43 item 3):
 * - Escape, a click outside or the close button never throw typed data away: with changes not saved they ask
 *   first ('Descartar cambios'); Escape meant for a select's list or a date picker's calendar only closes that,
 *   and works from any field (a Select that keeps Escape to itself included, as 'Alumno' did).
 * - When it closes, by saving or not, the focus returns to the control that opened it, also for a modal that
 *   is unmounted at once (Mantine returns it only after its own closing transition), and to the menu's button
 *   for a modal opened by a menu's item.
 */
export function FormModal({ opened = true, dirty, savedRecord, onClose, children, ...props }: FormModalProps) {
  const root = useRef<HTMLDivElement>(null);
  const snapshot = useRef<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const asking = useRef(false);
  useLayoutEffect(() => {
    snapshot.current = null;
  }, [savedRecord]);

  useLayoutEffect(() => {
    if (!opened) return;
    snapshot.current = null;
    opener.current = openerOf(document.activeElement);
    const content = root.current;
    return () => {
      const back = opener.current;
      // After React has removed the modal: the focus is then on the body, or inside what was removed.
      setTimeout(() => {
        const now = document.activeElement;
        const lost = !now || now === document.body || !now.isConnected || content?.contains(now) === true;
        if (back?.isConnected && lost) back.focus();
      });
    };
  }, [opened]);

  const changed = () => dirty ?? (snapshot.current !== null && snapshot.current !== fieldsOf(root.current));

  const requestClose = useCallback(async () => {
    if (asking.current) return;
    if (changed()) {
      asking.current = true;
      const discard = await confirmDialog({
        title: 'Descartar cambios',
        message: 'El formulario tiene cambios sin guardar. ¿Cerrarlo y descartarlos?',
        confirmLabel: 'Sí, descartar',
        cancelLabel: 'No, seguir editando',
        danger: true,
      });
      asking.current = false;
      if (!discard) return;
    }
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dirty, onClose]);

  const firstTouch = () => {
    snapshot.current ??= fieldsOf(root.current);
  };

  return (
    <Modal
      {...props}
      opened={opened}
      onClose={() => void requestClose()}
      closeOnEscape={false}
      onPointerDownCapture={firstTouch}
      onKeyDownCapture={(event: KeyboardEvent<HTMLDivElement>) => {
        if (event.key !== 'Escape') return firstTouch();
        if (meantForAPopup(event.target as HTMLElement)) return;
        event.stopPropagation();
        void requestClose();
      }}
    >
      <div ref={root}>{children}</div>
    </Modal>
  );
}
