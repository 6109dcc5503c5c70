import type { authEndpoints } from '@arandu/shared';
import { callRoute } from '../../../lib/call';
import { useAction } from '../../../lib/use-action';

/**
 * `POST /api/users/forgot_password`: the same success text whether or not the e-mail belongs to a user. On the
 * login page, so through `callRoute` (no zod before the first submit, issue 16).
 */
export function forgotPassword(email: string) {
  return callRoute<typeof authEndpoints.forgotPassword>(
    { method: 'POST', path: '/users/forgot_password' },
    { body: { email } },
    { redirectOnUnauthorized: false },
  );
}

export function useForgotPassword() {
  return useAction(forgotPassword);
}
