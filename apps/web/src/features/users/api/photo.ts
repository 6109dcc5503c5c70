import { photoEndpoints as e } from '@arandu/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/users/{id}/photo` with the file in the multipart field `files`. */
export function uploadPhoto({ userId, file }: { userId: number; file: File }) {
  const body = new FormData();
  body.append('files', file, file.name);
  return call(e.upload, { params: { id: userId }, body });
}

export function deletePhoto(userId: number) {
  return call(e.remove, { params: { id: userId } });
}

/** `GET /api/users/{id}/photo` as a blob, through the api client (which ends an expired session as any call). */
export function getPhoto(userId: number) {
  return call(e.get, { params: { id: userId } });
}

/**
 * The user's photo as a blob, when their record has one (`url`, the record's `urlPhoto`); `photoName` changes
 * with every upload, so a new photo is a new query.
 */
export function photoQueryOptions(userId: number | null, url: string | null, photoName: string | null) {
  return queryOptions({
    queryKey: queryKeys.users.photo(url, photoName),
    queryFn: () => getPhoto(userId!),
    enabled: userId !== null && !!url && !!photoName,
    staleTime: Infinity,
  });
}

export function usePhoto(userId: number | null, url: string | null, photoName: string | null) {
  return useQuery(photoQueryOptions(userId, url, photoName));
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
