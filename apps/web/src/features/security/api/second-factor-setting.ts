import type { SecondFactorSetting } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';
import { getLoginStatus } from '../../../lib/session-status';

const settingKey = ['settings', 'second-factor'] as const;

/** `GET /api/settings/second-factor`: whether staff must have a second factor (administrators only). */
export function useSecondFactorSetting(enabled: boolean) {
  return useQuery({
    queryKey: settingKey,
    queryFn: () => api.get<SecondFactorSetting>('/settings/second-factor'),
    enabled,
  });
}

/**
 * `PUT /api/settings/second-factor`; the own factor's status and the stored user are read again: turning it on
 * may put this administrator behind the gate at once.
 */
export function useSaveSecondFactorSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (segundoFactorObligatorio: boolean) =>
      api.put<SecondFactorSetting>('/settings/second-factor', { segundoFactorObligatorio }),
    onSuccess: async (reply) => {
      queryClient.setQueryData(settingKey, reply);
      saveSession((await getLoginStatus()).user);
      await queryClient.invalidateQueries({ queryKey: ['mfa'] });
    },
  });
}
