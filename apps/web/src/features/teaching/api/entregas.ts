import { entregaEndpoints as e, pathOf, type EntregaRecibo } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { call } from '../../../lib/call';
import { csrfHeader } from '../../../lib/csrf';

/** Hand-ins through Arandu (issue 46): the student's own and the professor's list of one homework. */
const keys = {
  mine: (tareaId: number) => ['entregas', tareaId, 'mia'] as const,
  list: (tareaId: number) => ['entregas', tareaId, 'lista'] as const,
};

export function useMiEntrega(tareaId: number) {
  return useQuery({ queryKey: keys.mine(tareaId), queryFn: () => call(e.mine, { params: { id: tareaId } }) });
}

export function useEntregas(tareaId: number) {
  return useQuery({ queryKey: keys.list(tareaId), queryFn: () => call(e.list, { params: { id: tareaId } }) });
}

export function useSaveDevolucion(tareaId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { perfilAlumnoId: number; texto: string }) =>
      call(e.devolucion, { params: { id: tareaId, perfilAlumnoId: v.perfilAlumnoId }, body: { texto: v.texto } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.list(tareaId) }),
  });
}

/** The file given back with one student's feedback (multipart field `archivo`): saved, or removed. */
export function useDevolucionArchivo(tareaId: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: keys.list(tareaId) });
  const save = useMutation({
    mutationFn: (v: { perfilAlumnoId: number; file: File }) => {
      const body = new FormData();
      body.append('archivo', v.file, v.file.name);
      return call(e.devolucionArchivo, { params: { id: tareaId, perfilAlumnoId: v.perfilAlumnoId }, body });
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (perfilAlumnoId: number) =>
      call(e.quitarDevolucionArchivo, { params: { id: tareaId, perfilAlumnoId } }),
    onSuccess,
  });
  return { save, remove };
}

export function usePublicarDevoluciones(tareaId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(e.publish, { params: { id: tareaId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['entregas', tareaId] }),
  });
}

/** Where a handed-in file opens (PDF and images in the browser's own tab) and where all of them download. */
export const archivoUrl = (id: number) => `/api${pathOf(e.file, { id })}`;
export const zipUrl = (tareaId: number) => `/api${pathOf(e.zip, { id: tareaId })}`;
/** Where a file given back with the feedback opens (to the student once published). */
export const devolucionArchivoUrl = (id: number) => `/api${pathOf(e.devolucionArchivoFile, { id })}`;

/**
 * Sends the files in one multipart request through XMLHttpRequest, whose upload events give the bytes sent so
 * far (fetch has none): `onProgress` gets each file's fraction, counted in the order the files go out.
 */
export function uploadEntrega(
  tareaId: number,
  files: File[],
  onProgress: (fractions: number[]) => void,
): { done: Promise<EntregaRecibo>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<EntregaRecibo>((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('archivos', file, file.name);
    xhr.open('POST', `/api${pathOf(e.upload, { id: tareaId })}`);
    for (const [name, value] of Object.entries(csrfHeader())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      // The envelope is small beside the files: each file's share is its size over the sum of sizes.
      const total = files.reduce((sum, f) => sum + f.size, 0) || 1;
      let sent = (event.loaded / event.total) * total;
      onProgress(
        files.map((f) => {
          const part = Math.max(0, Math.min(f.size, sent));
          sent -= f.size;
          return f.size ? part / f.size : 1;
        }),
      );
    };
    xhr.onload = () => {
      if (xhr.status === 200) resolve(xhr.response as EntregaRecibo);
      else reject(new ApiError(xhr.status, (xhr.response as { error: string } | null) ?? null));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(new ApiError(0, null));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

export const entregaKeys = keys;
