import { apiMessages } from '@commons/shared';
import type { Group } from '../db/schema.js';
import { badRequest, forbidden, notAdmin } from '../lib/errors.js';
import { mayModerate, notMod, signedIn, type Standing } from './roles.policy.js';

/** The rules shared by posts and comments: who may speak, lock, delete and pin, and as which group. */

const GROUPS: readonly Group[] = ['normal', 'mods', 'admins'];

export const invalidGroup = () => badRequest('user/invalid-group', apiMessages.invalidGroup);
export const notAuthor = () => forbidden('not_author', apiMessages.notAuthor);

/** A UserGroup word of the contract, else 400 `user/invalid-group`. */
export function parseGroup(word: string | undefined): Group {
  if (!GROUPS.includes(word as Group)) throw invalidGroup();
  return word as Group;
}

/**
 * The group an author speaks as when creating, or with `changeAsUser` (DOMAIN §7.8): the author must hold
 * the role. Unlike moderation, speaking as moderators needs the moderator role itself: an admin who does
 * not moderate the community speaks as admins, not as its moderators.
 */
export function speakingAs(viewer: Standing | null, word: string): Group {
  const { isAdmin, moderates } = signedIn(viewer);
  const group = parseGroup(word);
  if (group === 'admins' && !isAdmin) throw notAdmin();
  if (group === 'mods' && !moderates) throw notMod();
  return group;
}

/**
 * Locking or deleting as `mods` or `admins`, or as the author (`normal`, deletion only): moderation
 * capacities, which admins hold in every community.
 */
export function assertMayActAs(viewer: Standing | null, group: Group, isAuthor: boolean): void {
  const standing = signedIn(viewer);
  if (group === 'normal' && !isAuthor) throw notAuthor();
  if (group === 'mods' && !mayModerate(standing)) throw notMod();
  if (group === 'admins' && !standing.isAdmin) throw notAdmin();
}

/** Lifting a lock: moderators of the community and admins, whichever group locked it. */
export function assertMayUnlock(viewer: Standing | null): void {
  if (!mayModerate(signedIn(viewer))) throw forbidden('not-mod-not-admin', apiMessages.notAdminNorMod);
}

/** Pinning site-wide: admins; in the community: its moderators and admins. */
export function assertMayPin(viewer: Standing | null, siteWide: boolean): void {
  const standing = signedIn(viewer);
  if (siteWide && !standing.isAdmin) throw notAdmin();
  if (!siteWide && !mayModerate(standing)) throw notMod();
}
