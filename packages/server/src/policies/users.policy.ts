import { errors } from '../lib/errors.js';
import { type AdminFact, isAdmin } from './roles.policy.js';

/** Site-wide bans (API.md §16.1): an admin cannot be banned. */
export function assertMayBeBannedSiteWide(target: AdminFact): void {
  if (target.isAdmin) throw errors.noBanAdmin();
}

/** Deleting an account: its owner, or an admin. */
export function assertMayDeleteAccount(viewer: AdminFact, isSelf: boolean): void {
  if (!isSelf && !isAdmin(viewer)) throw errors.notAdmin();
}

/** Admins see the content of banned and deleted accounts, which others do not. */
export function seesRemovedAccounts(viewer: AdminFact | null): boolean {
  return isAdmin(viewer);
}

/** A banned account's profile feed (API.md §7.3): admins only; a guest gets 401 `user_banned`. */
export function assertMaySeeBannedAccount(viewer: AdminFact | null): void {
  if (!viewer) throw errors.userBannedAnonymous();
  if (!viewer.isAdmin) throw errors.notAdmin();
}

/** An image's alt text: admins, or a viewer the image belongs to (API.md §9.2, DOMAIN §10.6). */
export function mayEditAltText(viewer: AdminFact, imageIsTheirs: boolean): boolean {
  return isAdmin(viewer) || imageIsTheirs;
}
