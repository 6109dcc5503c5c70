import { certificatesEndpoints as e, type CertificadoIssue } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { saveBlob } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.certificates;

/** `GET /api/certificados`: one's own, or (staff) the student's of `perfilAlumnoId`. */
export function useCertificados(perfilAlumnoId?: number) {
  return useQuery({
    queryKey: keys.list(perfilAlumnoId ?? 'own'),
    // Without an id (0 is none), one's own: no query string.
    queryFn: () => call(e.list, { query: { perfilAlumnoId: perfilAlumnoId || undefined } }),
  });
}

export function useIssueCertificado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificadoIssue) => call(e.issue, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** The PDF made by the server, saved as 'Certificado-{código}.pdf'. */
export async function downloadCertificado(c: { id: number; codigo: string }): Promise<void> {
  saveBlob(await call(e.pdf, { params: { id: c.id } }), `Certificado-${c.codigo}.pdf`);
}
