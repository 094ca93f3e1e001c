import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { showAlert } from '../../../components/ui/Toasts';
import { api, errorText } from '../../../lib/api-client';
import { postKeys } from './keys';

/**
 * Posts hidden in this visit. The post object has no hidden flag (API.md §8.7): the client keeps the
 * ids, so a hidden card shows "Hidden post" with Undo wherever it appears until the feed reloads
 * without it.
 */
export function setHidden(queryClient: QueryClient, postId: string, hidden: boolean): void {
  queryClient.setQueryData<string[]>(postKeys.hidden, (ids = []) =>
    hidden ? [...ids.filter((id) => id !== postId), postId] : ids.filter((id) => id !== postId),
  );
}

export function useIsHidden(postId: string): boolean {
  const queryClient = useQueryClient();
  const { data } = useQuery<string[]>({
    queryKey: postKeys.hidden,
    // Never fetched: the list lives in the cache; a refetch must not forget it.
    queryFn: () => queryClient.getQueryData<string[]>(postKeys.hidden) ?? [],
    initialData: [],
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data.includes(postId);
}

/** `POST /api/hidden_posts`: the card turns into "Hidden post" at once; a failure brings it back. */
export function useHidePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api('/hidden_posts', { method: 'POST', body: { postId } }),
    onMutate: (postId) => setHidden(queryClient, postId, true),
    onError: (error, postId) => {
      setHidden(queryClient, postId, false);
      showAlert(errorText(error), { tone: 'error' });
    },
  });
}
