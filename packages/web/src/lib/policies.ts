import type { Group, User } from '@commons/shared';

/*
 * The server's permission rules (packages/server/src/policies/*.policy.ts), mirrored under the same names
 * and over the same facts, so the UI shows exactly the controls the server would accept. Where the
 * server asserts (throws), the mirror answers true or false. A rule changed there changes here too.
 */

/** What the client knows about the viewer in one community, as the server's `Standing`. */
export interface Standing {
  isAdmin: boolean;
  /** Holds the moderator role of the community in question (its `userMod`). */
  moderates: boolean;
  /** Under a current ban from that community (`bannedFrom` of `GET /api/_initial`). */
  banned: boolean;
}

/** Only the site-wide role; for rules with no community in question. */
export type AdminFact = Pick<Standing, 'isAdmin'>;

/** The groups one speaks or acts in besides oneself. */
export type OfficialGroup = Exclude<Group, 'normal'>;

/** The viewer's standing in a community, from the signed-in user and the community as loaded; null for a guest. */
export function standingIn(
  user: Pick<User, 'isAdmin'> | null,
  community: { userMod?: boolean | null } | null | undefined,
  banned = false,
): Standing | null {
  return user && { isAdmin: user.isAdmin, moderates: community?.userMod === true, banned };
}

export function isAdmin(viewer: AdminFact | null): boolean {
  return viewer?.isAdmin ?? false;
}

/** Moderators of the community and admins may use its moderation tools (DOMAIN §7.1). */
export function mayModerate(viewer: Omit<Standing, 'banned'> | null): boolean {
  return viewer !== null && (viewer.isAdmin || viewer.moderates);
}

/** Posting in a community: not while banned; only its moderators and admins when posting is restricted. */
export function mayPostIn(viewer: Standing | null, community: { postingRestricted: boolean }): boolean {
  return viewer !== null && !viewer.banned && (!community.postingRestricted || mayModerate(viewer));
}

/**
 * Speaking as a group when creating (server: `speakingAs`, DOMAIN §7.8): the author must hold the role.
 * An admin who does not moderate the community speaks as admins, not as its moderators.
 */
export function maySpeakAs(viewer: Omit<Standing, 'banned'> | null, group: OfficialGroup): boolean {
  if (!viewer) return false;
  return group === 'admins' ? viewer.isAdmin : viewer.moderates;
}

/** The official groups the viewer may speak as, in the contract's order (mods before admins). */
export function officialGroups(viewer: Omit<Standing, 'banned'> | null): OfficialGroup[] {
  return (['mods', 'admins'] as const).filter((group) => maySpeakAs(viewer, group));
}

/**
 * Locking or deleting as `mods` or `admins`, or as the author (`normal`, deletion only) (server:
 * `assertMayActAs`): moderation capacities, which admins hold in every community.
 */
export function mayActAs(
  viewer: Omit<Standing, 'banned'> | null,
  group: 'normal' | OfficialGroup,
  isAuthor: boolean,
): boolean {
  if (!viewer) return false;
  if (group === 'normal') return isAuthor;
  return group === 'mods' ? mayModerate(viewer) : viewer.isAdmin;
}

/** Pinning site-wide: admins; in the community: its moderators and admins (server: `assertMayPin`). */
export function mayPin(viewer: Omit<Standing, 'banned'> | null, siteWide: boolean): boolean {
  return siteWide ? isAdmin(viewer) : mayModerate(viewer);
}

/** Site-wide bans (API.md §16.1): an admin cannot be banned. */
export function mayBeBannedSiteWide(target: AdminFact): boolean {
  return !target.isAdmin;
}

/** Admins see the content of banned and deleted accounts, which others do not. */
export function seesRemovedAccounts(viewer: AdminFact | null): boolean {
  return isAdmin(viewer);
}
