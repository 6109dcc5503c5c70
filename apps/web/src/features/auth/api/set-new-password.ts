import type { LoginReply, SetNewPassword } from '@arandu/shared';
import { api } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

/** `POST /api/users/set_new_password`: replies with the user (firstLogin false), or 400 `{ error, errors }`. */
export function setNewPassword(body: SetNewPassword): Promise<LoginReply> {
  return api.post<LoginReply>('/users/set_new_password', body);
}

export function useSetNewPassword() {
  return useAction(setNewPassword);
}
