import { sql, type Kysely } from 'kysely';
import { prepared } from '../db/named-statements.js';
import type { DB } from '../db/schema.js';
import type { PostRow } from './posts.repository.js';

export type PinScope = { siteWide: true } | { siteWide: false; communityId: string };

export async function pinCount(db: Kysely<DB>, scope: PinScope): Promise<number> {
  let query = prepared(db)
    .selectFrom('pinned_posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_site_wide', '=', scope.siteWide);
  if (!scope.siteWide) query = query.where('community_id', '=', scope.communityId);
  return (await query.executeTakeFirstOrThrow()).n;
}

/**
 * Serializes pin changes within one scope until the transaction ends, so that two pins arriving at once
 * cannot both find room under the limit.
 */
export async function lockPinScope(db: Kysely<DB>, scope: PinScope): Promise<void> {
  const key = scope.siteWide ? 'pinned_posts:site' : `pinned_posts:${scope.communityId}`;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

export async function insertPin(db: Kysely<DB>, postId: string, scope: PinScope): Promise<void> {
  await db
    .insertInto('pinned_posts')
    .values({
      post_id: postId,
      is_site_wide: scope.siteWide,
      community_id: scope.siteWide ? null : scope.communityId,
    })
    .onConflict((oc) => oc.columns(['is_site_wide', 'post_id']).doNothing())
    .execute();
}

export async function deletePin(db: Kysely<DB>, postId: string, siteWide: boolean | null): Promise<void> {
  let query = db.deleteFrom('pinned_posts').where('post_id', '=', postId);
  if (siteWide !== null) query = query.where('is_site_wide', '=', siteWide);
  await query.execute();
}

/** Pinned posts of a scope, in the order they were pinned (DOMAIN §2.6). */
export async function pinnedPosts(db: Kysely<DB>, scope: PinScope): Promise<PostRow[]> {
  let query = prepared(db)
    .selectFrom('pinned_posts')
    .innerJoin('posts', 'posts.id', 'pinned_posts.post_id')
    .selectAll('posts')
    .where('pinned_posts.is_site_wide', '=', scope.siteWide)
    .where('posts.deleted', '=', false)
    .orderBy('pinned_posts.id');
  if (!scope.siteWide) query = query.where('pinned_posts.community_id', '=', scope.communityId);
  return query.execute();
}
