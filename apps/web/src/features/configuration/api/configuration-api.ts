import { configurationEndpoints as e, type ConfiguracionSave } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export function useConfiguracion() {
  return useQuery({ queryKey: queryKeys.configuration, queryFn: () => call(e.get) });
}

/** Saving or changing the logo also refreshes the letterhead every printed document shows. */
function useRefreshing<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.configuration });
      await queryClient.invalidateQueries({ queryKey: queryKeys.membrete });
    },
  });
}

const save = (body: ConfiguracionSave) => call(e.save, { body });
const uploadLogo = (file: File) => {
  const body = new FormData();
  body.append('files', file);
  return call(e.uploadLogo, { body });
};
const removeLogo = () => call(e.removeLogo);

export const useSaveConfiguracion = () => useRefreshing(save);
export const useUploadLogo = () => useRefreshing(uploadLogo);
export const useRemoveLogo = () => useRefreshing(removeLogo);
