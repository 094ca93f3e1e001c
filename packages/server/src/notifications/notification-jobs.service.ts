import type { Config } from '../config.js';
import { findCommunityByName } from '../communities/communities.repository.js';
import type { Deps } from '../deps.js';
import {
  purgeDoneEvents,
  sendAnnouncement,
  sendWelcomes,
  unfinishedAnnouncements,
} from './notification-events.repository.js';

type JobDeps = Pick<Deps, 'db' | 'clock'>;

/** A welcome goes to accounts this old (DOMAIN §5.2). */
export const WELCOME_AFTER_MS = 6 * 3600 * 1000;
/** Delivered events are kept this long. */
export const KEEP_DONE_EVENTS_MS = 24 * 3600 * 1000;

/** The announcement job (DOMAIN §7.11): every unfinished announcement, sent to everyone without a marker. */
export async function sendAnnouncements(deps: JobDeps): Promise<number> {
  let sent = 0;
  for (const { post_id } of await unfinishedAnnouncements(deps.db)) {
    sent += await sendAnnouncement(deps.db, post_id, deps.clock());
  }
  return sent;
}

/** The welcome job (DOMAIN §14): only while `welcomeCommunity` names an existing community. */
export async function sendWelcomeNotifications(
  deps: JobDeps & { config: Pick<Config, 'welcomeCommunity'> },
): Promise<number> {
  const name = deps.config.welcomeCommunity;
  if (!name) return 0;
  const community = await findCommunityByName(deps.db, name);
  if (!community) return 0;
  const now = deps.clock();
  return sendWelcomes(deps.db, community.name, new Date(now.getTime() - WELCOME_AFTER_MS), now);
}

/** Delivered events older than a day go. */
export function purgeDeliveredEvents(deps: JobDeps): Promise<number> {
  return purgeDoneEvents(deps.db, new Date(deps.clock().getTime() - KEEP_DONE_EVENTS_MS));
}
