import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PublicSettings } from '../../../lib/public-settings';
import type { SessionUserReply } from '../../../lib/session';

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe?: boolean;
}

export type LoginReply = SessionUserReply & { token: string; publicSettings: PublicSettings };

/** `POST /api/users/login`: a 400 or 401 is a wrong e-mail or password, not an expired session. */
export function login(body: LoginRequest): Promise<LoginReply> {
  return api.post<LoginReply>('/users/login', body, { redirectOnUnauthorized: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
