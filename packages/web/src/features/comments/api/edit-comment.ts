import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, UserGroupName } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { replaceComment } from './comment-cache';

/** `PUT /api/posts/{postId}/comments/{id}` (API.md §10.3): the author's new body. */
export function useEditComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, body }: { comment: Comment; body: string }) =>
      api<Comment>(`/posts/${comment.postId}/comments/${comment.id}`, { method: 'PUT', body: { body } }),
    onSuccess: (updated) => replaceComment(queryClient, updated),
  });
}

/** `PUT …/comments/{id}?action=changeAsUser&userGroup=` (API.md §10.3): the capacity the author spoke in. */
export function useChangeCommentGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, group }: { comment: Comment; group: UserGroupName }) =>
      api<Comment>(`/posts/${comment.postId}/comments/${comment.id}`, {
        method: 'PUT',
        query: { action: 'changeAsUser', userGroup: group },
      }),
    onSuccess: (updated) => replaceComment(queryClient, updated),
  });
}

/**
 * `PUT …/comments/{id}?action=lock|unlock&lockAs=` (API.md §10.3): a moderator or admin stops (or
 * allows again) replies anywhere below the comment.
 */
export function useLockComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, lock, as }: { comment: Comment; lock: boolean; as: 'mods' | 'admins' }) =>
      api<Comment>(`/posts/${comment.postId}/comments/${comment.id}`, {
        method: 'PUT',
        query: { action: lock ? 'lock' : 'unlock', lockAs: as },
      }),
    onSuccess: (updated) => replaceComment(queryClient, updated),
  });
}
