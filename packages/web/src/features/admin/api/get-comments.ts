import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Comment } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

interface CommentsPage {
  comments: Comment[];
  next: string | null;
}

/** `GET /api/comments[?next=]` (API.md §10.7): every comment of the site, newest first, 100 a page. */
export const adminCommentsQuery = infiniteQueryOptions({
  queryKey: adminKeys.comments,
  queryFn: ({ pageParam, signal }) => api<CommentsPage>('/comments', { query: { next: pageParam }, signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next ?? undefined,
});

export function useAdminComments() {
  return useInfiniteQuery(adminCommentsQuery);
}
