import type { Kysely } from 'kysely';
import { anyOf, prepared } from '../db/named-statements.js';
import type { DB } from '../db/schema.js';
import type { ImageRow } from '../images/images.repository.js';

/** Moves uploads into a post, in order. False when one of them was claimed meanwhile. */
export async function claimImages(
  db: Kysely<DB>,
  userId: string,
  postId: string,
  imageIds: readonly string[],
): Promise<boolean> {
  if (imageIds.length === 0) return true;
  const claimed = await db
    .deleteFrom('temp_images')
    .where('user_id', '=', userId)
    .where('image_id', 'in', [...imageIds])
    .returning('image_id')
    .execute();
  if (claimed.length !== new Set(imageIds).size) return false;
  await db
    .insertInto('post_images')
    .values(imageIds.map((image_id, z_index) => ({ post_id: postId, image_id, z_index })))
    .execute();
  return true;
}

/** Each post's images, in gallery order. */
export async function imagesOfPosts(
  db: Kysely<DB>,
  postIds: readonly string[],
): Promise<Map<string, ImageRow[]>> {
  const result = new Map<string, ImageRow[]>();
  if (postIds.length === 0) return result;
  const rows = await prepared(db)
    .selectFrom('post_images')
    .innerJoin('images', 'images.id', 'post_images.image_id')
    .selectAll('images')
    .select('post_images.post_id')
    .where('post_images.post_id', '=', anyOf(postIds))
    .where('images.deleted_at', 'is', null)
    .orderBy('post_images.post_id')
    .orderBy('post_images.z_index')
    .execute();
  for (const { post_id, ...image } of rows) {
    const list = result.get(post_id) ?? [];
    list.push(image);
    result.set(post_id, list);
  }
  return result;
}

export async function detachPostImages(db: Kysely<DB>, postId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('post_images')
    .where('post_id', '=', postId)
    .returning('image_id')
    .execute();
  return rows.map((r) => r.image_id);
}
