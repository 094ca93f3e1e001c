import type { SiteSettings, SiteSettingsUpdateBody } from '@commons/shared';
import type { Deps } from '../deps.js';
import { IP_BLOCKS_CHANGED_CHANNEL } from '../ipblocks/ip-block-list.js';
import { notifyIpBlocksChanged } from '../ipblocks/ip-blocks.repository.js';
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
  const saved = await saveSiteSettings(deps.db, changes);
  // `torBlocked` applies in every process: here before the answer (with the exit list read), elsewhere
  // on the notification.
  await notifyIpBlocksChanged(deps.db, IP_BLOCKS_CHANGED_CHANNEL);
  await deps.ipBlocks.refresh(deps.db);
  await deps.ipBlocks.tor.settled();
  return saved;
}
