import type { Group } from '@commons/shared';
import { errors } from '../lib/errors.js';
import { assertMayActAs, assertMayPin, assertMayUnlock, speakingAs } from '../policies/content.policy.js';
import type { Standing } from '../policies/roles.policy.js';

/*
 * The moderation actions that posts and comments share (API.md §8.4, §8.5, §10.3, §10.4; DOMAIN §7.6–
 * §7.8): locking, unlocking, pinning, removing as moderators or admins, and speaking as a group. The
 * posts and comments services load the viewer's standing and their row, ask here, and store the
 * answer, so that both follow one set of rules. Ranks do not apply: any moderator of the community
 * acts on any content in it (DOMAIN §7.2).
 */

/** The lock columns posts and comments share. */
export interface LockValues {
  locked_at: Date | null;
  locked_by: string | null;
  locked_by_group: Exclude<Group, 'normal'> | null;
}

/**
 * Locking as `mods` or `admins` (`lockAs`): any other word is 400 `user/invalid-group`; the viewer must
 * hold the capacity (403 `not_mod` / `not_admin`).
 */
export function lockBy(
  viewer: Standing | null,
  viewerId: string,
  lockAs: string | undefined,
  now: Date,
): LockValues {
  if (lockAs !== 'mods' && lockAs !== 'admins') throw errors.invalidGroup();
  assertMayActAs(viewer, lockAs, false);
  return { locked_at: now, locked_by: viewerId, locked_by_group: lockAs };
}

/** Lifting a lock: moderators of the community and admins, whichever group locked it. */
export function unlockBy(viewer: Standing | null): LockValues {
  assertMayUnlock(viewer);
  return { locked_at: null, locked_by: null, locked_by_group: null };
}

/**
 * The group an unlock is recorded as: the one it names (`lockAs`) when the viewer holds that role,
 * else the viewer's own in the community (its moderators', else the admins').
 */
export function unlockGroup(viewer: Standing, lockAs: string | undefined): 'mods' | 'admins' {
  if (lockAs === 'admins' && viewer.isAdmin) return 'admins';
  if (lockAs === 'mods' && viewer.moderates) return 'mods';
  return viewer.moderates ? 'mods' : 'admins';
}

/**
 * The group a new post or comment speaks as (`userGroup`, `normal` when absent): the author must hold
 * the role (DOMAIN §7.8).
 */
export function speakAs(viewer: Standing | null, word: string | undefined): Group {
  return speakingAs(viewer, word || 'normal');
}

/** `changeAsUser`: the author only (403 `not_author`), who must hold the group asked for. */
export function regroupBy(viewer: Standing | null, isAuthor: boolean, word: string | undefined): Group {
  if (!isAuthor) throw errors.notAuthor();
  return speakingAs(viewer, word ?? '');
}

/**
 * Removing as `normal` (the author), `mods` or `admins`. Purging the content as well is for the author
 * and admins: moderators are refused with 403 `mod-cannot-delete-content` (DOMAIN §7.7).
 */
export function assertMayRemove(
  viewer: Standing | null,
  as: Group,
  isAuthor: boolean,
  options: { purge?: boolean } = {},
): void {
  assertMayActAs(viewer, as, isAuthor);
  if (options.purge && as === 'mods') throw errors.modCannotDeleteContent();
}

/** Pinning or unpinning: site-wide for admins, in the community for its moderators and admins. */
export function assertMayPinPost(viewer: Standing | null, siteWide: boolean): void {
  assertMayPin(viewer, siteWide);
}
