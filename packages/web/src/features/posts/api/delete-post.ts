import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, UserGroupName } from '@commons/shared';
import { showAlert } from '../../../components/ui/Toasts';
import { api, errorText } from '../../../lib/api-client';
import { postKeys } from './keys';
import { replacePostEverywhere } from './post-cache';

export interface DeletePostVariables {
  post: Post;
  /** normal: the author; mods and admins delete in that capacity. */
  deleteAs: Exclude<UserGroupName, 'null'>;
  /** Also purge the body, link and images (admins, or the author of an already deleted post). */
  deleteContent: boolean;
  /** A moderator's or admin's reason (additions to the contract): a rule's id, and/or words. */
  reasonRule?: number;
  reason?: string;
}

/** `DELETE /api/posts/{publicId}?deleteAs=…&deleteContent=…` (API.md §8.5), then the post reloads. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, deleteAs, deleteContent, reasonRule, reason }: DeletePostVariables) =>
      api<Post>(`/posts/${encodeURIComponent(post.publicId)}`, {
        method: 'DELETE',
        query: { deleteAs, deleteContent, reasonRule, reason },
      }),
    onSuccess: async (updated) => {
      replacePostEverywhere(queryClient, updated);
      // Feeds leave deleted posts out; the post page reloads to show what the server now holds.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.feeds }),
        queryClient.invalidateQueries({ queryKey: postKeys.details }),
      ]);
    },
    onError: (error) => showAlert(errorText(error), { tone: 'error' }),
  });
}
