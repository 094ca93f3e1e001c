import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@commons/shared';
import { api, upload } from '../../../lib/api-client';
import { currentUserQuery } from '../../session';
import { userKeys } from './keys';

/** `POST /api/users/{u}/pro_pic` (API.md §7.4): multipart, part `image`. */
function uploadPicture(username: string, file: File): Promise<User> {
  const form = new FormData();
  form.append('image', file);
  return upload<User>(`/users/${encodeURIComponent(username)}/pro_pic`, form);
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
