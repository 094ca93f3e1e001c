import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorBody, Initial } from '@commons/shared';
import { ApiError, rememberCsrfToken } from '../../../lib/api-client';

/**
 * `GET /api/_initial`, the first call (API.md §6.1): a plain fetch whose `Csrf-Token` header gives the
 * token every later call sends. 408 and network failures mean offline.
 */
async function fetchInitial(): Promise<Initial> {
  let response: Response;
  try {
    response = await fetch('/api/_initial', { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, null);
  }
  rememberCsrfToken(response);
  if (!response.ok) {
    throw new ApiError(response.status, (await response.json().catch(() => null)) as ErrorBody | null);
  }
  return (await response.json()) as Initial;
}

export const initialQuery = queryOptions({
  queryKey: ['initial'],
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
