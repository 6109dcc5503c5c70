import type { ProfileSave, UserDetail, UserSave } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersKey } from './get-users';

/** `POST /api/users`: creates (no id) or updates a user; replies with the saved user. */
export function saveUser(body: UserSave): Promise<UserDetail> {
  return api.post('/users', body);
}

/** `POST /api/users/profile`: the own ficha (profile mode). */
export function saveProfile(body: ProfileSave): Promise<UserDetail> {
  return api.post('/users/profile', body);
}

/** `POST /api/users/reset_password/{id}` (the spec's GET also works): a temporary password goes by e-mail. */
export function resetPassword(id: number): Promise<{ message: string }> {
  return api.post(`/users/reset_password/${id}`);
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: (saved) => {
      queryClient.setQueryData([...usersKey, 'detail', saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: [...usersKey, 'list'] });
    },
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData([...usersKey, 'profile'], saved);
      return queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
