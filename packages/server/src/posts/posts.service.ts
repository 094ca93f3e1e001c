import {
  charLength,
  limits,
  composedText,
  truncateChars,
  type CreatePostBody,
  type EditPostBody,
  type Post,
} from '@commons/shared';
import type { DeletePostQueryParams, PostActionQueryParams } from '@commons/shared/schemas';
import { fullCommunityJson, standingIn } from '../communities/communities.service.js';
import {
  communityOfPost,
  countCommunityPost,
  findCommunityByName,
} from '../communities/communities.repository.js';
import { commentPageOf } from '../comments/comment-views.js';
import { recordPostRemovedEvent } from '../notifications/notification-events.service.js';
import type { Deps } from '../deps.js';
import type { Group, PostType } from '../db/schema.js';
import { ownTempImages } from '../images/images.repository.js';
import { deleteImages } from '../images/images.service.js';
import { errors } from '../lib/errors.js';
import { newId, parseId } from '../lib/ids.js';
import { fetchLinkThumbnail, normalizeLinkUrl } from '../links/link-info.js';
import { assertMayPostIn } from '../policies/communities.policy.js';
import { parseGroup } from '../policies/content.policy.js';
import {
  assertMayPinPost,
  assertMayRemove,
  lockBy,
  regroupBy,
  speakAs,
  unlockBy,
  unlockGroup,
} from '../moderation/content-moderation.js';
import {
  actingGroup,
  reasonText,
  recordContentAction,
  removalReason,
  type RemovalReason,
} from '../moderation/modlog.service.js';
import { assertAdmin, siteRole } from '../policies/roles.policy.js';
import { deleteReportsOfPost } from '../reports/reports.repository.js';
import { countNewContent, type UserRow } from '../users/users.repository.js';
import { postVoteRow } from '../votes/vote-rows.repository.js';
import { postJson } from './post-views.js';
import { insertAnnouncement } from './announcement-posts.repository.js';
import { hidePostFor, unhidePostFor } from './hidden-posts.repository.js';
import { deletePin, insertPin, lockPinScope, pinCount, type PinScope } from './pinned-posts.repository.js';
import { claimImages, detachPostImages } from './post-images.repository.js';
import { recordPostVisit } from './post-visits.repository.js';
import { deleteWindowRows, insertWindowRows } from './post-windows.repository.js';
import {
  findPostById,
  findPostByPublicId,
  insertPost,
  lockPost,
  postsOfUser,
  updatePost,
  type PostRow,
} from './posts.repository.js';

const TYPES: readonly PostType[] = ['text', 'image', 'link'];

export async function requirePost(deps: Pick<Deps, 'db'>, publicId: string): Promise<PostRow> {
  const post = await findPostByPublicId(deps.db, publicId);
  if (!post) throw errors.postNotFound();
  return post;
}

function titleOf(raw: string | null | undefined): string {
  const title = composedText(raw, limits.postTitleMax);
  if (charLength(title) < limits.postTitleMin) throw errors.titleTooShort();
  return truncateChars(title, limits.postTitleMax);
}

function bodyOf(raw: string | null | undefined): string | null {
  return truncateChars(composedText(raw, limits.postBodyMax), limits.postBodyMax) || null;
}

/** The image ids of an image post: `images[].imageId`, or the legacy single `imageId`. */
function imageIdsOf(body: CreatePostBody): string[] {
  if (body.images) {
    return body.images.map((image) => {
      const id = parseId(image.imageId);
      if (!id) throw errors.invalidId();
      return id;
    });
  }
  if (body.imageId) {
    const id = parseId(body.imageId);
    if (!id) throw errors.invalidImageId();
    return [id];
  }
  return [];
}

/** Points above the threshold, unless the threshold is below 1 (DOMAIN §3.3). */
function hasPoints(user: UserRow, threshold: number): boolean {
  return threshold < 1 || user.points > threshold;
}

/**
 * `POST /api/posts` (API.md §8.2): every check before anything is stored, in the contract's order; then
 * the post, the author's own upvote, the top-window rows, the claimed images and the counters, in one
 * transaction. A link post's thumbnail is fetched first, outside it.
 */
export async function createPost(deps: Deps, viewer: UserRow | null, body: CreatePostBody): Promise<Post> {
  if (!viewer) throw errors.notLoggedIn();
  const type = (body.type || 'text') as PostType;
  if (!TYPES.includes(type)) throw errors.postTypeUnsupported();
  await deps.limiter.consume('createPost', viewer.id);

  if (type === 'image' && deps.config.imagePostsDisabled) {
    throw errors.noImagePosts();
  }
  if (type === 'image' && !hasPoints(viewer, deps.config.imagePostSubmitReqPoints)) {
    throw errors.notEnoughPointsForImages();
  }
  if (type === 'link' && !hasPoints(viewer, deps.config.linkPostSubmitReqPoints)) {
    throw errors.notEnoughPointsForLinks();
  }
  const imageIds = type === 'image' ? imageIdsOf(body) : [];
  if (type === 'image') {
    if (imageIds.length === 0) throw errors.noImages();
    if (imageIds.length > deps.config.maxImagesPerPost)
      throw errors.tooManyImages(deps.config.maxImagesPerPost);
    if (new Set(imageIds).size !== imageIds.length) throw errors.imageNotFound();
    const own = await ownTempImages(deps.db, viewer.id, imageIds);
    if (imageIds.some((id) => !own.has(id))) throw errors.imageNotFound();
  }
  const community = await findCommunityByName(deps.db, (body.community ?? '').trim());
  if (!community) throw errors.communityNotFound();
  const standing = await standingIn(deps, viewer, community.id);
  assertMayPostIn(standing, { postingRestricted: community.posting_restricted });
  const group = speakAs(standing, body.userGroup);
  const link = type === 'link' ? normalizeLinkUrl(body.url ?? '') : null;
  if (type === 'link' && !link) throw errors.invalidUrl();
  const title = titleOf(body.title);

  const thumbnail = link ? await fetchLinkThumbnail(deps, link.url) : null;
  const now = deps.clock();
  const post = await deps.db.transaction().execute(async (trx) => {
    const row = await insertPost(trx, {
      id: newId(),
      type,
      user_id: viewer.id,
      user_group: group,
      community_id: community.id,
      title,
      body: type === 'text' ? bodyOf(body.body) : null,
      link_url: link?.url ?? null,
      link_hostname: link?.hostname ?? null,
      link_image: thumbnail?.id ?? null,
      created_at: now,
      last_activity_at: now,
    });
    // The author's own upvote: counted in the insert, it moves no karma (DOMAIN §3.2).
    await postVoteRow(trx, row.id, viewer.id).insert(true, false);
    await insertWindowRows(trx, row);
    if (!(await claimImages(trx, viewer.id, row.id, imageIds))) {
      throw errors.imageNotFound();
    }
    // Counted only on an account neither deleted nor banned, in the same row lock as a deletion or
    // site ban: one under way beside this request comes first (and this post is refused) or after
    // it (and its purge finds the post).
    if (!(await countNewContent(trx, viewer.id, 'no_posts'))) throw errors.notLoggedIn();
    await countCommunityPost(trx, community.id);
    return row;
  });
  return postJson(deps, post, viewer);
}

/**
 * `GET /api/posts/{publicId}` (API.md §8.3): with its community unless `fetchCommunity=false`, and the
 * first page of comments. The visit is recorded after the answer is built, so `lastVisitAt` shows the
 * previous one.
 */
export async function getPost(
  deps: Deps,
  viewer: UserRow | null,
  publicId: string,
  fetchCommunity: boolean,
): Promise<Post> {
  const post = await requirePost(deps, publicId);
  // The community, the comments and the post itself side by side: their queries are independent, and
  // in turn they made a chain of a dozen round trips.
  const [community, page, json] = await Promise.all([
    fetchCommunity
      ? communityOfPost(deps.db, post.community_id).then((row) => fullCommunityJson(deps, row, viewer))
      : undefined,
    commentPageOf(deps, post, viewer, null),
    postJson(deps, post, viewer),
  ]);
  // After the post's new-comment count was read from the last visit.
  if (viewer) await recordPostVisit(deps.db, post.id, viewer.id, deps.clock());
  // In the contract's key order: the comments where the post has them (null), the community before
  // the author.
  const { author, ...rest } = json;
  return {
    ...rest,
    comments: page.comments,
    commentsNext: page.next,
    ...(community ? { community } : {}),
    author,
  };
}

/** Edits by the author (checked first, always): title, and the body of text posts with content. */
export async function editPost(
  deps: Deps,
  viewer: UserRow | null,
  publicId: string,
  body: EditPostBody,
): Promise<Post> {
  if (!viewer) throw errors.notLoggedIn();
  const post = await requirePost(deps, publicId);
  if (post.user_id !== viewer.id) throw errors.notAuthor();
  await deps.limiter.consume('updateContent', viewer.id);
  const title = titleOf(body.title);
  const newBody = post.type === 'text' && !post.deleted_content ? bodyOf(body.body) : post.body;
  const updated =
    title !== post.title || newBody !== post.body
      ? await updatePost(deps.db, post.id, { title, body: newBody, edited_at: deps.clock() })
      : post;
  return postJson(deps, updated, viewer);
}

/** The query of `PUT /api/posts/{publicId}` when it names an action. */
export type PostActionQuery = PostActionQueryParams & { action: string };

/** Moderator, admin and author actions on a post (API.md §8.4, DOMAIN §7.6); the answer shows the result. */
export async function postAction(
  deps: Deps,
  viewer: UserRow | null,
  publicId: string,
  query: PostActionQuery,
): Promise<Post> {
  if (!viewer) throw errors.notLoggedIn();
  const post = await requirePost(deps, publicId);
  await deps.limiter.consume('updateContent', viewer.id);
  const standing = await standingIn(deps, viewer, post.community_id);
  const now = deps.clock();
  let updated = post;
  switch (query.action) {
    case 'lock': {
      const lock = lockBy(standing, viewer.id, query.lockAs, now);
      updated = await deps.db.transaction().execute(async (trx) => {
        const saved = await updatePost(trx, post.id, { locked: true, ...lock });
        await recordContentAction(trx, viewer, {
          at: now,
          actedAs: lock.locked_by_group!,
          action: 'lock_post',
          postId: post.id,
        });
        return saved;
      });
      break;
    }
    case 'unlock': {
      parseGroup(query.lockAs);
      const unlock = unlockBy(standing);
      updated = await deps.db.transaction().execute(async (trx) => {
        // Read under the row's lock: unlocking what is not locked changes nothing and records nothing.
        const before = await lockPost(trx, post.id);
        const saved = await updatePost(trx, post.id, { locked: false, ...unlock });
        if (before?.locked) {
          await recordContentAction(trx, viewer, {
            at: now,
            actedAs: unlockGroup(standing, query.lockAs),
            action: 'unlock_post',
            postId: post.id,
          });
        }
        return saved;
      });
      break;
    }
    case 'changeAsUser': {
      const group = regroupBy(standing, post.user_id === viewer.id, query.userGroup);
      updated = await updatePost(deps.db, post.id, { user_group: group });
      break;
    }
    case 'pin':
    case 'unpin': {
      const siteWide = query.siteWide === 'true';
      assertMayPinPost(standing, siteWide);
      updated = await setPinned(deps, post, siteWide, query.action === 'pin', {
        viewer,
        actedAs: siteWide ? 'admins' : actingGroup(standing),
      });
      break;
    }
    case 'announce': {
      assertAdmin(siteRole(viewer));
      await deps.db.transaction().execute(async (trx) => {
        if (!(await insertAnnouncement(trx, post.id, viewer.id))) throw errors.alreadyAnnounced();
        await recordContentAction(trx, viewer, {
          at: deps.clock(),
          actedAs: 'admins',
          action: 'announce_post',
          postId: post.id,
        });
      });
      break;
    }
    default:
      throw errors.invalidAction();
  }
  return postJson(deps, updated, viewer);
}

/**
 * At most 2 pins per scope; pinning a pinned post, or unpinning an unpinned one, changes nothing (and
 * is not logged).
 */
async function setPinned(
  deps: Deps,
  post: PostRow,
  siteWide: boolean,
  pin: boolean,
  by: { viewer: UserRow; actedAs: 'mods' | 'admins' },
): Promise<PostRow> {
  const flag = siteWide ? 'is_pinned_site' : 'is_pinned';
  if (post[flag] === pin) return post;
  if (pin && post.deleted) throw errors.cannotPinDeletedPost();
  const scope: PinScope = siteWide ? { siteWide: true } : { siteWide: false, communityId: post.community_id };
  return deps.db.transaction().execute(async (trx) => {
    await lockPinScope(trx, scope);
    // Another request may have changed the pin, or deleted the post, while this one waited.
    const current = (await lockPost(trx, post.id)) ?? post;
    if (current[flag] === pin) return current;
    if (pin && current.deleted) throw errors.cannotPinDeletedPost();
    if (pin) {
      if ((await pinCount(trx, scope)) >= 2) throw errors.pinLimitReached();
      await insertPin(trx, post.id, scope);
    } else {
      await deletePin(trx, post.id, siteWide);
    }
    const saved = await updatePost(trx, post.id, { [flag]: pin });
    await recordContentAction(trx, by.viewer, {
      at: deps.clock(),
      actedAs: by.actedAs,
      action: `${pin ? 'pin' : 'unpin'}_post${siteWide ? '_site' : ''}`,
      postId: post.id,
    });
    return saved;
  });
}

/**
 * `DELETE /api/posts/{publicId}` (API.md §8.5, DOMAIN §7.7): as the author, a moderator or an admin;
 * content deletion purges the body, link thumbnail and images, and moderators may not do it.
 */
export async function deletePost(
  deps: Deps,
  viewer: UserRow | null,
  publicId: string,
  query: DeletePostQueryParams,
): Promise<Post> {
  if (!viewer) throw errors.notLoggedIn();
  const as = parseGroup(query.deleteAs);
  if (
    query.deleteContent !== undefined &&
    query.deleteContent !== 'true' &&
    query.deleteContent !== 'false'
  ) {
    throw errors.deleteContentNotBool();
  }
  const purge = query.deleteContent === 'true';
  const post = await requirePost(deps, publicId);
  await deps.limiter.consume('updateContent', viewer.id);
  assertMayRemove(await standingIn(deps, viewer, post.community_id), as, post.user_id === viewer.id, {
    purge,
  });
  if (post.deleted && !(purge && !post.deleted_content)) throw errors.alreadyDeleted();
  // A reason is for moderators and admins (an addition to the contract); an author's is ignored.
  const reason = as === 'normal' ? null : await removalReason(deps.db, post.community_id, query);

  const removed = await removePost(
    deps,
    post,
    viewer.id,
    as,
    purge,
    as === 'normal' ? null : { viewer, reason: reason! },
  );
  // Another deletion got there first, while this one waited for the post.
  if (!removed) throw errors.alreadyDeleted();
  await deleteImages(deps, removed.images);
  return postJson(deps, removed.updated, viewer);
}

/**
 * Deletes a post (and, with `purge`, its content) in one transaction; returns the images to remove, or
 * null when, read again under a row lock, there is nothing left to do.
 */
async function removePost(
  deps: Pick<Deps, 'db' | 'clock'>,
  post: PostRow,
  byUserId: string,
  as: Group,
  purge: boolean,
  /**
   * Through the API as mods or admins: the author is told, and the moderation log records it with
   * the reason (never for a site-ban purge, which the log records as the ban).
   */
  moderation: { viewer: UserRow; reason: RemovalReason } | null = null,
): Promise<{ updated: PostRow; images: string[] } | null> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    // Of two deletions at once, the second waits here and sees the first.
    const current = (await lockPost(trx, post.id)) ?? post;
    if (current.deleted && !(purge && !current.deleted_content)) return null;
    let updated = current;
    if (!current.deleted) {
      await deleteWindowRows(trx, post.id);
      await deletePin(trx, post.id, null);
      updated = await updatePost(trx, post.id, {
        deleted: true,
        deleted_at: now,
        deleted_by: byUserId,
        deleted_as: as,
        is_pinned: false,
        is_pinned_site: false,
        deleted_reason: moderation ? reasonText(moderation.reason) : null,
      });
      // Moderation settles the reports about the post and its comments (DOMAIN §7.5).
      if (as !== 'normal') await deleteReportsOfPost(trx, post.id);
      if (moderation) {
        await recordPostRemovedEvent(
          trx,
          { id: post.id, userId: current.user_id },
          byUserId,
          as,
          now,
          reasonText(moderation.reason),
        );
        await recordContentAction(trx, moderation.viewer, {
          at: now,
          actedAs: as === 'mods' ? 'mods' : 'admins',
          action: 'remove_post',
          postId: post.id,
          reason: moderation.reason,
        });
      }
    }
    const images: string[] = [];
    if (purge && !current.deleted_content) {
      images.push(...(await detachPostImages(trx, post.id)));
      if (current.link_image) images.push(current.link_image);
      updated = await updatePost(trx, post.id, {
        body: current.body === null ? null : '',
        link_image: null,
        deleted_content: true,
        deleted_content_at: now,
        deleted_content_by: byUserId,
        deleted_content_as: as,
      });
      // Only admins purge (moderators may not): an entry of its own beside the removal's, if any.
      if (moderation) {
        await recordContentAction(trx, moderation.viewer, {
          at: now,
          actedAs: 'admins',
          action: 'purge_post',
          postId: post.id,
        });
      }
    }
    return { updated, images };
  });
}

/**
 * Removes a banned user's posts made since `since` (all of them when null), as admins, content too
 * (DOMAIN §7.4).
 */
export async function purgeUserPosts(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  userId: string,
  since: Date | null,
  byUserId: string,
): Promise<number> {
  const posts = await postsOfUser(deps.db, userId, since);
  const images: string[] = [];
  for (const post of posts) {
    if (post.deleted && post.deleted_content) continue;
    images.push(...((await removePost(deps, post, byUserId, 'admins', true))?.images ?? []));
  }
  await deleteImages(deps, images);
  return posts.length;
}

/** `POST /api/hidden_posts`: idempotent; the post leaves the viewer's feeds. */
export async function hidePost(deps: Deps, viewer: UserRow | null, postId: string): Promise<void> {
  if (!viewer) throw errors.notLoggedIn();
  const id = parseId(postId);
  if (!id) throw errors.invalidId();
  if (!(await findPostById(deps.db, id))) throw errors.postNotFound();
  await hidePostFor(deps.db, viewer.id, id);
}

export async function unhidePost(deps: Deps, viewer: UserRow | null, postId: string): Promise<void> {
  if (!viewer) throw errors.notLoggedIn();
  const id = parseId(postId);
  if (!id) throw errors.invalidPostId();
  await unhidePostFor(deps.db, viewer.id, id);
}
