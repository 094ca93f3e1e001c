import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../posts';
import { userKeys } from './keys';

interface Variables {
  username: string;
  ban: boolean;
  /** Delete everything the user posted and commented (all time). */
  deleteContent?: boolean;
}

/** `POST /api/_admin` ban_user / unban_user (API.md §16.1); the profile and its feed load again. */
export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, ban, deleteContent }: Variables) =>
      api('/_admin', {
        method: 'POST',
        body: {
          action: ban ? 'ban_user' : 'unban_user',
          username,
          ...(ban && deleteContent ? { deleteContentDays: 0 } : {}),
        },
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]);
    },
  });
}
