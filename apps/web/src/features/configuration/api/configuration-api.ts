import type { Configuracion, ConfiguracionSave } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membreteKey } from '../../../lib/membrete';

export const configuracionKey = ['configuracion'] as const;

export function useConfiguracion() {
  return useQuery({ queryKey: configuracionKey, queryFn: () => api.get<Configuracion>('/configuracion') });
}

/** Saving or changing the logo also refreshes the letterhead every printed document shows. */
function useRefreshing<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: configuracionKey });
      await queryClient.invalidateQueries({ queryKey: membreteKey });
    },
  });
}

export const useSaveConfiguracion = () =>
  useRefreshing((body: ConfiguracionSave) => api.put<Configuracion>('/configuracion', body));

export const useUploadLogo = () =>
  useRefreshing((file: File) => {
    const form = new FormData();
    form.append('files', file);
    return api.put<void>('/configuracion/logo', form);
  });

export const useRemoveLogo = () => useRefreshing(() => api.delete<void>('/configuracion/logo'));
