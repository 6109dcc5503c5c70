import { MSG_EXAMENES } from '@arandu/shared';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/api-errors';
import { useOpenExamen, useStampExamen } from '../api/exams-api';
import { askReopenReason } from './reopen-dialog';

/** 'Sellar examen' from the list or the form: asks, seals, and says how it went (spec 02 section 8). */
export function useStampFlow() {
  const stamp = useStampExamen();
  return async (examen: { id: number; materia: string }) => {
    const ok = await confirmDialog({
      title: 'Sellar examen',
      message: `Una vez sellado, las notas de ${examen.materia} ya no podrán modificarse. ¿Desea sellar el examen?`,
      confirmLabel: 'Sí, sellar',
    });
    if (!ok) return false;
    try {
      await stamp.mutateAsync(examen);
      toast.success(MSG_EXAMENES.stamped);
      return true;
    } catch (error) {
      if (isNotFound(error)) toast.error(MSG_EXAMENES.notFound);
      else if (error instanceof ApiError && error.status === 400 && error.body?.error) toast.error(error.body.error);
      else toast.error(MSG_EXAMENES.stampFailed);
      return false;
    }
  };
}

/** 'Abrir examen' (root admin only): asks why, reopens, says how it went. */
export function useOpenFlow() {
  const open = useOpenExamen();
  return async (examen: { id: number; materia: string }) => {
    const answer = await askReopenReason(examen.materia);
    if (answer === null) return;
    try {
      await open.mutateAsync({ id: examen.id, ...answer });
      toast.success(MSG_EXAMENES.opened);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.body?.error) toast.error(error.body.error);
      else toast.error(MSG_EXAMENES.openFailed);
    }
  };
}
