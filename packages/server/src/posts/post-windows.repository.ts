import { sql, type Kysely } from 'kysely';
import type { DB, WindowName } from '../db/schema.js';
import type { PostRow } from './posts.repository.js';

export const WINDOWS: readonly WindowName[] = ['day', 'week', 'month', 'year'];

export async function insertWindowRows(db: Kysely<DB>, post: PostRow): Promise<void> {
  await db
    .insertInto('post_windows')
    .values(
      WINDOWS.map((window_name) => ({
        window_name,
        post_id: post.id,
        community_id: post.community_id,
        points: post.points,
        created_at: post.created_at,
      })),
    )
    .execute();
}

export async function deleteWindowRows(db: Kysely<DB>, postId: string): Promise<void> {
  await db.deleteFrom('post_windows').where('post_id', '=', postId).execute();
}

/** Drops rows whose post is older than the window: 1, 7, 30 and 365 days (DOMAIN §2.5). */
export async function purgeWindows(db: Kysely<DB>, now: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH gone AS (
      DELETE FROM post_windows WHERE
        (window_name = 'day' AND created_at < ${now}::timestamptz - interval '1 day') OR
        (window_name = 'week' AND created_at < ${now}::timestamptz - interval '7 days') OR
        (window_name = 'month' AND created_at < ${now}::timestamptz - interval '30 days') OR
        (window_name = 'year' AND created_at < ${now}::timestamptz - interval '365 days')
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`.execute(db);
  return rows[0]?.n ?? 0;
}
