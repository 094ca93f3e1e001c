import { checkPassword, isValidEmail, limits, truncateChars, type User } from '@commons/shared';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { restartUserSessions } from '../sessions/sessions.service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { setPasswordHash, updateUser, type UserRow } from './users.repository.js';
import { userJson } from './users.service.js';

export interface ProfileChanges {
  aboutMe?: string | null;
  email?: string | null;
  upvoteNotificationsOff?: boolean;
  replyNotificationsOff?: boolean;
  homeFeed?: string;
  rememberFeedSort?: boolean;
  embedsOff?: boolean;
  hideUserProfilePictures?: boolean;
  requireAltText?: boolean;
}

/**
 * `POST /api/_settings?action=updateProfile` (API.md §6.6, DOMAIN §8.6): only the nine preference fields,
 * merged over the current values; keys not sent keep their values.
 */
export async function updateProfile(
  deps: Deps,
  viewer: UserRow | null,
  changes: ProfileChanges,
): Promise<User> {
  if (!viewer) throw errors.notLoggedIn();
  if (viewer.deleted_at) throw errors.userDeleted();
  await deps.limiter.consume('settings', viewer.id);
  if (changes.homeFeed !== undefined && changes.homeFeed !== 'all' && changes.homeFeed !== 'subscriptions') {
    throw errors.invalidHomeFeed();
  }
  const email =
    changes.email === undefined ? undefined : changes.email === null ? null : changes.email.trim();
  if (email && !isValidEmail(email)) throw errors.invalidSettingsEmail();
  const set: Updateable<UsersTable> = {
    ...(changes.aboutMe !== undefined
      ? { about_me: changes.aboutMe === null ? null : truncateChars(changes.aboutMe, limits.aboutMeMax) }
      : {}),
    ...(email !== undefined ? { email } : {}),
    ...(changes.upvoteNotificationsOff !== undefined
      ? { upvote_notifications_off: changes.upvoteNotificationsOff }
      : {}),
    ...(changes.replyNotificationsOff !== undefined
      ? { reply_notifications_off: changes.replyNotificationsOff }
      : {}),
    ...(changes.homeFeed !== undefined ? { home_feed: changes.homeFeed } : {}),
    ...(changes.rememberFeedSort !== undefined ? { remember_feed_sort: changes.rememberFeedSort } : {}),
    ...(changes.embedsOff !== undefined ? { embeds_off: changes.embedsOff } : {}),
    ...(changes.hideUserProfilePictures !== undefined
      ? { hide_user_profile_pictures: changes.hideUserProfilePictures }
      : {}),
    ...(changes.requireAltText !== undefined ? { require_alt_text: changes.requireAltText } : {}),
  };
  // Nothing to store (an empty body, or only unknown keys): the user as they are.
  if (Object.keys(set).length === 0) return userJson(deps, viewer, viewer);
  const updated = await updateUser(deps.db, viewer.id, set);
  return userJson(deps, updated, updated);
}

/**
 * `POST /api/_settings?action=changePassword`: the checks in the contract's order; all values trimmed.
 * The account's other sessions end with the old password; the caller's goes on under `newSessionId`,
 * which the route sends with its CSRF token.
 */
export async function changePassword(
  deps: Deps,
  user: UserRow | null,
  body: { password?: string; newPassword?: string; repeatPassword?: string },
): Promise<{ user: User; newSessionId: string }> {
  if (!user) throw errors.notLoggedIn();
  await deps.limiter.consume('settings', user.id);
  const current = (body.password ?? '').trim();
  const next = (body.newPassword ?? '').trim();
  if (next !== (body.repeatPassword ?? '').trim()) throw errors.passwordNotMatch();
  if (!(await verifyPassword(user.password, current))) {
    throw errors.wrongCurrentPassword();
  }
  const problem = checkPassword(next);
  if (problem) {
    throw errors.invalidPassword(problem);
  }
  const hash = await hashPassword(next);
  const newSessionId = await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, hash);
    return restartUserSessions(trx, deps.clock(), user.id);
  });
  return { user: await userJson(deps, user, user), newSessionId };
}
