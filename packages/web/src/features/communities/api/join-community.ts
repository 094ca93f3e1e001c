import { useMutation, useQueryClient } from '@tanstack/react-query';
import { nameKey, type Community, type CommunityWithoutMods, type Initial } from '@commons/shared';
import { showAlert } from '../../../components/ui/Toasts';
import { api, errorText } from '../../../lib/api-client';
import { initialQuery, useCurrentUser } from '../../session';
import { communityKeys } from './keys';

interface Variables {
  community: Community;
  leave: boolean;
}

/** The sidebar's "My communities", sorted by name as `_initial` sends them. */
function updateSidebar(list: CommunityWithoutMods[] | null, community: CommunityWithoutMods) {
  const others = (list ?? []).filter((c) => c.id !== community.id);
  if (!community.userJoined) return others.length > 0 ? others : null;
  return [...others, community].sort((a, b) => nameKey(a.name).localeCompare(nameKey(b.name)));
}

/**
 * `POST /api/_joinCommunity` (API.md §11.5). The answer carries no moderators or rules and always says
 * `userMod: false`, so the cached community keeps its own; leaving ends a mod role, and then the
 * community is reloaded for its new list of moderators.
 */
export function useJoinCommunity() {
  const queryClient = useQueryClient();
  const viewer = useCurrentUser()?.id ?? null;
  return useMutation({
    mutationFn: ({ community, leave }: Variables) =>
      api<CommunityWithoutMods>('/_joinCommunity', {
        method: 'POST',
        body: { communityId: community.id, leave },
      }),
    onSuccess: async (updated, { community, leave }) => {
      const key = communityKeys.detail(community.name, viewer);
      const userMod = leave ? false : community.userMod;
      queryClient.setQueryData<Community>(key, (old) =>
        old ? { ...old, ...updated, userMod, mods: old.mods, rules: old.rules } : old,
      );
      queryClient.setQueryData<Initial>(initialQuery.queryKey, (initial) =>
        initial ? { ...initial, communities: updateSidebar(initial.communities, updated) } : initial,
      );
      if (community.userMod && leave) await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => showAlert(errorText(error), { tone: 'error' }),
  });
}
