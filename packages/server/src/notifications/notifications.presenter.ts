import type { Notification, NotificationView } from '@commons/shared';
import { escapeHtml } from '../lib/html.js';
import type { NotificationRow } from './notifications.repository.js';

/** `format`: `html` for `<b>` tags and escaped values, empty for plain text (API.md §5.12). */
export type TextFormat = '' | 'html';

export const DEFAULT_ICON = '/favicon.png?v=2';
export const BADGE_ICON = '/badge-supporter.png';

/** What rendering needs of a post a notification is about. */
export interface PostFacts {
  title: string;
  publicId: string;
  communityName: string;
  /** The post's first image (`tiny`), its link thumbnail (`tiny`) or its community's picture (`small`). */
  icon: string | null;
}

/** What rendering needs besides the row, loaded for a whole page at once by the service. */
export interface RenderContext {
  siteName: string;
  posts: Map<string, PostFacts>;
  /** Comments named by payloads: their post, and their author's picture (`small`). */
  comments: Map<string, { postId: string; authorIcon: string | null }>;
  /** Usernames of users named by payloads (new_badge). */
  usernames: Map<string, string>;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const int = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 1);

function postUrl(post: PostFacts): string {
  return `/${encodeURIComponent(post.communityName)}/post/${encodeURIComponent(post.publicId)}`;
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The title and link of a notification (API.md §5.12), or null when what it is about is gone. With
 * `html`, every interpolated value is escaped and only our own `<b>` tags are markup [security].
 */
function titleAndLink(
  row: NotificationRow,
  format: TextFormat,
  ctx: RenderContext,
): { title: string; toURL: string; icon: string } | null {
  const html = format === 'html';
  const e = (text: string) => (html ? escapeHtml(text) : text);
  const b = (markup: string) => (html ? `<b>${markup}</b>` : markup);
  const n = row.notif;

  switch (row.type) {
    case 'new_comment':
    case 'comment_reply': {
      const post = ctx.posts.get(str(n.postId));
      if (!post) return null;
      const count = int(n.noComments);
      const commentId = str(n.commentId);
      const title =
        row.type === 'new_comment'
          ? count === 1
            ? `${b(e(str(n.commentAuthor)))} commented on your post ${b(e(post.title))}`
            : `${count} new comments on your post ${b(e(post.title))}`
          : count === 1
            ? `${b(e(str(n.commentAuthor)))} replied to your comment on post ${b(e(post.title))}`
            : `${count} new replies to your comment on post ${b(e(post.title))}`;
      let toURL = count === 1 ? `${postUrl(post)}/${encodeURIComponent(commentId)}` : postUrl(post);
      if (row.created_at.getTime() !== row.updated_at.getTime()) {
        toURL += `?highlightFrom=${unixSeconds(row.created_at)}&highlightTo=${unixSeconds(row.updated_at)}`;
      }
      const icon = ctx.comments.get(commentId)?.authorIcon ?? post.icon ?? DEFAULT_ICON;
      return { title, toURL, icon };
    }
    case 'new_votes': {
      const isComment = n.targetType === 'comment';
      const comment = isComment ? ctx.comments.get(str(n.targetId)) : undefined;
      if (isComment && !comment) return null;
      const post = ctx.posts.get(comment ? comment.postId : str(n.targetId));
      if (!post) return null;
      const count = int(n.noVotes);
      const votes = `${count} new upvote${count === 1 ? '' : 's'}`;
      return isComment
        ? {
            title: `${votes} on your comment in ${b(e(post.title))}`,
            toURL: `${postUrl(post)}/${encodeURIComponent(str(n.targetId))}`,
            icon: post.icon ?? DEFAULT_ICON,
          }
        : {
            title: `${votes} on your post ${b(e(post.title))}`,
            toURL: postUrl(post),
            icon: post.icon ?? DEFAULT_ICON,
          };
    }
    case 'deleted_post': {
      if (n.targetType !== 'post') return null;
      const post = ctx.posts.get(str(n.targetId));
      if (!post) return null;
      const by = n.deletedAs === 'mods' ? `moderators of ${b(e(post.communityName))}` : 'the admins';
      // The reason (an addition to the contract) follows the reference's sentence, which stays as it was.
      const reason = typeof n.reason === 'string' && n.reason ? `. Reason: ${e(n.reason)}` : '';
      return {
        title: `Your post ${b(e(post.title))} has been removed by ${by}${reason}`,
        toURL: postUrl(post),
        icon: post.icon ?? DEFAULT_ICON,
      };
    }
    case 'mod_add': {
      const community = str(n.communityName);
      return {
        title: `You are added as a moderator of ${e(community)} by ${b(e(`@${str(n.addedBy)}`))}`,
        toURL: `/${encodeURIComponent(community)}`,
        icon: DEFAULT_ICON,
      };
    }
    case 'new_badge': {
      const username = ctx.usernames.get(str(n.userId));
      if (!username) return null;
      return {
        title: `You are awarded the ${b('supporter')} badge for your contribution to ${e(ctx.siteName)} and for sheer awesomeness!`,
        toURL: `/@${encodeURIComponent(username)}`,
        icon: BADGE_ICON,
      };
    }
    case 'welcome': {
      const community = str(n.communityName);
      return {
        title: `${b(`Welcome to ${e(ctx.siteName)}`)}. Make a post in our ${b(e(community))} community to say hello!`,
        toURL: `/${encodeURIComponent(community)}`,
        icon: DEFAULT_ICON,
      };
    }
    case 'announcement': {
      const post = ctx.posts.get(str(n.postId));
      if (!post) return null;
      return { title: b(e(post.title)), toURL: postUrl(post), icon: post.icon ?? DEFAULT_ICON };
    }
    case 'denied_comm':
      return { title: e(str(n.body)), toURL: '#', icon: DEFAULT_ICON };
  }
}

/** The rendered form (API.md §5.12), or null when the notification cannot be rendered. */
export function presentNotificationView(
  row: NotificationRow,
  format: TextFormat,
  ctx: RenderContext,
): NotificationView | null {
  const shown = titleAndLink(row, format, ctx);
  if (!shown) return null;
  return {
    id: row.id,
    version: 1,
    type: row.type,
    textFormat: format,
    title: shown.title,
    body: '',
    icons: [shown.icon],
    toURL: shown.toURL,
    seen: row.seen,
    seenAt: row.seen_at ? row.seen_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * A notification whose subject is gone, in the rendered form: what a change to it (mark, delete)
 * answers, since the change itself still happens.
 */
export function presentGoneNotificationView(row: NotificationRow, format: TextFormat): NotificationView {
  return {
    id: row.id,
    version: 1,
    type: row.type,
    textFormat: format,
    title: '',
    body: '',
    icons: [DEFAULT_ICON],
    toURL: '#',
    seen: row.seen,
    seenAt: row.seen_at ? row.seen_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The raw form (API.md §5.11): `notif` already expanded by the service, or null. */
export function presentNotification(
  row: NotificationRow,
  notif: Record<string, unknown> | null,
): Notification {
  return {
    id: row.id,
    type: row.type,
    notif,
    seen: row.seen,
    seenAt: row.seen_at ? row.seen_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}
