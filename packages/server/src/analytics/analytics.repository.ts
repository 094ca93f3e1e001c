import { sql, type Kysely } from 'kysely';
import type { BasicSiteStats } from '@commons/shared';
import type { DB } from '../db/schema.js';

/** Stores an event unless one with the same unique key exists (then nothing changes). */
export async function insertEventOnce(
  db: Kysely<DB>,
  row: { eventName: string; uniqueKey: Buffer; payload: unknown; createdAt?: Date },
): Promise<void> {
  await db
    .insertInto('analytics')
    .values({
      event_name: row.eventName,
      unique_key: row.uniqueKey,
      payload: JSON.stringify(row.payload),
      ...(row.createdAt ? { created_at: row.createdAt } : {}),
    })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .execute();
}

/** Events of one name, newest first, from before `before` back. */
export async function listEvents(
  db: Kysely<DB>,
  eventName: string,
  before: Date | null,
  limit: number,
): Promise<{ id: string; payload: unknown; created_at: Date }[]> {
  let query = db
    .selectFrom('analytics')
    .select(['id', 'payload', 'created_at'])
    .where('event_name', '=', eventName);
  if (before) query = query.where('created_at', '<', before);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * The hourly snapshot (DOMAIN §13), all fourteen numbers in one statement so they describe one
 * moment. Posts and comments count deleted ones too; signups count every user row.
 */
export async function siteStats(db: Kysely<DB>, now: Date): Promise<BasicSiteStats> {
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const [day, week, month] = [ago(1), ago(7), ago(30)];
  const { rows } = await sql<Omit<BasicSiteStats, 'version'>>`
    SELECT
      (SELECT count(*) FROM users WHERE last_seen > ${day})::int AS users_day,
      (SELECT count(*) FROM users WHERE last_seen > ${week})::int AS users_week,
      (SELECT count(*) FROM users WHERE last_seen > ${month})::int AS users_month,
      (SELECT count(*) FROM users WHERE last_seen > ${day} AND created_at <= ${day})::int AS return_users_day,
      (SELECT count(*) FROM users WHERE last_seen > ${week} AND created_at <= ${week})::int AS return_users_week,
      (SELECT count(*) FROM users WHERE last_seen > ${month} AND created_at <= ${month})::int
        AS return_users_month,
      (SELECT count(*) FROM users)::int AS signups,
      (SELECT count(*) FROM analytics WHERE event_name = 'pwa_use')::int AS pwa_installs,
      (SELECT count(*) FROM web_push_subscriptions)::int AS notifications_enabled,
      (SELECT count(*) FROM posts WHERE created_at > ${day})::int AS posts_day,
      (SELECT count(*) FROM posts WHERE created_at > ${week})::int AS posts_week,
      (SELECT count(*) FROM comments WHERE created_at > ${day})::int AS comments_day,
      (SELECT count(*) FROM comments WHERE created_at > ${week})::int AS comments_week
  `.execute(db);
  return { version: 0, ...rows[0]! };
}
