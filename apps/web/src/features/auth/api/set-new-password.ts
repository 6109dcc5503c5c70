import { authEndpoints as e, type SetNewPassword } from '@arandu/shared';
import { call } from '../../../lib/call';
import { useAction } from '../../../lib/use-action';

/** `POST /api/users/set_new_password`: replies with the user (firstLogin false), or 400 `{ error, errors }`. */
export function setNewPassword(body: SetNewPassword) {
  return call(e.setNewPassword, { body });
}

export function useSetNewPassword() {
  return useAction(setNewPassword);
}
