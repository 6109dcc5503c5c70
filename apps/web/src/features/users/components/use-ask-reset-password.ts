import { MSG } from '@arandu/shared';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { isNotFound } from '../../../lib/api-errors';
import { useResetPassword } from '../api/save-user';
import { showTemporaryPassword } from './temporary-password-dialog';

/** 'Restablecer contraseña', from the users list and from a user's form: asked first, then done and told. */
export function useAskResetPassword() {
  const reset = useResetPassword();
  const askReset = async (user: { id: number; email: string }) => {
    // Two dialogs open one after the other: the focus goes back to the button that started them.
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const ok = await confirmDialog({
      title: 'Restablecer contraseña',
      message: `Se enviará una contraseña temporal a ${user.email} y se cerrarán sus sesiones. ¿Desea continuar?`,
      confirmLabel: 'Sí, restablecer',
      cancelLabel: 'No, Volver',
    });
    if (!ok) return;
    try {
      const reply = await reset.mutateAsync(user.id);
      // The server's words: 'enviado' only when a mail server took it.
      toast.success(reply.message);
      if (reply.contrasenaTemporal) {
        await showTemporaryPassword(user, reply.contrasenaTemporal);
        trigger?.focus();
      }
    } catch (error) {
      toast.error(isNotFound(error) ? MSG.userNotFound : MSG.resetPasswordFailed);
    }
  };
  return { askReset, isPending: reset.isPending };
}
