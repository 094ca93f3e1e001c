import type { Insertable, Kysely, Selectable } from 'kysely';
import { anyOf, prepared } from '../db/named-statements.js';
import type { DB, ImagesTable } from '../db/schema.js';

export type ImageRow = Selectable<ImagesTable>;

/** Images by id, in one query (for presenting many posts or communities at once). */
export async function imagesByIds(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, ImageRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await prepared(db)
    .selectFrom('images')
    .selectAll()
    .where('id', '=', anyOf(unique))
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** One image by id, unless deleted. */
export function findImageById(db: Kysely<DB>, id: string): Promise<ImageRow | undefined> {
  return db
    .selectFrom('images')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Records a stored image; returns the row with its defaults. */
export function insertImage(db: Kysely<DB>, values: Insertable<ImagesTable>): Promise<ImageRow> {
  return db.insertInto('images').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Lists an upload as temporary, owned by its uploader, until a post claims it. */
export async function insertTempImage(db: Kysely<DB>, imageId: string, userId: string): Promise<void> {
  await db.insertInto('temp_images').values({ image_id: imageId, user_id: userId }).execute();
}

/** Sets the alt text; undefined when the image does not exist (any more). */
export async function setAltText(db: Kysely<DB>, id: string, altText: string): Promise<ImageRow | undefined> {
  return db
    .updateTable('images')
    .set({ alt_text: altText })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Whether `userId` uploaded the image and no post has claimed it yet. */
export async function isTemporaryImageOf(db: Kysely<DB>, imageId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('temp_images')
    .select('image_id')
    .where('image_id', '=', imageId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `userId` wrote a post that shows the image (in its gallery, or as its link thumbnail). */
export async function isProfilePictureOf(db: Kysely<DB>, imageId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('pro_pic', '=', imageId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isImageOfPostBy(db: Kysely<DB>, imageId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('posts.id')
    .where('posts.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('posts.link_image', '=', imageId),
        eb.exists(
          eb
            .selectFrom('post_images')
            .select('post_images.post_id')
            .whereRef('post_images.post_id', '=', 'posts.id')
            .where('post_images.image_id', '=', imageId),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the image is the profile picture or banner of a community that `userId` moderates. */
export async function isImageOfCommunityModdedBy(
  db: Kysely<DB>,
  imageId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('communities')
    .innerJoin('community_mods', 'community_mods.community_id', 'communities.id')
    .select('communities.id')
    .where('community_mods.user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('communities.pro_pic', '=', imageId), eb('communities.banner_image', '=', imageId)]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes image rows (their temp, post-image and community links go with them); returns the ids deleted. */
export async function deleteImageRows(db: Kysely<DB>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('images')
    .where('id', 'in', [...new Set(ids)])
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes uploads older than `before` that no post uses off the temporary list, and returns their ids.
 * Runs before the images are deleted: a post that claims an upload at the same moment either already
 * removed its temp row (and is skipped here) or waits for this transaction.
 */
export async function takeStaleTemporaryImages(db: Kysely<DB>, before: Date): Promise<string[]> {
  // SKIP LOCKED: an upload a post is claiming right now is left alone, so this job never waits on a
  // claim while holding rows the claim wants next (the deadlock two plain DELETEs could make).
  const rows = await db
    .deleteFrom('temp_images')
    .where('temp_images.image_id', 'in', (eb) =>
      eb
        .selectFrom('temp_images as stale')
        .select('stale.image_id')
        .where('stale.created_at', '<', before)
        .where((inner) =>
          inner.not(
            inner.or([
              inner.exists(
                inner
                  .selectFrom('post_images')
                  .select('post_images.image_id')
                  .whereRef('post_images.image_id', '=', 'stale.image_id'),
              ),
              inner.exists(
                inner
                  .selectFrom('posts')
                  .select('posts.id')
                  .whereRef('posts.link_image', '=', 'stale.image_id'),
              ),
            ]),
          ),
        )
        .forUpdate()
        .skipLocked(),
    )
    .returning('temp_images.image_id')
    .execute();
  return rows.map((row) => row.image_id);
}

/** The ids among `imageIds` that are this user's unclaimed uploads. */
export async function ownTempImages(
  db: Kysely<DB>,
  userId: string,
  imageIds: readonly string[],
): Promise<Set<string>> {
  if (imageIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('temp_images')
    .select('image_id')
    .where('user_id', '=', userId)
    .where('image_id', 'in', [...imageIds])
    .execute();
  return new Set(rows.map((r) => r.image_id));
}
