import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Post } from '@commons/shared';
import { showAlert } from '../../../components/ui/Toasts';
import { api, errorText } from '../../../lib/api-client';
import { useAuthDialogs } from '../../auth';
import { useCurrentUser } from '../../session';
import { applyVote, type VoteState } from '../post-rules';
import { replacePostEverywhere, updatePostEverywhere } from './post-cache';

/** Posts with a vote call under way: one call at a time per post (core §4), wherever it is shown. */
const inFlight = new Set<string>();

interface Variables {
  post: Post;
  up: boolean;
}

/**
 * `POST /api/_postVote` (API.md §8.6). The vote shows at once everywhere the post is shown; the answer
 * replaces the post, and a failure puts the counts back. Clicks while a call is under way are ignored,
 * guests get the login prompt, and locked posts take no votes.
 */
export function useVotePost(): (post: Post, up: boolean) => void {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const { openLoginPrompt } = useAuthDialogs();
  const { mutate } = useMutation({
    mutationFn: ({ post, up }: Variables) =>
      api<Post>('/_postVote', { method: 'POST', body: { postId: post.id, up } }),
    onMutate: ({ post, up }: Variables): VoteState => {
      const before: VoteState = {
        upvotes: post.upvotes,
        downvotes: post.downvotes,
        userVoted: post.userVoted,
        userVotedUp: post.userVotedUp,
      };
      updatePostEverywhere(queryClient, post.id, (p) => ({ ...p, ...applyVote(before, up) }));
      return before;
    },
    onSuccess: (updated) => replacePostEverywhere(queryClient, updated),
    onError: (error, { post }, before) => {
      if (before) updatePostEverywhere(queryClient, post.id, (p) => ({ ...p, ...before }));
      showAlert(errorText(error), { tone: 'error' });
    },
    onSettled: (_data, _error, { post }) => {
      inFlight.delete(post.id);
    },
  });

  return useCallback(
    (post: Post, up: boolean) => {
      if (!user) {
        openLoginPrompt();
        return;
      }
      if (post.locked || inFlight.has(post.id)) return;
      inFlight.add(post.id);
      mutate({ post, up });
    },
    [user, openLoginPrompt, mutate],
  );
}
