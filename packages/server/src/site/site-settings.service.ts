import type { SiteSettings, SiteSettingsUpdateBody } from '@commons/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { IP_BLOCKS_CHANGED_CHANNEL } from '../ipblocks/ip-block-list.js';
import { notifyIpBlocksChanged } from '../ipblocks/ip-blocks.repository.js';
import { errors } from '../lib/errors.js';
import { recordAdminAction, type ModLogActor } from '../moderation/modlog.service.js';
import { assertAdmin, siteRole } from '../policies/roles.policy.js';
import type { UserRow } from '../users/users.repository.js';
import { getSiteSettings, saveSiteSettings } from './site-settings.repository.js';

function admin(viewer: UserRow | null): UserRow {
  if (!viewer) throw errors.notLoggedIn();
  assertAdmin(siteRole(viewer));
  return viewer;
}

/**
 * Saves the keys given, by an admin or the operator (`actor` null), and records the keys that really
 * changed as one `edit_site_settings` entry of the moderation log (none when nothing changed).
 */
export async function changeSiteSettings(
  db: Kysely<DB>,
  actor: ModLogActor,
  changes: Partial<SiteSettings>,
  at: Date,
): Promise<SiteSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await getSiteSettings(trx);
    const saved = await saveSiteSettings(trx, changes);
    const changed = (Object.keys(saved) as (keyof SiteSettings)[]).filter(
      (key) => saved[key] !== before[key],
    );
    if (changed.length) {
      await recordAdminAction(trx, actor, 'edit_site_settings', at, { details: { changes: changed } });
    }
    return saved;
  });
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
  const by = admin(viewer);
  const saved = await changeSiteSettings(deps.db, by, changes, deps.clock());
  // `torBlocked` applies in every process: here before the answer (with the exit list read), elsewhere
  // on the notification.
  await notifyIpBlocksChanged(deps.db, IP_BLOCKS_CHANGED_CHANNEL);
  await deps.ipBlocks.refresh(deps.db);
  await deps.ipBlocks.tor.settled();
  return saved;
}
