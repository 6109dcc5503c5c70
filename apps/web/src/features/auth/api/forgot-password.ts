import { api } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

/** `POST /api/users/forgot_password`: the same success text whether or not the e-mail belongs to a user. */
export function forgotPassword(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/users/forgot_password', { email }, { redirectOnUnauthorized: false });
}

export function useForgotPassword() {
  return useAction(forgotPassword);
}
