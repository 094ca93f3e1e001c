import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Community } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { communityKeys } from '../../communities';
import { useCurrentUser } from '../../session';
import { modtoolsKeys } from './keys';

export interface CommunitySettings {
  about: string;
  postingRestricted: boolean;
  isDefault: boolean;
  /** Hides moderators' names in the public moderation log (an addition to the contract). */
  modlogHideNames: boolean;
}

/**
 * Saves the settings tab: `PUT /api/communities/{id}` (API.md §11.4; the whole community with the
 * changed fields, as the contract expects) when the description or the posting switch changed, and
 * `POST /api/_admin` `add_default_forum` / `remove_default_forum` (§16.1, admins) when the default flag did.
 */
export function useSaveCommunitySettings(community: Community) {
  const queryClient = useQueryClient();
  const viewer = useCurrentUser()?.id ?? null;
  return useMutation({
    mutationFn: async (next: CommunitySettings) => {
      let saved = community;
      if (
        next.about !== (community.about ?? '') ||
        next.postingRestricted !== community.postingRestricted ||
        next.modlogHideNames !== (community.modlogHideNames ?? false)
      ) {
        const { isDefault: _isDefault, ...rest } = community;
        saved = await api<Community>(`/communities/${community.id}`, {
          method: 'PUT',
          body: {
            ...rest,
            about: next.about,
            postingRestricted: next.postingRestricted,
            modlogHideNames: next.modlogHideNames,
          },
        });
      }
      if (next.isDefault !== (community.isDefault ?? false)) {
        await api('/_admin', {
          method: 'POST',
          body: {
            action: next.isDefault ? 'add_default_forum' : 'remove_default_forum',
            name: community.name,
          },
        });
      }
      return { ...saved, isDefault: next.isDefault };
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData<Community>(communityKeys.detail(community.name, viewer), saved);
      await queryClient.invalidateQueries({ queryKey: modtoolsKeys.communityDetail(community.name) });
    },
  });
}
