import type { PhotoReply } from '@arandu/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersKey } from './get-users';

/** `POST /api/users/{id}/photo` with the file in the multipart field `files`. */
export function uploadPhoto({ userId, file }: { userId: number; file: File }): Promise<PhotoReply> {
  const body = new FormData();
  body.append('files', file, file.name);
  return api.post(`/users/${userId}/photo`, body);
}

export function deletePhoto(userId: number): Promise<void> {
  return api.delete(`/users/${userId}/photo`);
}

/** `GET /api/users/{id}/photo` as a blob (an <img> cannot send the bearer token). */
export function getPhoto(url: string): Promise<Blob> {
  return api.get(url.replace(/^\/api/, ''), { responseType: 'blob' });
}

/** The photo as a blob; `photoName` changes with every upload, so a new photo is a new query. */
export function photoQueryOptions(url: string | null, photoName: string | null) {
  return queryOptions({
    queryKey: [...usersKey, 'photo', url, photoName],
    queryFn: () => getPhoto(url!),
    enabled: !!url && !!photoName,
    staleTime: Infinity,
  });
}

export function usePhoto(url: string | null, photoName: string | null) {
  return useQuery(photoQueryOptions(url, photoName));
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
