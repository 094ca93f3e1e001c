import {
  isNotificationType,
  type Notification,
  type NotificationPage,
  type NotificationView,
} from '@commons/shared';
import type {
  NotificationQueryParams,
  NotificationsActionQueryParams,
  NotificationsQueryParams,
} from '@commons/shared/schemas';
import { commentJsons } from '../comments/comment-views.js';
import { commentsByIds } from '../comments/comments.repository.js';
import { communityJsons } from '../communities/communities.service.js';
import { communitiesByIdsOrNames, communityLabels } from '../communities/communities.repository.js';
import type { Deps } from '../deps.js';
import { imagesByIds, type ImageRow } from '../images/images.repository.js';
import { presentImage } from '../images/images.presenter.js';
import type { CopySet } from '../images/copies.js';
import { errors } from '../lib/errors.js';
import { imagesOfPosts } from '../posts/post-images.repository.js';
import { postJsons } from '../posts/post-views.js';
import { postsByIds } from '../posts/posts.repository.js';
import { publicUsers } from '../users/user-views.js';
import { deletedUsernames, usersByIds, type UserRow } from '../users/users.repository.js';
import {
  presentGoneNotificationView,
  presentNotification,
  presentNotificationView,
  type PostFacts,
  type RenderContext,
  type TextFormat,
} from './notifications.presenter.js';
import {
  countNotifications,
  deleteNotification,
  deleteNotificationsOf,
  findNotification,
  markAllSeen,
  newCountOf,
  notificationPage,
  recomputeNewCount,
  resetNewCount,
  setSeen,
  type NotificationCursor,
  type NotificationRow,
  type PagedNotificationRow,
} from './notifications.repository.js';
import { INT32_MAX } from '../lib/int32.js';

/** Notifications per page (API.md §12.1). */
export const NOTIFICATIONS_PAGE_SIZE = 10;

interface Rendering {
  render: boolean;
  format: TextFormat;
}

/** `render` and `format` (API.md §12.1): a format other than empty or `html` is refused. */
function renderingOf(query: { render?: string; format?: string }): Rendering {
  const format = query.format ?? '';
  if (format !== '' && format !== 'html') throw errors.invalidRenderFormat();
  return { render: query.render === 'true', format };
}

/** The cursor is opaque: base64url JSON of the list-order key of the next page's first row. */
export function encodeCursor(row: PagedNotificationRow): string {
  return Buffer.from(JSON.stringify({ s: row.seen, u: row.updated_at_us, i: row.id })).toString('base64url');
}

export function decodeCursor(text: string): NotificationCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw errors.invalidCursor();
  }
  const c = value as { s?: unknown; u?: unknown; i?: unknown } | null;
  if (
    !c ||
    typeof c !== 'object' ||
    typeof c.s !== 'boolean' ||
    typeof c.u !== 'string' ||
    !/^-?\d{1,17}$/.test(c.u) ||
    typeof c.i !== 'number' ||
    !Number.isInteger(c.i) ||
    c.i < 1 ||
    c.i > INT32_MAX ||
    !/^[A-Za-z0-9_-]*={0,2}$/.test(text)
  ) {
    throw errors.invalidCursor();
  }
  return { seen: c.s, updatedAtUs: c.u, id: c.i };
}

/** A notification id of the path: 400 when not an integer, null when it can name nothing. */
function parseNotificationId(raw: string): number | null {
  if (!/^\d{1,12}$/.test(raw)) throw errors.invalidId();
  const id = Number(raw);
  return id >= 1 && id <= INT32_MAX ? id : null;
}

function copyUrl(image: ImageRow | undefined, set: CopySet, name: string, key: Buffer): string | null {
  if (!image) return null;
  return presentImage(image, set, key).copies.find((c) => c.name === name)?.url ?? null;
}

/** Everything the rows of a page name, in a fixed number of queries whatever the page holds. */
async function renderContext(
  deps: Pick<Deps, 'db' | 'secrets' | 'config'>,
  rows: readonly NotificationRow[],
) {
  const postIds = new Set<string>();
  const commentIds = new Set<string>();
  const userIds = new Set<string>();
  for (const { type, notif: n } of rows) {
    if ((type === 'new_comment' || type === 'comment_reply') && typeof n.postId === 'string') {
      postIds.add(n.postId);
      if (typeof n.commentId === 'string') commentIds.add(n.commentId);
    } else if (type === 'announcement' && typeof n.postId === 'string') postIds.add(n.postId);
    else if ((type === 'new_votes' || type === 'deleted_post') && typeof n.targetId === 'string') {
      (n.targetType === 'comment' ? commentIds : postIds).add(n.targetId);
    } else if (type === 'new_badge' && typeof n.userId === 'string') userIds.add(n.userId);
  }
  const comments = await commentsByIds(deps.db, [...commentIds]);
  for (const c of comments) postIds.add(c.post_id);
  const posts = await postsByIds(deps.db, [...postIds]);
  const [communities, postImages, users] = await Promise.all([
    posts.length > 0 ? communityLabels(deps.db, [...new Set(posts.map((p) => p.community_id))]) : [],
    imagesOfPosts(
      deps.db,
      posts.filter((p) => p.type === 'image').map((p) => p.id),
    ),
    usersByIds(deps.db, [...new Set([...userIds, ...comments.map((c) => c.user_id)])]),
  ]);
  const communityById = new Map(communities.map((c) => [c.id, c]));
  const userById = new Map(users.map((u) => [u.id, u]));
  const images = await imagesByIds(deps.db, [
    ...posts.flatMap((p) => (p.link_image ? [p.link_image] : [])),
    ...communities.flatMap((c) => (c.pro_pic ? [c.pro_pic] : [])),
    ...users.flatMap((u) => (u.pro_pic ? [u.pro_pic] : [])),
  ]);
  const key = deps.secrets.imageKey;

  const ctx: RenderContext = {
    siteName: deps.config.siteName,
    posts: new Map(),
    comments: new Map(),
    usernames: new Map(users.map((u) => [u.id, u.username])),
  };
  for (const post of posts) {
    const community = communityById.get(post.community_id);
    if (!community) continue;
    const facts: PostFacts = {
      title: post.title,
      publicId: post.public_id,
      communityName: community.name,
      icon:
        copyUrl(postImages.get(post.id)?.[0], 'post', 'tiny', key) ??
        copyUrl(post.link_image ? images.get(post.link_image) : undefined, 'link', 'tiny', key) ??
        copyUrl(community.pro_pic ? images.get(community.pro_pic) : undefined, 'avatar', 'small', key),
    };
    ctx.posts.set(post.id, facts);
  }
  for (const comment of comments) {
    const author = userById.get(comment.user_id);
    ctx.comments.set(comment.id, {
      postId: comment.post_id,
      authorIcon: copyUrl(author?.pro_pic ? images.get(author.pro_pic) : undefined, 'avatar', 'small', key),
    });
  }
  return ctx;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The raw payloads with their live objects (API.md §5.11), built with no viewer; null where they are
 * gone. A fixed number of queries whatever the page holds: the rows' comments, then their posts, then
 * their communities and users, then each kind of object presented in one batch.
 */
async function expandPayloads(
  deps: Deps,
  rows: readonly NotificationRow[],
): Promise<(Record<string, unknown> | null)[]> {
  const targetsComment = (row: NotificationRow) =>
    (row.type === 'new_votes' || row.type === 'deleted_post') && row.notif.targetType === 'comment';
  const commentRows = await commentsByIds(
    deps.db,
    rows.filter(targetsComment).map((row) => text(row.notif.targetId)),
  );
  const commentRowById = new Map(commentRows.map((c) => [c.id, c]));

  const postIds = new Set<string>();
  for (const row of rows) {
    const n = row.notif;
    if (row.type === 'new_comment' || row.type === 'comment_reply' || row.type === 'announcement') {
      postIds.add(text(n.postId));
    } else if (row.type === 'new_votes' || row.type === 'deleted_post') {
      if (!targetsComment(row)) postIds.add(text(n.targetId));
      else if (row.type === 'new_votes') {
        const comment = commentRowById.get(text(n.targetId));
        if (comment) postIds.add(comment.post_id);
      }
    }
  }
  const postRows = await postsByIds(deps.db, [...postIds].filter(Boolean));
  const postRowById = new Map(postRows.map((p) => [p.id, p]));
  const announced = rows.flatMap((row) =>
    row.type === 'announcement' ? (postRowById.get(text(row.notif.postId)) ?? []) : [],
  );
  const communityNames = rows.flatMap((row) =>
    row.type === 'mod_add' || row.type === 'welcome' ? [text(row.notif.communityName)] : [],
  );
  const [communityRows, userRows] = await Promise.all([
    communitiesByIdsOrNames(
      deps.db,
      announced.map((p) => p.community_id),
      communityNames.filter(Boolean),
    ),
    usersByIds(
      deps.db,
      rows.flatMap((row) => (row.type === 'new_badge' ? [text(row.notif.userId)] : [])).filter(Boolean),
    ),
  ]);

  const [posts, comments, communities, users] = await Promise.all([
    postJsons(deps, postRows, null),
    commentJsons(deps, commentRows, null),
    communityJsons(deps, communityRows, null),
    publicUsers(deps, userRows, null),
  ]);
  const postById = new Map(postRows.map((row, i) => [row.id, posts[i]!]));
  const commentById = new Map(commentRows.map((row, i) => [row.id, comments[i]!]));
  const communityById = new Map(communityRows.map((row, i) => [row.id, communities[i]!]));
  const communityByName = new Map(communityRows.map((row, i) => [row.name_lc, communities[i]!]));
  const userById = new Map(userRows.map((row, i) => [row.id, users[i]!]));

  return rows.map((row): Record<string, unknown> | null => {
    const n = row.notif;
    // The stored payload is jsonb, which keeps keys in its own order: they go out in the contract's.
    const out = (embedded: Record<string, unknown>) => inContractOrder(row.type, n, embedded);
    switch (row.type) {
      case 'new_comment':
      case 'comment_reply': {
        const post = postById.get(text(n.postId));
        return post ? out({ post }) : null;
      }
      case 'new_votes':
      case 'deleted_post': {
        if (targetsComment(row)) {
          const comment = commentById.get(text(n.targetId));
          if (!comment) return null;
          if (row.type === 'deleted_post') return out({ comment });
          const post = postById.get(commentRowById.get(text(n.targetId))!.post_id);
          return post ? out({ post, comment }) : null;
        }
        const post = postById.get(text(n.targetId));
        return post ? out({ post }) : null;
      }
      case 'mod_add':
      case 'welcome': {
        const community = communityByName.get(text(n.communityName).toLowerCase());
        return community ? out({ community }) : null;
      }
      case 'new_badge': {
        const user = userById.get(text(n.userId));
        return user ? { badgeType: n.badgeType, user } : null;
      }
      case 'announcement': {
        const postRow = postRowById.get(text(n.postId));
        const community = postRow && communityById.get(postRow.community_id);
        return postRow && community ? out({ post: postById.get(postRow.id), community }) : null;
      }
      case 'denied_comm':
        return { body: text(n.body) };
    }
  });
}

/** Each stored payload's keys in the order API.md §5.11 lists them, before the objects it embeds. */
const CONTRACT_KEYS: Partial<Record<NotificationRow['type'], readonly string[]>> = {
  new_comment: ['postId', 'commentId', 'noComments', 'commentAuthor', 'firstCreatedAt'],
  comment_reply: ['postId', 'parentCommentId', 'commentId', 'commentAuthor', 'noComments', 'firstCreatedAt'],
  new_votes: ['targetType', 'targetId', 'noVotes'],
  deleted_post: ['targetType', 'targetId', 'deletedAs'],
  mod_add: ['communityName', 'addedBy'],
  welcome: ['communityName'],
  announcement: ['postId'],
};

/**
 * A payload as the contract orders it: its listed keys, the embedded objects, then anything the
 * contract does not list (additions, such as a removal's reason), so the reference's keys keep their
 * places.
 */
function inContractOrder(
  type: NotificationRow['type'],
  stored: Record<string, unknown>,
  embedded: Record<string, unknown>,
): Record<string, unknown> {
  const listed = CONTRACT_KEYS[type] ?? [];
  const payload: Record<string, unknown> = {};
  for (const key of listed) if (key in stored) payload[key] = stored[key];
  Object.assign(payload, embedded);
  for (const [key, value] of Object.entries(stored)) if (!(key in payload)) payload[key] = value;
  return payload;
}

/**
 * The rows with the commenters whose accounts were deleted since named as the site names them, `ghost`
 * (core §6: only admins see a deleted author's name). A payload keeps the name it was written with.
 */
async function withDeletedCommentersHidden(
  deps: Deps,
  viewer: UserRow,
  rows: readonly NotificationRow[],
): Promise<readonly NotificationRow[]> {
  if (viewer.is_admin) return rows;
  const named = (row: NotificationRow) =>
    (row.type === 'new_comment' || row.type === 'comment_reply') &&
    typeof row.notif.commentAuthor === 'string';
  const names = [...new Set(rows.filter(named).map((row) => row.notif.commentAuthor as string))];
  const deleted = await deletedUsernames(deps.db, names);
  if (deleted.size === 0) return rows;
  return rows.map((row) =>
    named(row) && deleted.has((row.notif.commentAuthor as string).toLowerCase())
      ? { ...row, notif: { ...row.notif, commentAuthor: 'ghost' } }
      : row,
  );
}

/** Rows in the form the query asks for; rows that cannot be rendered are left out (API.md §5.12). */
async function present(
  deps: Deps,
  viewer: UserRow,
  shown: readonly NotificationRow[],
  rendering: Rendering,
): Promise<(Notification | NotificationView)[]> {
  const rows = await withDeletedCommentersHidden(deps, viewer, shown);
  if (!rendering.render) {
    const payloads = await expandPayloads(deps, rows);
    return rows.map((row, i) => presentNotification(row, payloads[i] ?? null));
  }
  const ctx = await renderContext(deps, rows);
  return rows.flatMap((row) => presentNotificationView(row, rendering.format, ctx) ?? []);
}

async function presentOne(
  deps: Deps,
  viewer: UserRow,
  stored: NotificationRow,
  rendering: Rendering,
): Promise<Notification | NotificationView> {
  const [row] = (await withDeletedCommentersHidden(deps, viewer, [stored])) as [NotificationRow];
  if (!rendering.render) {
    const [payload] = await expandPayloads(deps, [row]);
    return presentNotification(row, payload ?? null);
  }
  const ctx = await renderContext(deps, [row]);
  return (
    presentNotificationView(row, rendering.format, ctx) ?? presentGoneNotificationView(row, rendering.format)
  );
}

/** `GET /api/notifications` (API.md §12.1). */
export async function listNotifications(
  deps: Deps,
  viewer: UserRow | null,
  query: NotificationsQueryParams,
): Promise<NotificationPage> {
  if (!viewer) throw errors.notLoggedIn();
  const rendering = renderingOf(query);
  const cursor = query.next ? decodeCursor(query.next) : null;
  const [rows, count, newCount] = await Promise.all([
    notificationPage(deps.db, viewer.id, cursor, NOTIFICATIONS_PAGE_SIZE + 1),
    countNotifications(deps.db, viewer.id),
    newCountOf(deps.db, viewer.id),
  ]);
  const following = rows[NOTIFICATIONS_PAGE_SIZE];
  const items = await present(deps, viewer, rows.slice(0, NOTIFICATIONS_PAGE_SIZE), rendering);
  return { count, newCount, items, next: following ? encodeCursor(following) : '' };
}

/** `POST /api/notifications?action=…` (API.md §12.2). */
export async function notificationsAction(
  deps: Deps,
  viewer: UserRow | null,
  query: NotificationsActionQueryParams,
): Promise<{ success: true }> {
  if (!viewer) throw errors.notLoggedIn();
  await deps.limiter.consume('notificationsBulk', viewer.id);
  switch (query.action) {
    case 'resetNewCount':
      await resetNewCount(deps.db, viewer.id);
      break;
    case 'markAllAsSeen': {
      const type = query.type ?? '';
      if (type !== '' && !isNotificationType(type)) throw errors.invalidAction();
      await markAllSeen(deps.db, viewer.id, type === '' ? null : type, deps.clock());
      break;
    }
    case 'deleteAll':
      await deleteNotificationsOf(deps.db, viewer.id);
      break;
    default:
      throw errors.invalidAction();
  }
  return { success: true };
}

/** The viewer's notification by path id: 404 when there is none, 403 when it is someone else's. */
async function requireOwn(deps: Deps, viewer: UserRow, rawId: string): Promise<NotificationRow> {
  const id = parseNotificationId(rawId);
  const row = id === null ? undefined : await findNotification(deps.db, id);
  if (!row) throw errors.notifNotFound();
  if (row.user_id !== viewer.id) throw errors.notOwnNotification();
  return row;
}

/** `GET /api/notifications/{id}` (API.md §12.3): a gone subject cannot be shown, so 404. */
export async function getNotification(
  deps: Deps,
  viewer: UserRow | null,
  rawId: string,
  query: NotificationQueryParams,
): Promise<Notification | NotificationView> {
  if (!viewer) throw errors.notLoggedIn();
  const rendering = renderingOf(query);
  const [row] = (await withDeletedCommentersHidden(deps, viewer, [
    await requireOwn(deps, viewer, rawId),
  ])) as [NotificationRow];
  if (!rendering.render) {
    const [payload] = await expandPayloads(deps, [row]);
    return presentNotification(row, payload ?? null);
  }
  const view = presentNotificationView(row, rendering.format, await renderContext(deps, [row]));
  if (!view) throw errors.notifNotFound();
  return view;
}

/** `PUT /api/notifications/{id}?action=markAsSeen[&seen=false][&seenFrom=webpush]` (API.md §12.3). */
export async function updateNotification(
  deps: Deps,
  viewer: UserRow | null,
  rawId: string,
  query: NotificationQueryParams,
): Promise<Notification | NotificationView> {
  if (!viewer) throw errors.notLoggedIn();
  const rendering = renderingOf(query);
  if (query.action !== 'markAsSeen') throw errors.invalidAction();
  const row = await requireOwn(deps, viewer, rawId);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const changed = await setSeen(trx, row.id, query.seen !== 'false', deps.clock());
    if (query.seenFrom === 'webpush') await recomputeNewCount(trx, viewer.id);
    return changed;
  });
  return presentOne(deps, viewer, updated, rendering);
}

/** `DELETE /api/notifications/{id}` (API.md §12.4): answers with what was deleted. */
export async function deleteOwnNotification(
  deps: Deps,
  viewer: UserRow | null,
  rawId: string,
  query: NotificationQueryParams,
): Promise<Notification | NotificationView> {
  if (!viewer) throw errors.notLoggedIn();
  const rendering = renderingOf(query);
  const row = await requireOwn(deps, viewer, rawId);
  const shown = await presentOne(deps, viewer, row, rendering);
  await deleteNotification(deps.db, row.id);
  return shown;
}
