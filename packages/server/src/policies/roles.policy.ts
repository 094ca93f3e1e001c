import { errors } from '../lib/errors.js';

/**
 * What the services have already loaded about a viewer and one community. Policies take these facts and
 * never reach the database, so every "who may" rule is decided in one place and tested without it.
 * A guest is `null`: refused with 401 by every `assert…`, false to every `may…`.
 */
export interface Standing {
  isAdmin: boolean;
  /** Holds the moderator role of the community in question. */
  moderates: boolean;
  /** Under a current ban from that community. */
  banned: boolean;
}

/** Only the site-wide role; for checks with no community in question. */
export type AdminFact = Pick<Standing, 'isAdmin'>;

/** The site-wide role of a loaded user. */
export function siteRole(user: { is_admin: boolean }): AdminFact;
export function siteRole(user: { is_admin: boolean } | null): AdminFact | null;
export function siteRole(user: { is_admin: boolean } | null): AdminFact | null {
  return user && { isAdmin: user.is_admin };
}

export function isAdmin(viewer: AdminFact | null): boolean {
  return viewer?.isAdmin ?? false;
}

/** Moderators of the community and admins may use its moderation tools (DOMAIN §7.1). */
export function mayModerate(viewer: Standing | null): boolean {
  return viewer !== null && (viewer.isAdmin || viewer.moderates);
}

/** The viewer, or 401 for a guest. */
export function signedIn<T>(viewer: T | null): T {
  if (!viewer) throw errors.notLoggedIn();
  return viewer;
}

export function assertAdmin(viewer: AdminFact | null): void {
  if (!signedIn(viewer).isAdmin) throw errors.notAdmin();
}
