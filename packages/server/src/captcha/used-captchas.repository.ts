import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Marks a challenge used; false when it was used before (the database decides, across processes). */
export async function markCaptchaUsed(db: Kysely<DB>, challenge: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('used_captchas')
    .values({ challenge, expires_at: expiresAt })
    .onConflict((oc) => oc.column('challenge').doNothing())
    .returning('challenge')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteExpiredCaptchas(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db.deleteFrom('used_captchas').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
