import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAlert } from '../../../components/ui/Toasts';
import { api, errorText } from '../../../lib/api-client';
import { setHidden } from './hide-post';

/** `DELETE /api/hidden_posts/{postId}` (Undo): the card comes back at once; a failure hides it again. */
export function useUnhidePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api(`/hidden_posts/${encodeURIComponent(postId)}`, { method: 'DELETE' }),
    onMutate: (postId) => setHidden(queryClient, postId, false),
    onError: (error, postId) => {
      setHidden(queryClient, postId, true);
      showAlert(errorText(error), { tone: 'error' });
    },
  });
}
