import type { Badge, CommunityWithoutMods, Image, User } from '@commons/shared';
import { ZERO_ID } from '../lib/ids.js';
import { monthYear, ZERO_TIME } from '../lib/time.js';
import type { UserRow } from './users.repository.js';

/** Public: anyone about another user. Self: the user about themselves. Admin: an admin about anyone. */
export type UserView = 'public' | 'self' | 'admin';

/** What a user object carries besides its own row. */
export interface UserExtras {
  badges: Badge[];
  proPic: Image | null;
  /** Filled only by `GET /api/_user` and `GET /api/users/{username}`; null elsewhere (API.md §5.3). */
  moddingList: CommunityWithoutMods[] | null;
}

export interface PresentOptions {
  /** `GET /api/users/{username}` shows a deleted account's real name with the ghost's other values. */
  keepDeletedUsername?: boolean;
  /** The admin detail view of `?adminsView=true`. */
  adminDetails?: { webPushSubscriptionsCount: number };
  /** Show a deleted account's real details in a public view (a post's author, seen by an admin). */
  revealDeleted?: boolean;
}

export function viewOf(viewer: UserRow | null, subject: UserRow): UserView {
  if (viewer?.is_admin) return 'admin';
  return viewer?.id === subject.id ? 'self' : 'public';
}

/** The User object of API.md §5.3 for the given view. */
export function presentUser(
  row: UserRow,
  extras: UserExtras,
  view: UserView,
  options: PresentOptions = {},
): User {
  const ghost = row.deleted_at !== null && view !== 'admin' && !options.revealDeleted;
  const personal = view !== 'public';
  return {
    id: ghost ? ZERO_ID : row.id,
    username: ghost && !options.keepDeletedUsername ? 'ghost' : row.username,
    email: personal ? row.email : null,
    ...(view === 'admin'
      ? {
          lastSeen: (row.last_seen ?? row.created_at).toISOString(),
          lastSeenIP: row.last_seen_ip,
          createdIP: row.created_ip,
        }
      : {}),
    emailConfirmedAt: row.email_confirmed_at?.toISOString() ?? null,
    aboutMe: row.about_me,
    points: row.points,
    isAdmin: row.is_admin,
    proPic: extras.proPic,
    badges: ghost ? [] : extras.badges,
    noPosts: row.no_posts,
    noComments: row.no_comments,
    lastSeenMonth: monthYear(row.last_seen ?? row.created_at),
    createdAt: ghost ? ZERO_TIME : row.created_at.toISOString(),
    deleted: row.deleted_at !== null,
    deletedAt: ghost ? ZERO_TIME : (row.deleted_at?.toISOString() ?? null),
    ...(personal
      ? {
          upvoteNotificationsOff: row.upvote_notifications_off,
          replyNotificationsOff: row.reply_notifications_off,
          homeFeed: row.home_feed,
          rememberFeedSort: row.remember_feed_sort,
          embedsOff: row.embeds_off,
          hideUserProfilePictures: row.hide_user_profile_pictures,
          requireAltText: row.require_alt_text,
        }
      : {}),
    bannedAt: row.banned_at?.toISOString() ?? null,
    isBanned: row.banned_at !== null,
    ...(personal ? { notificationsNewCount: row.notifications_new_count } : {}),
    moddingList: extras.moddingList,
    ...(options.adminDetails
      ? {
          userIndex: row.user_index,
          webPushSubscriptionsCount: options.adminDetails.webPushSubscriptionsCount,
        }
      : {}),
  };
}
