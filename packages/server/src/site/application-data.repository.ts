import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export async function readValue<T>(db: Kysely<DB>, key: string): Promise<T | undefined> {
  const row = await db
    .selectFrom('application_data')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value as T | undefined;
}

/** Stores `value` unless the key exists; returns what is stored either way (safe for racing processes). */
export async function insertValueIfAbsent<T>(db: Kysely<DB>, key: string, value: T): Promise<T> {
  await db
    .insertInto('application_data')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readValue<T>(db, key)) as T;
}

export async function writeValue<T>(db: Kysely<DB>, key: string, value: T): Promise<void> {
  await db
    .insertInto('application_data')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: sql`now()` }),
    )
    .execute();
}
