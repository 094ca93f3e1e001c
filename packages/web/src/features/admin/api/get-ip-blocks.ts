import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { IPBlockPage } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/ipblocks[?next=]` (API.md §16.3): blocks in effect first, then the newest, 20 a page. */
export const ipBlocksQuery = infiniteQueryOptions({
  queryKey: adminKeys.ipBlocks,
  queryFn: ({ pageParam, signal }) => api<IPBlockPage>('/ipblocks', { query: { next: pageParam }, signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next || undefined,
});

export function useIpBlocks() {
  return useInfiniteQuery(ipBlocksQuery);
}
