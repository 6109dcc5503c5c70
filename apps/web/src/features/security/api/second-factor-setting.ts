import { settingsEndpoints as e } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';
import { saveSession } from '../../../lib/session';
import { getLoginStatus } from '../../../lib/session-status';

const keys = queryKeys.security;

/** `GET /api/settings/second-factor`: whether staff must have a second factor (administrators only). */
export function useSecondFactorSetting(enabled: boolean) {
  return useQuery({
    queryKey: keys.secondFactorSetting,
    queryFn: () => call(e.secondFactor),
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
    mutationFn: (segundoFactorObligatorio: boolean) => call(e.saveSecondFactor, { body: { segundoFactorObligatorio } }),
    onSuccess: async (reply) => {
      queryClient.setQueryData(keys.secondFactorSetting, reply);
      saveSession((await getLoginStatus()).user);
      await queryClient.invalidateQueries({ queryKey: keys.mfa });
    },
  });
}
