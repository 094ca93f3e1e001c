import { errors } from '../lib/errors.js';
import { mayModerate, signedIn, type Standing } from './roles.policy.js';

/**
 * The moderators' own rules (DOMAIN §7.1, §7.2): who changes a community's rules and moderator list.
 * Each route keeps the refusal code the contract gives it (API.md §11.6, §11.7).
 */

/** Adding, editing and deleting rules: moderators of the community and admins (403 `not_mod`). */
export function assertMayEditRules(viewer: Standing | null): void {
  if (!mayModerate(signedIn(viewer))) throw errors.notMod();
}

/** Adding a moderator: any moderator of the community, whatever their rank, or an admin. */
export function assertMayAddModerator(viewer: Standing | null): void {
  if (!mayModerate(signedIn(viewer))) throw errors.notModNotAdmin();
}

/** Where the viewer and the moderator to remove stand in the community's ranks (0 is the top). */
export interface RankFacts {
  /** The viewer's own rank, undefined when the viewer does not moderate the community. */
  viewerPosition: number | undefined;
  targetPosition: number;
  isSelf: boolean;
}

/**
 * Removing a moderator (DOMAIN §7.2): admins remove anyone; a moderator removes those ranked at or after
 * their own place, and may always resign. A moderator ranked lower is refused with `lower-mod`, anyone
 * else with `not-mod-not-admin`.
 */
export function assertMayRemoveModerator(viewer: Standing | null, ranks: RankFacts): void {
  const standing = signedIn(viewer);
  if (standing.isAdmin || ranks.isSelf) return;
  if (!standing.moderates || ranks.viewerPosition === undefined) throw errors.notModNotAdmin();
  if (ranks.viewerPosition > ranks.targetPosition) throw errors.lowerMod();
}
