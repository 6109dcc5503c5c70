import type { Login, LoginReply } from '@arandu/shared';
import { api } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

/** `POST /api/users/login`: a 400 or 401 is a wrong e-mail or password, not an expired session. */
export function login(body: Login): Promise<LoginReply> {
  return api.post<LoginReply>('/users/login', body, { redirectOnUnauthorized: false });
}

export function useLogin() {
  return useAction(login);
}
