import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { User } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

interface UsersPage {
  users: User[];
  next: string | null;
}

/** `GET /api/users[?next=]` (API.md §7.6): 100 accounts a page, newest first, in their admin view. */
export const adminUsersQuery = infiniteQueryOptions({
  queryKey: adminKeys.users,
  queryFn: ({ pageParam, signal }) => api<UsersPage>('/users', { query: { next: pageParam }, signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next ?? undefined,
});

export function useAdminUsers() {
  return useInfiniteQuery(adminUsersQuery);
}
