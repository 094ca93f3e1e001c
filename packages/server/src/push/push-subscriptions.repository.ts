import { sql, type Kysely } from 'kysely';
import type { DB, StoredPushSubscription } from '../db/schema.js';

export interface PushSubscriptionRow {
  id: number;
  subscription: StoredPushSubscription;
}

/** One subscription per session: a second one from the same session replaces the first. */
export async function upsertPushSubscription(
  db: Kysely<DB>,
  sessionId: string,
  userId: string,
  subscription: StoredPushSubscription,
): Promise<void> {
  const value = JSON.stringify(subscription);
  await db
    .insertInto('web_push_subscriptions')
    .values({ session_id: sessionId, user_id: userId, push_subscription: value })
    .onConflict((oc) =>
      oc.column('session_id').doUpdateSet({
        user_id: userId,
        push_subscription: value,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function listPushSubscriptions(db: Kysely<DB>, userId: string): Promise<PushSubscriptionRow[]> {
  const rows = await db
    .selectFrom('web_push_subscriptions')
    .select(['id', 'push_subscription'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, subscription: row.push_subscription }));
}

/**
 * Deletes a subscription the push service called gone. Only if it still names that endpoint: the session
 * may have subscribed afresh (a new endpoint) while the old one was being answered.
 */
export async function deleteGoneSubscription(db: Kysely<DB>, id: number, endpoint: string): Promise<void> {
  await db
    .deleteFrom('web_push_subscriptions')
    .where('id', '=', id)
    .where(sql<string>`push_subscription->>'endpoint'`, '=', endpoint)
    .execute();
}

export async function deletePushSubscriptionsOfUser(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('web_push_subscriptions').where('user_id', '=', userId).execute();
}

export async function countPushSubscriptions(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('web_push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
