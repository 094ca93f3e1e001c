import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@commons/shared';
import { api, ApiError } from '../../../lib/api-client';
import { postEditorKeys } from './keys';

/**
 * The post being edited, with its community (`GET /api/posts/{publicId}?fetchCommunity=true`, API.md
 * §8.3). Always read fresh: the editor must start from the text as it is now.
 */
export const editablePostQuery = (publicId: string) =>
  queryOptions({
    queryKey: postEditorKeys.post(publicId),
    queryFn: ({ signal }) =>
      api<Post>(`/posts/${encodeURIComponent(publicId)}`, { query: { fetchCommunity: true }, signal }),
    staleTime: 0,
    gcTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });

export function useEditablePost(publicId: string | null) {
  return useQuery({ ...editablePostQuery(publicId ?? ''), enabled: publicId !== null });
}
