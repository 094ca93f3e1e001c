import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, UserGroupName } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { replaceComment } from './comment-cache';

/**
 * `DELETE /api/posts/{postId}/comments/{id}?deleteAs=` (API.md §10.4): the answer is the stripped
 * comment, which takes the old one's place so the thread keeps its shape.
 */
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      comment,
      as,
      reasonRule,
      reason,
    }: {
      comment: Comment;
      as: UserGroupName;
      /** A moderator's or admin's reason (additions to the contract). */
      reasonRule?: number;
      reason?: string;
    }) =>
      api<Comment>(`/posts/${comment.postId}/comments/${comment.id}`, {
        method: 'DELETE',
        query: { deleteAs: as, reasonRule, reason },
      }),
    onSuccess: (updated) => replaceComment(queryClient, updated),
  });
}
