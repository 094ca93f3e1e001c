import type { Comment, Community, Post } from '@commons/shared';
import { newCommentCounts } from '../comments/comments.repository.js';
import { communityLabels } from '../communities/communities.repository.js';
import type { Deps } from '../deps.js';
import { imagesByIds } from '../images/images.repository.js';
import { presentImage } from '../images/images.presenter.js';
import type { UserRow } from '../users/users.repository.js';
import { publicUsers, usersInOrder } from '../users/user-views.js';
import { presentPost } from './posts.presenter.js';
import { mutesOf } from '../users/mutes.repository.js';
import { votesOf } from '../votes/post-votes.repository.js';
import { imagesOfPosts } from './post-images.repository.js';
import { visitsOf } from './post-visits.repository.js';
import type { PostRow } from './posts.repository.js';

export interface PostViewOptions {
  /** `GET /api/posts/{publicId}`: the full community and the first page of comments. */
  community?: Community;
  comments?: { items: Comment[]; next: string | null };
}

/**
 * Posts as `viewer` sees them, in the order given: a fixed number of queries whatever the number of
 * posts (authors, their badges, communities, images, and the viewer's votes, visits, new comments
 * since those visits, and mutes).
 */
export async function postJsons(
  deps: Pick<Deps, 'db' | 'secrets'>,
  rows: readonly PostRow[],
  viewer: UserRow | null,
  options: PostViewOptions = {},
): Promise<Post[]> {
  if (rows.length === 0) return [];
  const { db } = deps;
  const key = deps.secrets.imageKey;
  const postIds = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.user_id))];
  const communityIds = [...new Set(rows.map((r) => r.community_id))];

  const [authorRows, communities, postImages, votes, visits, mutes] = await Promise.all([
    usersInOrder(db, authorIds),
    communityLabels(db, communityIds),
    imagesOfPosts(
      db,
      postIds.filter((_, i) => rows[i]!.type === 'image'),
    ),
    viewer ? votesOf(db, viewer.id, postIds) : null,
    viewer
      ? visitsOf(db, viewer.id, postIds).then(async (lastVisits) => ({
          lastVisits,
          newComments: await newCommentCounts(db, viewer.id, lastVisits),
        }))
      : null,
    viewer ? mutesOf(db, viewer.id, authorIds, communityIds) : null,
  ]);
  const authors = new Map(
    (await publicUsers(deps, authorRows, viewer)).map((json, i) => [authorRows[i]!.id, json]),
  );
  const authorDeleted = new Map(authorRows.map((row) => [row.id, row.deleted_at !== null]));
  const communityById = new Map(communities.map((c) => [c.id, c]));
  const singleImages = await imagesByIds(
    db,
    [...communities.flatMap((c) => [c.pro_pic, c.banner_image]), ...rows.map((r) => r.link_image)].filter(
      (id): id is string => id !== null,
    ),
  );

  return rows.map((row) => {
    const community = communityById.get(row.community_id)!;
    const proPic = community.pro_pic ? singleImages.get(community.pro_pic) : undefined;
    const banner = community.banner_image ? singleImages.get(community.banner_image) : undefined;
    const linkImage = row.link_image ? singleImages.get(row.link_image) : undefined;
    return presentPost(row, {
      author: authors.get(row.user_id)!,
      authorDeleted: authorDeleted.get(row.user_id) ?? false,
      viewerIsAdmin: viewer?.is_admin ?? false,
      communityName: community.name,
      moderatorsHidden: community.modlog_hide_names,
      communityProPic: proPic ? presentImage(proPic, 'avatar', key) : null,
      communityBannerImage: banner ? presentImage(banner, 'banner', key) : null,
      images: (postImages.get(row.id) ?? []).map((image) => presentImage(image, 'post', key)),
      linkImage: linkImage ? presentImage(linkImage, 'link', key) : null,
      vote: votes ? votes.get(row.id) : null,
      lastVisitAt: visits?.lastVisits.get(row.id) ?? null,
      newComments: visits?.newComments.get(row.id) ?? 0,
      isAuthorMuted: mutes?.users.has(row.user_id) ?? false,
      isCommunityMuted: mutes?.communities.has(row.community_id) ?? false,
      ...(options.comments ? { comments: options.comments.items, commentsNext: options.comments.next } : {}),
      ...(options.community ? { community: options.community } : {}),
    });
  });
}

export async function postJson(
  deps: Pick<Deps, 'db' | 'secrets'>,
  row: PostRow,
  viewer: UserRow | null,
  options: PostViewOptions = {},
): Promise<Post> {
  const [post] = await postJsons(deps, [row], viewer, options);
  return post!;
}
