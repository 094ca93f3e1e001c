import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Comment } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/**
 * `DELETE /api/posts/{postId}/comments/{id}?deleteAs=admins` (API.md §10.4). The answer is the stripped
 * copy; admins may still read what was removed (the next read of the list shows it), so the row keeps
 * its text and author and only takes the deletion's fields.
 */
export function useRemoveComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Comment) =>
      api<Comment>(`/posts/${comment.postId}/comments/${comment.id}`, {
        method: 'DELETE',
        query: { deleteAs: 'admins' },
      }),
    onSuccess: (removed) =>
      queryClient.setQueryData<InfiniteData<{ comments: Comment[]; next: string | null }>>(
        adminKeys.comments,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              comments: page.comments.map((c) =>
                c.id === removed.id
                  ? {
                      ...c,
                      deleted: true,
                      deletedAt: removed.deletedAt,
                      deletedAs: removed.deletedAs ?? 'admins',
                    }
                  : c,
              ),
            })),
          },
      ),
  });
}
