import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@commons/shared';
import { api, ApiError, csrfToken, rememberCsrfToken } from '../../../lib/api-client';
import { currentUserQuery } from '../../session/api/get-current-user';
import { userKeys } from './get-user';

/** `POST /api/users/{u}/pro_pic` (API.md §7.4): multipart, part `image`. */
async function uploadPicture(username: string, file: File): Promise<User> {
  const form = new FormData();
  form.append('image', file);
  let response: Response;
  try {
    response = await fetch(`/api/users/${encodeURIComponent(username)}/pro_pic`, {
      method: 'POST',
      headers: { 'X-Csrf-Token': csrfToken() },
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, null);
  }
  rememberCsrfToken(response);
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, json as never);
  return json as User;
}

/** The owner's picture: upload a new one (`file`) or remove it (`null`). The answer is the owner. */
export function useProfilePicture(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) =>
      file
        ? uploadPicture(username, file)
        : api<User>(`/users/${encodeURIComponent(username)}/pro_pic`, { method: 'DELETE' }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      ]);
    },
  });
}

/** `PUT /api/images/{id}` (API.md §9.2): the picture's alt text. */
export function useAltText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, altText }: { imageId: string; altText: string }) =>
      api(`/images/${imageId}`, { method: 'PUT', body: { altText } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
