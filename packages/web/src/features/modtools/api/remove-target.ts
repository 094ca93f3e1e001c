import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, Post, Report } from '@commons/shared';
import { api } from '../../../lib/api-client';
import type { RemovalReasonQuery } from '../../modlog';
import { postKeys } from '../../posts';
import { modtoolsKeys } from './keys';

interface Variables {
  report: Report;
  /** Moderators remove as `mods`; admins who do not moderate the community as `admins`. */
  deleteAs: 'mods' | 'admins';
  /** A rule of the community and/or a few words, for the author and the public log. */
  reason?: RemovalReasonQuery;
}

/**
 * Removing a report's target from the Reports tab: the post (API.md §8.5) or the comment (§10.4) is
 * deleted in the moderator's capacity, which also clears every report on it.
 */
export function useRemoveReportTarget(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, deleteAs, reason = {} }: Variables): Promise<Post | Comment> => {
      if (report.type === 'post') {
        const post = report.target as Post | null;
        if (!post) throw new Error('The report has no post');
        return api<Post>(`/posts/${encodeURIComponent(post.publicId)}`, {
          method: 'DELETE',
          query: { deleteAs, deleteContent: false, ...reason },
        });
      }
      const comment = report.target as Comment | null;
      if (!comment) throw new Error('The report has no comment');
      return api<Comment>(`/posts/${encodeURIComponent(comment.postPublicId)}/comments/${comment.id}`, {
        method: 'DELETE',
        query: { deleteAs, ...reason },
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: modtoolsKeys.community(communityId) }),
        queryClient.invalidateQueries({ queryKey: postKeys.feeds }),
        queryClient.invalidateQueries({ queryKey: postKeys.details }),
      ]),
  });
}
