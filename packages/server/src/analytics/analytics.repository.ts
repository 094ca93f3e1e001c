import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Stores an event unless one with the same unique key exists (then nothing changes). */
export async function insertEventOnce(
  db: Kysely<DB>,
  row: { eventName: string; uniqueKey: Buffer; payload: unknown },
): Promise<void> {
  await db
    .insertInto('analytics')
    .values({ event_name: row.eventName, unique_key: row.uniqueKey, payload: JSON.stringify(row.payload) })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .execute();
}
