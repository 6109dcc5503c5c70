import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import type { AutosaveStatus } from '../../../lib/use-autosave';

/** Whether some autosaved cell is still waiting, saving, or failed. */
export const hasUnsaved = (status: Record<string, AutosaveStatus>) => Object.values(status).some((s) => s !== 'saved');

/**
 * Leaving the screen inside the app while scores are unsaved asks first (the autosave hook already asks
 * the browser on a reload or a closed tab).
 */
export function useUnsavedGuard(unsaved: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDialog({
      title: 'Hay cambios sin guardar',
      message: 'Algunos puntajes todavía no se guardaron o no pudieron guardarse. ¿Desea salir de todos modos?',
      confirmLabel: 'Sí, salir',
      cancelLabel: 'No, Volver',
      danger: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
}
