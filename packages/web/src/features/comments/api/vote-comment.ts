import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messages, type Comment } from '@commons/shared';
import { showAlert } from '../../../components/ui/Toasts';
import { api, ApiError, errorText } from '../../../lib/api-client';
import { useAuthDialogs } from '../../auth';
import { applyVote, type VoteState } from '../../posts';
import { useCurrentUser } from '../../session';
import { replaceComment, updateComment } from './comment-cache';

/** Comments with a vote call under way: one call at a time per comment (core §4). */
const inFlight = new Set<string>();

/**
 * `POST /api/_commentVote` (API.md §10.6), applied at once and put back on failure, as for posts.
 * Guests get the login prompt; a deleted comment says it cannot be voted on.
 */
export function useVoteComment(): (comment: Comment, up: boolean) => void {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const { openLoginPrompt } = useAuthDialogs();
  const { mutate } = useMutation({
    mutationFn: ({ comment, up }: { comment: Comment; up: boolean }) =>
      api<Comment>('/_commentVote', { method: 'POST', body: { commentId: comment.id, up } }),
    onMutate: ({ comment, up }): VoteState => {
      const before: VoteState = {
        upvotes: comment.upvotes,
        downvotes: comment.downvotes,
        userVoted: comment.userVoted,
        userVotedUp: comment.userVotedUp,
      };
      updateComment(queryClient, comment.id, (c) => ({ ...c, ...applyVote(before, up) }));
      return before;
    },
    onSuccess: (updated) => replaceComment(queryClient, updated),
    onError: (error, { comment }, before) => {
      if (before) updateComment(queryClient, comment.id, (c) => ({ ...c, ...before }));
      // A comment does not say its post is locked (a list or profile shows it apart from the post):
      // the server's refusal says so instead of a generic failure.
      const locked = error instanceof ApiError && error.code === 'post-locked';
      showAlert(locked ? error.message : errorText(error), { tone: 'error' });
    },
    onSettled: (_data, _error, { comment }) => {
      inFlight.delete(comment.id);
    },
  });

  return useCallback(
    (comment: Comment, up: boolean) => {
      if (!user) {
        openLoginPrompt();
        return;
      }
      if (comment.deleted) {
        showAlert(messages.comments.cannotVoteDeleted, { tone: 'error' });
        return;
      }
      if (inFlight.has(comment.id)) return;
      inFlight.add(comment.id);
      mutate({ comment, up });
    },
    [user, openLoginPrompt, mutate],
  );
}
