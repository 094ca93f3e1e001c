import { sql, type Kysely, type Selectable } from 'kysely';
import type { NotificationType } from '@commons/shared';
import type { DB, NotificationsTable } from '../db/schema.js';

export type NotificationRow = Selectable<NotificationsTable>;

/** Each member keeps this many notifications, the newest by id (DOMAIN §5.1). */
export const NOTIFICATIONS_KEPT = 200;
/** How many of the latest, in list order, a new notification may merge into (DOMAIN §5.1). */
export const MERGE_WINDOW = 10;

/**
 * What delivery needs of the recipient, locked so that one recipient's deliveries run one at a time.
 * NO KEY UPDATE: writes that only reference the user (a comment's foreign key) do not wait for it.
 */
export interface Recipient {
  id: string;
  deleted_at: Date | null;
  upvote_notifications_off: boolean;
  reply_notifications_off: boolean;
}

export function lockRecipient(db: Kysely<DB>, userId: string): Promise<Recipient | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'deleted_at', 'upvote_notifications_off', 'reply_notifications_off'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function hasMuted(db: Kysely<DB>, userId: string, mutedUserId: string): Promise<boolean> {
  const row = await db
    .selectFrom('muted_users')
    .select('id')
    .where('user_id', '=', userId)
    .where('muted_user_id', '=', mutedUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The list order (API.md §12.1): unseen first, then the latest change first; id breaks ties. */
function inListOrder(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('seen', 'asc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc');
}

/** The merge window: the recipient's latest notifications in list order. */
export function latestInListOrder(db: Kysely<DB>, userId: string): Promise<NotificationRow[]> {
  return inListOrder(db, userId).limit(MERGE_WINDOW).execute();
}

/** Where the next page starts: the list-order key of its first row. */
export interface NotificationCursor {
  seen: boolean;
  /** `updated_at` in microseconds since the epoch (a JavaScript Date would drop the microseconds). */
  updatedAtUs: string;
  id: number;
}

export type PagedNotificationRow = NotificationRow & { updated_at_us: string };

/** A page in list order from `cursor` on; `take` rows (one more than shown, to know whether more follow). */
export function notificationPage(
  db: Kysely<DB>,
  userId: string,
  cursor: NotificationCursor | null,
  take: number,
): Promise<PagedNotificationRow[]> {
  let query = inListOrder(db, userId).select(
    sql<string>`(extract(epoch from updated_at) * 1000000)::bigint::text`.as('updated_at_us'),
  );
  if (cursor) {
    const at = sql`timestamptz 'epoch' + ${cursor.updatedAtUs}::bigint * interval '1 microsecond'`;
    query = query.where((eb) =>
      eb.or([
        eb('seen', '>', cursor.seen),
        eb.and([
          eb('seen', '=', cursor.seen),
          eb(sql`(updated_at, id)`, '<=', sql`(${at}, ${cursor.id}::integer)`),
        ]),
      ]),
    );
  }
  return query.limit(take).execute();
}

export async function countNotifications(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findNotification(db: Kysely<DB>, id: number): Promise<NotificationRow | undefined> {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertNotification(
  db: Kysely<DB>,
  values: { userId: string; type: NotificationType; notif: Record<string, unknown>; at: Date },
): Promise<NotificationRow> {
  return db
    .insertInto('notifications')
    .values({
      user_id: values.userId,
      type: values.type,
      notif: JSON.stringify(values.notif),
      created_at: values.at,
      updated_at: values.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A merge: the new payload, and the change time moves on (never back). */
export function updateMerged(
  db: Kysely<DB>,
  id: number,
  notif: Record<string, unknown>,
  at: Date,
): Promise<NotificationRow> {
  return db
    .updateTable('notifications')
    .set({ notif: JSON.stringify(notif), updated_at: sql<Date>`greatest(updated_at, ${at})` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteNotificationsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('notifications').where('id', 'in', ids).execute();
}

/** Keeps the newest `NOTIFICATIONS_KEPT` by id. */
export async function trimNotifications(db: Kysely<DB>, userId: string): Promise<void> {
  await sql`
    DELETE FROM notifications
    WHERE user_id = ${userId}
      AND id < (SELECT id FROM notifications WHERE user_id = ${userId}
                ORDER BY id DESC OFFSET ${NOTIFICATIONS_KEPT - 1} LIMIT 1)`.execute(db);
}

/** `notifications_new_count` = the number of unseen notifications (DOMAIN §5.5). */
export async function recomputeNewCount(db: Kysely<DB>, userId: string): Promise<void> {
  await sql`
    UPDATE users SET notifications_new_count =
      (SELECT count(*) FROM notifications WHERE user_id = ${userId} AND NOT seen)
    WHERE id = ${userId}`.execute(db);
}

export async function resetNewCount(db: Kysely<DB>, userId: string): Promise<void> {
  await db.updateTable('users').set({ notifications_new_count: 0 }).where('id', '=', userId).execute();
}

export async function newCountOf(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('notifications_new_count')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.notifications_new_count ?? 0;
}

export async function markAllSeen(
  db: Kysely<DB>,
  userId: string,
  type: NotificationType | null,
  at: Date,
): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ seen: true, seen_at: at })
    .where('user_id', '=', userId)
    .where('seen', '=', false);
  if (type) query = query.where('type', '=', type);
  await query.execute();
}

export function setSeen(db: Kysely<DB>, id: number, seen: boolean, at: Date): Promise<NotificationRow> {
  return db
    .updateTable('notifications')
    .set({ seen, seen_at: seen ? at : null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteNotification(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('notifications').where('id', '=', id).execute();
}

/** `deleteAll`, and account deletion. */
export async function deleteNotificationsOf(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
}
