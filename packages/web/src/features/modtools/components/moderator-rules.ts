import type { UserWithoutModding } from '@commons/shared';

/**
 * Whether the viewer may remove the moderator at `targetIndex` of the rank-ordered list (DOMAIN §7.2,
 * API.md §11.7): admins anyone; a moderator those at or after their own place, themself included.
 */
export function mayRemoveModerator(
  viewer: { id: string; isAdmin: boolean },
  mods: Pick<UserWithoutModding, 'id'>[],
  targetIndex: number,
): boolean {
  if (viewer.isAdmin) return true;
  const own = mods.findIndex((m) => m.id === viewer.id);
  return own !== -1 && targetIndex >= own;
}
