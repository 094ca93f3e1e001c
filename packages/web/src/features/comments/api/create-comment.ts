import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, ui, type Comment, type Post, type UserGroupName } from '@commons/shared';
import { api, ApiError, errorText } from '../../../lib/api-client';
import { updatePostEverywhere } from '../../posts';
import { markBannedFrom, useCurrentUser } from '../../session';
import type { LoadedComments } from './comment-cache';
import { commentKeys } from './keys';

interface Variables {
  body: string;
  parentId: string | null;
  /** Speaking as moderator or admin (core §4); as themselves when absent. */
  userGroup?: UserGroupName;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `POST /api/posts/{publicId}/comments` (API.md §10.2). The new comment goes first among its siblings
 * and the post's count goes up by one. Too many requests: one more try after 2 s (core §8).
 */
export function useCreateComment(post: Post) {
  const queryClient = useQueryClient();
  const viewer = useCurrentUser()?.id ?? null;
  return useMutation({
    mutationFn: async ({ body, parentId, userGroup }: Variables) => {
      const send = () =>
        api<Comment>(`/posts/${encodeURIComponent(post.publicId)}/comments`, {
          method: 'POST',
          ...(userGroup && userGroup !== 'normal' ? { query: { userGroup } } : {}),
          body: { body, parentCommentId: parentId },
        });
      try {
        return await send();
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 429)) throw error;
        await wait(ui.retryAfter429Ms);
        return send();
      }
    },
    onError: (error) => {
      // Core §8: the alert, and the member is marked banned.
      if (error instanceof ApiError && error.code === 'banned_from_community') {
        markBannedFrom(queryClient, post.communityId);
      }
    },
    onSuccess: (comment) => {
      queryClient.setQueryData<LoadedComments>(commentKeys.ofPost(post.publicId, viewer), (data) => {
        if (!data) return { comments: [comment], next: null };
        const comments = data.comments.map((c) =>
          c.id === comment.parentId
            ? { ...c, noReplies: c.noReplies + 1, noRepliesDirect: c.noRepliesDirect + 1 }
            : comment.ancestors?.includes(c.id)
              ? { ...c, noReplies: c.noReplies + 1 }
              : c,
        );
        return { ...data, comments: [comment, ...comments] };
      });
      updatePostEverywhere(queryClient, post.id, (p) => ({ ...p, noComments: p.noComments + 1 }));
    },
  });
}

/** The message to show for a refused comment: the spec's own for a ban, else the server's. */
export function createCommentError(error: unknown): string {
  if (error instanceof ApiError && error.code === 'banned_from_community') {
    return messages.comments.bannedFromCommunity;
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return error.body?.message ?? errorText(error);
  }
  return errorText(error);
}
