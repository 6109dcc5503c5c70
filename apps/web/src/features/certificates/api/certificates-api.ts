import type { CertificadoIssue, CertificadoIssued, CertificadoListItem } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

export const certificatesKey = ['certificados'] as const;

/** `GET /api/certificados`: one's own, or (staff) the student's of `perfilAlumnoId`. */
export function useCertificados(perfilAlumnoId?: number) {
  return useQuery({
    queryKey: [...certificatesKey, perfilAlumnoId ?? 'own'],
    queryFn: () =>
      api.get<CertificadoListItem[]>(`/certificados${perfilAlumnoId ? `?perfilAlumnoId=${perfilAlumnoId}` : ''}`),
  });
}

export function useIssueCertificado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificadoIssue) => api.post<CertificadoIssued>('/certificados', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificatesKey }),
  });
}

/** The PDF made by the server, saved as 'Certificado-{código}.pdf'. */
export async function downloadCertificado(c: { id: number; codigo: string }): Promise<void> {
  saveBlob(await api.get<Blob>(`/certificados/${c.id}/pdf`, { responseType: 'blob' }), `Certificado-${c.codigo}.pdf`);
}
