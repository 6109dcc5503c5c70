import { importsEndpoints as e, type ImportFormato, type ImportReport, type TipoImportacion } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { call } from '../../../lib/call';
import { saveBlob } from '../../../lib/download';

export type ImportModo = 'prueba' | 'aplicar';

function formOf(file: File): FormData {
  const form = new FormData();
  form.append('archivo', file);
  return form;
}

/**
 * `POST /api/importaciones/{tipo}?modo=…`. An apply refused because of its rows answers 400 with the same
 * report as the dry run: it comes back as the report, so the screen shows what to fix.
 */
export async function runImport(tipo: TipoImportacion, modo: ImportModo, file: File): Promise<ImportReport> {
  try {
    return await call(e.run, { params: { tipo }, query: { modo }, body: formOf(file) });
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as (ImportReport & { error: string }) | null) : null;
    if (body && Array.isArray(body.filas)) return { ...body, aplicado: false };
    throw error;
  }
}

export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tipo, modo, file }: { tipo: TipoImportacion; modo: ImportModo; file: File }) =>
      runImport(tipo, modo, file),
    // Students, users and mallas lists show what an apply wrote.
    onSuccess: (report) => (report.aplicado ? queryClient.invalidateQueries() : undefined),
  });
}

export async function downloadTemplate(tipo: TipoImportacion, formato: ImportFormato, fileName: string) {
  const blob = await call(e.template, { params: { tipo }, query: { formato } });
  saveBlob(blob, fileName);
}

export async function downloadReport(tipo: TipoImportacion, file: File, fileName: string) {
  const blob = await call(e.report, { params: { tipo }, body: formOf(file) });
  saveBlob(blob, fileName);
}

/** The credential letters of an apply without SMTP (issue 44): once, with the key of the apply's reply. */
export async function downloadCredentialLetters(id: number, clave: string) {
  const blob = await call(e.credentialLetters, { params: { id }, body: { clave } });
  saveBlob(blob, 'Cartas de credenciales.pdf');
}

/** New temporary passwords for the letters' accounts not yet used: new letters to download. */
export function resetCredentialLetters(id: number) {
  return call(e.resetCredentials, { params: { id } });
}
