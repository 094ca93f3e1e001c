import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Comment, CommentPage, Post } from '@commons/shared';
import { showAlert } from '../../../components/ui/Toasts';
import { api, ApiError, errorText } from '../../../lib/api-client';
import { useCurrentUser } from '../../session';
import { mergeComments } from '../comment-tree';
import type { LoadedComments } from './comment-cache';
import { commentKeys } from './keys';

/**
 * `GET /api/posts/{publicId}/comments` (API.md §10.1): a post's comments, starting from the first page
 * that came with the post, so opening a post costs one request. Later pages and replies are merged in.
 */
export function useComments(post: Post, ready: boolean) {
  const viewer = useCurrentUser()?.id ?? null;
  return useQuery({
    queryKey: commentKeys.ofPost(post.publicId, viewer),
    queryFn: async ({ signal }): Promise<LoadedComments> => {
      const page = await api<CommentPage>(`/posts/${encodeURIComponent(post.publicId)}/comments`, { signal });
      return { comments: page.comments, next: page.next };
    },
    // A post from a feed has no comments yet; the full post brings the first page.
    enabled: ready,
    initialData: ready && post.comments ? { comments: post.comments, next: post.commentsNext } : undefined,
    staleTime: 60_000,
  });
}

/** The next page of comments ('N more comments'). */
export function useMoreComments(post: Post) {
  const queryClient = useQueryClient();
  const viewer = useCurrentUser()?.id ?? null;
  const [loading, setLoading] = useState(false);
  const loadMore = useCallback(async () => {
    const key = commentKeys.ofPost(post.publicId, viewer);
    const current = queryClient.getQueryData<LoadedComments>(key);
    if (!current?.next || loading) return;
    setLoading(true);
    try {
      const page = await api<CommentPage>(`/posts/${encodeURIComponent(post.publicId)}/comments`, {
        query: { next: current.next },
      });
      queryClient.setQueryData<LoadedComments>(key, (data) =>
        data ? { comments: mergeComments(data.comments, page.comments), next: page.next } : data,
      );
    } catch (error) {
      showAlert(errorText(error), { tone: 'error' });
    } finally {
      setLoading(false);
    }
  }, [queryClient, post.publicId, viewer, loading]);
  return { loadMore, loading };
}

/** Every reply below one comment (`?parentId=`), for 'N more replies'. */
export function useLoadReplies(post: Post) {
  const queryClient = useQueryClient();
  const viewer = useCurrentUser()?.id ?? null;
  return useCallback(
    async (comment: Comment) => {
      try {
        const replies = await api<Comment[]>(`/posts/${encodeURIComponent(post.publicId)}/comments`, {
          query: { parentId: comment.id },
        });
        queryClient.setQueryData<LoadedComments>(commentKeys.ofPost(post.publicId, viewer), (data) =>
          data ? { ...data, comments: mergeComments(data.comments, replies) } : data,
        );
      } catch (error) {
        showAlert(errorText(error), { tone: 'error' });
      }
    },
    [queryClient, post.publicId, viewer],
  );
}

/**
 * The focused comment of `/{community}/post/{publicId}/{commentId}` (core §2), when the loaded pages do
 * not hold it: the comment, the top of its thread, and that thread's replies, so it shows in context.
 * 'not-found' when the link's comment does not exist or belongs to another post: the post still shows,
 * and the section says so.
 */
export function useFocusedComment(
  post: Post,
  focusedId: string | undefined,
  loaded: Comment[] | undefined,
): 'loaded' | 'loading' | 'not-found' | null {
  const queryClient = useQueryClient();
  const viewer = useCurrentUser()?.id ?? null;
  const missing = Boolean(focusedId && loaded && !loaded.some((c) => c.id === focusedId));
  const [notFound, setNotFound] = useState<string | null>(null);
  useEffect(() => {
    if (!missing || !focusedId) return;
    let cancelled = false;
    void (async () => {
      try {
        const focused = await api<Comment>(`/comments/${encodeURIComponent(focusedId)}`);
        if (focused.postId !== post.id) {
          if (!cancelled) setNotFound(focusedId);
          return;
        }
        const rootId = focused.ancestors?.[0] ?? focused.id;
        const [root, replies] = await Promise.all([
          rootId === focused.id ? focused : api<Comment>(`/comments/${rootId}`),
          api<Comment[]>(`/posts/${encodeURIComponent(post.publicId)}/comments`, {
            query: { parentId: rootId },
          }),
        ]);
        if (cancelled) return;
        queryClient.setQueryData<LoadedComments>(commentKeys.ofPost(post.publicId, viewer), (data) =>
          // The thread goes first, so it is among the first comments shown.
          data ? { ...data, comments: mergeComments([root, ...replies], data.comments) } : data,
        );
      } catch (error) {
        // An unknown or malformed comment id (404, 400). Anything else (offline, 500) is no answer
        // about the comment, so nothing is said about it.
        const gone = error instanceof ApiError && (error.status === 404 || error.status === 400);
        if (!cancelled && gone) setNotFound(focusedId);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [missing, focusedId, post.id, post.publicId, queryClient, viewer]);
  if (!focusedId) return null;
  if (notFound === focusedId) return 'not-found';
  return missing ? 'loading' : 'loaded';
}
