import type { SecondFactorSetting } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const settingKey = ['settings', 'second-factor'] as const;

/** `GET /api/settings/second-factor`: whether staff must have a second factor (administrators only). */
export function useSecondFactorSetting(enabled: boolean) {
  return useQuery({
    queryKey: settingKey,
    queryFn: () => api.get<SecondFactorSetting>('/settings/second-factor'),
    enabled,
  });
}

/** `PUT /api/settings/second-factor`; the own factor's status is read again (it may be required now). */
export function useSaveSecondFactorSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (segundoFactorObligatorio: boolean) =>
      api.put<SecondFactorSetting>('/settings/second-factor', { segundoFactorObligatorio }),
    onSuccess: (reply) => {
      queryClient.setQueryData(settingKey, reply);
      return queryClient.invalidateQueries({ queryKey: ['mfa'] });
    },
  });
}
