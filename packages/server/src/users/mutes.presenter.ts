import type { CommunityWithoutMods, Mute, UserWithoutModding } from '@commons/shared';

/** A user mute (API.md §5.9), with the muted user's public view. */
export function presentUserMute(
  row: { mute_id: number; muted_at: Date; id: string },
  mutedUser: UserWithoutModding,
): Mute {
  return {
    id: `u_${row.mute_id}`,
    type: 'user',
    mutedUserId: row.id,
    createdAt: row.muted_at.toISOString(),
    mutedUser,
  };
}

/** A community mute (API.md §5.9): the community with `isMuted` true and no viewer fields. */
export function presentCommunityMute(
  row: { mute_id: number; muted_at: Date; id: string },
  community: CommunityWithoutMods,
): Mute {
  return {
    id: `c_${row.mute_id}`,
    type: 'community',
    mutedCommunityId: row.id,
    createdAt: row.muted_at.toISOString(),
    mutedCommunity: { ...community, isMuted: true },
  };
}
