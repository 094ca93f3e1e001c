import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, NotificationEventsTable } from '../db/schema.js';

export type NotificationEventRow = Selectable<NotificationEventsTable>;

/** The channel a writing transaction notifies on commit, so that delivery runners wake at once. */
export const EVENTS_CHANNEL = 'commons_notification_events';

/** After this many failed deliveries an event is left aside (still pending, never claimed again). */
export const MAX_ATTEMPTS = 5;

/** Records an event in the caller's transaction and wakes the runners when that commits. */
export async function insertEvent(
  db: Kysely<DB>,
  event: { type: string; recipientId: string | null; payload: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('notification_events')
    .values({ type: event.type, recipient_id: event.recipientId, payload: JSON.stringify(event.payload) })
    .execute();
  // One NOTIFY per transaction is enough: PostgreSQL folds identical ones sent in one transaction.
  await sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`.execute(db);
}

/**
 * The oldest pending event no other transaction holds, locked until the caller's transaction ends:
 * with any number of runners, each event is in one delivery at a time, and a runner that dies gives
 * its event back when its connection goes.
 */
export function claimNextEvent(db: Kysely<DB>): Promise<NotificationEventRow | undefined> {
  return db
    .selectFrom('notification_events')
    .selectAll()
    .where('done_at', 'is', null)
    .where('attempts', '<', MAX_ATTEMPTS)
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function markEventDone(db: Kysely<DB>, id: string, at: Date): Promise<void> {
  await db.updateTable('notification_events').set({ done_at: at }).where('id', '=', id).execute();
}

/** Counts a failed delivery of the event (outside the failed transaction). */
export async function countFailedAttempt(db: Kysely<DB>, id: string): Promise<void> {
  await db
    .updateTable('notification_events')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .execute();
}

/** Account deletion: what is still on its way to the account goes with it. */
export async function deletePendingEventsOf(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .deleteFrom('notification_events')
    .where('recipient_id', '=', userId)
    .where('done_at', 'is', null)
    .execute();
}

/** Delivered events are kept a day (to look into a delivery), then deleted. */
export async function purgeDoneEvents(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db.deleteFrom('notification_events').where('done_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Announcements still being sent, oldest first (DOMAIN §7.11). */
export function unfinishedAnnouncements(db: Kysely<DB>): Promise<{ post_id: string }[]> {
  return db
    .selectFrom('announcement_posts')
    .select('post_id')
    .where('sending_finished_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

/**
 * Sends one announcement to every non-deleted, non-banned user who has not had it (DOMAIN §7.11):
 * the markers and their events in two statements of the caller's transaction, so that a run cut short
 * leaves neither, and a later run sends only to those without a marker. Returns how many were added.
 */
export async function sendAnnouncement(db: Kysely<DB>, postId: string, at: Date): Promise<number> {
  await db
    .updateTable('announcement_posts')
    .set({ sending_started_at: sql<Date>`coalesce(sending_started_at, ${at})` })
    .where('post_id', '=', postId)
    .execute();
  const payload = JSON.stringify({ actorId: null, at: at.toISOString(), notif: { postId } });
  const { rows } = await sql<{ n: number }>`
    WITH marked AS (
      INSERT INTO announcement_notifications_sent (post_id, user_id, sent_at)
      SELECT ${postId}, u.id, ${at} FROM users u
      WHERE u.deleted_at IS NULL AND u.banned_at IS NULL
      ON CONFLICT (post_id, user_id) DO NOTHING
      RETURNING user_id
    ), queued AS (
      INSERT INTO notification_events (type, recipient_id, payload)
      SELECT 'announcement', user_id, ${payload}::jsonb FROM marked ORDER BY user_id
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM queued`.execute(db);
  await db
    .updateTable('announcement_posts')
    .set({
      sending_finished_at: at,
      total_sent: sql<number>`(SELECT count(*) FROM announcement_notifications_sent s WHERE s.post_id = ${postId})`,
    })
    .where('post_id', '=', postId)
    .execute();
  const n = rows[0]?.n ?? 0;
  if (n > 0) await sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`.execute(db);
  return n;
}

/**
 * The welcome job (DOMAIN §14): every account older than `createdBefore` without its welcome gets one
 * event, and is marked, in the caller's transaction. Deleted accounts are marked and get none.
 */
export async function sendWelcomes(
  db: Kysely<DB>,
  communityName: string,
  createdBefore: Date,
  at: Date,
): Promise<number> {
  const payload = JSON.stringify({ actorId: null, at: at.toISOString(), notif: { communityName } });
  const { rows } = await sql<{ n: number }>`
    WITH marked AS (
      UPDATE users SET welcome_notification_sent = true
      WHERE NOT welcome_notification_sent AND created_at < ${createdBefore}
      RETURNING id, deleted_at
    ), queued AS (
      INSERT INTO notification_events (type, recipient_id, payload)
      SELECT 'welcome', id, ${payload}::jsonb FROM marked WHERE deleted_at IS NULL ORDER BY id
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM queued`.execute(db);
  const n = rows[0]?.n ?? 0;
  if (n > 0) await sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`.execute(db);
  return n;
}
