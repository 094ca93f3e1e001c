import { queryOptions, useQuery } from '@tanstack/react-query';
import type { List } from '@commons/shared';
import { api, ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../session';
import { listKeys } from './keys';

export function listPath(username: string, name: string): string {
  return `/users/${encodeURIComponent(username)}/lists/${encodeURIComponent(name)}`;
}

/** `GET /api/users/{username}/lists/{name}` (API.md §14.3): 404 for a missing list or another's private one. */
export function listQuery(username: string, name: string, viewer: string | null) {
  return queryOptions({
    queryKey: listKeys.list(username, name, viewer),
    queryFn: ({ signal }) => api<List>(listPath(username, name), { signal }),
    // Not found is an answer, not a hiccup: asking again would only delay the not-found page.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useList(username: string, name: string) {
  const viewer = useCurrentUser()?.id ?? null;
  return useQuery(listQuery(username, name, viewer));
}

/**
 * Is the name free among `username`'s lists? The by-name GET answers 404 when it is (API.md §14.3).
 * Null when the check itself failed: the form does not block on it, the server checks again on save.
 */
export async function isListNameAvailable(username: string, name: string): Promise<boolean | null> {
  try {
    await api(listPath(username, name));
    return false;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return true;
    return null;
  }
}
