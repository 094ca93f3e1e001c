import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityWithoutMods } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { initialQuery } from '../../session';
import { communityKeys } from './keys';

export interface CreateCommunityBody {
  name: string;
  about: string;
}

/** `POST /api/communities` (API.md §11.2): the answer is the new community; its creator is its mod. */
export function createCommunity(body: CreateCommunityBody): Promise<CommunityWithoutMods> {
  return api<CommunityWithoutMods>('/communities', { method: 'POST', body });
}

/**
 * After creating, the sidebar's "My communities" (from `_initial`) and the community lists are out of
 * date: both are read again.
 */
export function useCreateCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCommunity,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: initialQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: communityKeys.lists }),
      ]);
    },
  });
}
