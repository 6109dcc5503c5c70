import { MSG } from '@arandu/shared';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { isNotFound } from '../../../lib/api-errors';
import { useResetPassword } from '../api/save-user';

/** 'Restablecer contraseña', from the users list and from a user's form: asked first, then done and told. */
export function useAskResetPassword() {
  const reset = useResetPassword();
  const askReset = async (user: { id: number; email: string }) => {
    const ok = await confirmDialog({
      title: 'Restablecer contraseña',
      message: `Se enviará una contraseña temporal a ${user.email} y se cerrarán sus sesiones. ¿Desea continuar?`,
      confirmLabel: 'Si, Restablecer',
      cancelLabel: 'No, Volver',
    });
    if (!ok) return;
    try {
      await reset.mutateAsync(user.id);
      toast.success(MSG.resetPasswordDone);
    } catch (error) {
      toast.error(isNotFound(error) ? MSG.userNotFound : MSG.resetPasswordFailed);
    }
  };
  return { askReset, isPending: reset.isPending };
}
