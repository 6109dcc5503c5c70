import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { askUnsavedChanges } from './unsaved-changes-prompt';

/**
 * Leaving the wizard with unsaved steps asks (issue 34 item 21): inside the app 'Si, guardar' saves them all
 * first (and stays on the first step that cannot be saved), 'No, continuar' drops them, closing the dialog
 * stays. A reload or a closed tab gets the browser's own question; the values stay in this browser anyway.
 */
export function useLeaveGuard(unsaved: boolean, save: () => Promise<boolean>, discard: () => void) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void askUnsavedChanges().then(async (answer) => {
      if (answer === 'save' && (await save())) return blocker.proceed();
      if (answer === 'discard') {
        discard();
        return blocker.proceed();
      }
      blocker.reset();
    });
    // The dialog opens once per blocked navigation; save and discard are read when it is answered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
