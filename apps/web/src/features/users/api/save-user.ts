import { userEndpoints as e, type ProfileSave, type UserSave } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.users;

/** `POST /api/users`: creates (no id) or updates a user; replies with the saved user. */
export function saveUser(body: UserSave) {
  return call(e.save, { body });
}

/** `POST /api/users/profile`: the own ficha (profile mode). */
export function saveProfile(body: ProfileSave) {
  return call(e.saveProfile, { body });
}

/**
 * `POST /api/users/reset_password/{id}` (the spec's GET also works): a temporary password goes by e-mail, or,
 * without a mail server, comes back in the reply once.
 */
export function resetPassword(id: number) {
  return call(e.resetPassword, { params: { id } });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: keys.lists });
    },
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.profile, saved);
      return queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
