import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type Post, type UserGroupName } from '@commons/shared';
import { showAlert } from '../../../components/ui/Toasts';
import { api, ApiError, errorText } from '../../../lib/api-client';
import { postKeys } from './keys';
import { replacePostEverywhere, updatePostEverywhere } from './post-cache';

export type PostAction =
  | { action: 'lock' | 'unlock'; lockAs: 'mods' | 'admins' }
  | { action: 'pin' | 'unpin'; siteWide: boolean }
  | { action: 'announce' }
  | { action: 'changeAsUser'; userGroup: UserGroupName };

type Variables = PostAction & { post: Post };

/** What a failed action says: 409 on announce, the server's own words on a refused pin (core §8). */
export function postActionErrorText(action: PostAction['action'], error: unknown): string {
  if (action === 'announce' && error instanceof ApiError && error.status === 409) {
    return messages.posts.alreadyAnnounced;
  }
  if ((action === 'pin' || action === 'unpin') && error instanceof ApiError && error.status === 403) {
    return error.body?.message ?? errorText(error);
  }
  return errorText(error);
}

const SUCCESS: Partial<Record<PostAction['action'], string>> = {
  announce: 'The post will be announced to everyone.',
};

/**
 * `PUT /api/posts/{publicId}?action=…` (API.md §8.4): lock and unlock, pin and unpin (community-wide
 * or site-wide), announce, and the capacity the author speaks in. Pins and the capacity show at once
 * (the byline's 'Moderator' or 'Admin') and revert when refused; the answer replaces the post everywhere.
 */
export function usePostAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, ...action }: Variables) =>
      api<Post>(`/posts/${encodeURIComponent(post.publicId)}`, { method: 'PUT', query: { ...action } }),
    onMutate: (variables): Post => {
      const { post } = variables;
      if (variables.action === 'pin' || variables.action === 'unpin') {
        const pinned = variables.action === 'pin';
        const flag = variables.siteWide ? 'isPinnedSite' : 'isPinned';
        updatePostEverywhere(queryClient, post.id, (p) => ({ ...p, [flag]: pinned }));
      }
      if (variables.action === 'changeAsUser') {
        const userGroup = variables.userGroup;
        updatePostEverywhere(queryClient, post.id, (p) => ({ ...p, userGroup }));
      }
      return post;
    },
    onSuccess: (updated, variables) => {
      replacePostEverywhere(queryClient, updated);
      // Pins lead the first page of a feed; the feeds show the new order when next seen.
      if (variables.action === 'pin' || variables.action === 'unpin') {
        void queryClient.invalidateQueries({ queryKey: postKeys.feeds, refetchType: 'none' });
      }
      const text = SUCCESS[variables.action];
      if (text) showAlert(text, { tone: 'success' });
    },
    onError: (error, variables, before) => {
      if (before) {
        updatePostEverywhere(queryClient, before.id, (p) => ({
          ...p,
          isPinned: before.isPinned,
          isPinnedSite: before.isPinnedSite,
          userGroup: before.userGroup,
        }));
      }
      showAlert(postActionErrorText(variables.action, error), { tone: 'error' });
    },
  });
}
