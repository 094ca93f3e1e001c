import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Tells every process on the database (each LISTENs on the channel) what changed. */
export async function notifyPagesChanged(db: Kysely<DB>, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}
