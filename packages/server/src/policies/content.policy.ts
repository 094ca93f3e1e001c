import { isGroup, type Group } from '@commons/shared';
import { errors } from '../lib/errors.js';
import { mayModerate, signedIn, type Standing } from './roles.policy.js';

/** The rules shared by posts and comments: who may speak, lock, delete and pin, and as which group. */

/** A UserGroup word of the contract, else 400 `user/invalid-group`. */
export function parseGroup(word: string | undefined): Group {
  if (!isGroup(word)) throw errors.invalidGroup();
  return word;
}

/**
 * The group an author speaks as when creating, or with `changeAsUser` (DOMAIN §7.8): the author must hold
 * the role. Unlike moderation, speaking as moderators needs the moderator role itself: an admin who does
 * not moderate the community speaks as admins, not as its moderators.
 */
export function speakingAs(viewer: Standing | null, word: string): Group {
  const { isAdmin, moderates } = signedIn(viewer);
  const group = parseGroup(word);
  if (group === 'admins' && !isAdmin) throw errors.notAdmin();
  if (group === 'mods' && !moderates) throw errors.notMod();
  return group;
}

/**
 * Locking or deleting as `mods` or `admins`, or as the author (`normal`, deletion only): moderation
 * capacities, which admins hold in every community.
 */
export function assertMayActAs(viewer: Standing | null, group: Group, isAuthor: boolean): void {
  const standing = signedIn(viewer);
  if (group === 'normal' && !isAuthor) throw errors.notAuthor();
  if (group === 'mods' && !mayModerate(standing)) throw errors.notMod();
  if (group === 'admins' && !standing.isAdmin) throw errors.notAdmin();
}

/** Lifting a lock: moderators of the community and admins, whichever group locked it. */
export function assertMayUnlock(viewer: Standing | null): void {
  if (!mayModerate(signedIn(viewer))) throw errors.notModNotAdmin();
}

/** Pinning site-wide: admins; in the community: its moderators and admins. */
export function assertMayPin(viewer: Standing | null, siteWide: boolean): void {
  const standing = signedIn(viewer);
  if (siteWide && !standing.isAdmin) throw errors.notAdmin();
  if (!siteWide && !mayModerate(standing)) throw errors.notMod();
}
