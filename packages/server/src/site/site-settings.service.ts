import type { SiteSettings, SiteSettingsUpdateBody } from '@commons/shared';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { assertAdmin, siteRole } from '../policies/roles.policy.js';
import type { UserRow } from '../users/users.repository.js';
import { getSiteSettings, saveSiteSettings } from './site-settings.repository.js';

function admin(viewer: UserRow | null): void {
  if (!viewer) throw errors.notLoggedIn();
  assertAdmin(siteRole(viewer));
}

/**
 * `GET /api/site_settings` (API.md §16.2). The settings are read from the database on every use (signup,
 * `_initial`), never cached, so a save holds in every process at once.
 */
export async function readSiteSettings(deps: Deps, viewer: UserRow | null): Promise<SiteSettings> {
  admin(viewer);
  return getSiteSettings(deps.db);
}

/** `PUT /api/site_settings`: only the keys present change; the answer is the whole settings. */
export async function updateSiteSettings(
  deps: Deps,
  viewer: UserRow | null,
  changes: SiteSettingsUpdateBody,
): Promise<SiteSettings> {
  admin(viewer);
  return saveSiteSettings(deps.db, changes);
}
