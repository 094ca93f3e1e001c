import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, MutedWordsTable } from '../db/schema.js';

export type MutedWordRow = Selectable<MutedWordsTable>;

/** The member's muted words, oldest first. */
export function mutedWordsOf(db: Kysely<DB>, userId: string): Promise<MutedWordRow[]> {
  return db.selectFrom('muted_words').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/**
 * Adds a word unless the member already muted it (in any case) or already keeps `max` words. The
 * member's own lock serialises their additions, so two at once cannot both take the last place.
 */
export async function insertMutedWord(
  db: Kysely<DB>,
  row: { userId: string; word: string; pattern: string },
  max: number,
): Promise<'added' | 'duplicate' | 'full'> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('muted_words'), hashtext(${row.userId}))`.execute(db);
  const existing = await db
    .selectFrom('muted_words')
    .select([
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<boolean>`bool_or(lower(word) = lower(${row.word}))`.as('duplicate'),
    ])
    .where('user_id', '=', row.userId)
    .executeTakeFirstOrThrow();
  if (existing.duplicate) return 'duplicate';
  if (Number(existing.n) >= max) return 'full';
  await db
    .insertInto('muted_words')
    .values({ user_id: row.userId, word: row.word, pattern: row.pattern })
    .execute();
  return 'added';
}

/** Removes one of the member's words; another member's id matches nothing. */
export async function deleteMutedWord(db: Kysely<DB>, userId: string, id: number): Promise<void> {
  await db.deleteFrom('muted_words').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** Removes every word of the member (also when the account is deleted). */
export async function clearMutedWords(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('muted_words').where('user_id', '=', userId).execute();
}
