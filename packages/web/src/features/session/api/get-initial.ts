import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Initial } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/**
 * `GET /api/_initial`, the first call (API.md §6.1): its `Csrf-Token` header gives the token every later
 * call sends. 408 and network failures mean offline.
 */
const fetchInitial = () => api<Initial>('/_initial');

export const initialQuery = queryOptions({
  queryKey: sessionKeys.initial,
  queryFn: fetchInitial,
  staleTime: Infinity,
  retry: false,
});

/** The bootstrap data; only used below the gate that waits for it, so it is always there. */
export function useInitial(): Initial {
  const { data } = useQuery(initialQuery);
  if (!data) throw new Error('useInitial used before the initial data loaded');
  return data;
}
