import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listKeys, type ListTargetType } from './keys';

/** `GET /api/lists/_saved_to` (API.md §14.6): which of the viewer's own lists hold the target. */
export function savedToQuery(type: ListTargetType, id: string) {
  return queryOptions({
    queryKey: listKeys.savedTo(type, id),
    queryFn: ({ signal }) => api<number[]>('/lists/_saved_to', { query: { id, type }, signal }),
    // Read again each time the modal opens: the item may have been saved from another tab.
    staleTime: 0,
  });
}

export function useSavedTo(type: ListTargetType, id: string) {
  return useQuery(savedToQuery(type, id));
}
