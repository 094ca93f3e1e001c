import { errors } from '../lib/errors.js';
import { type AdminFact, isAdmin, mayModerate, signedIn, type Standing } from './roles.policy.js';

/** Changing a community's settings (API.md §11): its moderators and admins. */
export function assertMayEditCommunity(viewer: Standing | null): void {
  if (!mayModerate(signedIn(viewer))) throw errors.notMod();
}

/** The ban list and the moderators' feed of a community: its moderators and admins. */
export function assertMayUseModTools(viewer: Standing | null): void {
  if (!mayModerate(signedIn(viewer))) throw errors.notAdminNorMod();
}

/** Moderators of the community and admins cannot be banned from it (DOMAIN §7.3). */
export function mayBeBannedFromCommunity(target: Omit<Standing, 'banned'>): boolean {
  return !target.isAdmin && !target.moderates;
}

/** Admins may create communities without the points, rate and moderated-count limits (DOMAIN §6.1). */
export function skipsCommunityCreationLimits(viewer: AdminFact | null): boolean {
  return isAdmin(viewer);
}

/** Posting in a community: not while banned; only its moderators and admins when posting is restricted. */
export function assertMayPostIn(viewer: Standing | null, community: { postingRestricted: boolean }): void {
  if (signedIn(viewer).banned) throw errors.bannedFromCommunity();
  if (community.postingRestricted && !mayModerate(viewer)) {
    throw errors.postingRestricted();
  }
}

/** Commenting and reporting in a community: not while banned from it. */
export function assertNotBanned(viewer: Standing | null): void {
  if (signedIn(viewer).banned) throw errors.bannedFromCommenting();
}
