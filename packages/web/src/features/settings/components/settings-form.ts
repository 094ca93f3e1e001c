import { checkPassword, isValidEmail, type User } from '@commons/shared';
import { settingsMessages } from '@commons/shared/texts/settings';
import type { ProfileSettings } from '../api/update-profile';

/** The form's values as the user's current settings give them (absent preferences are off). */
export function settingsOf(user: User): ProfileSettings {
  return {
    email: user.email ?? '',
    aboutMe: user.aboutMe ?? '',
    homeFeed: user.homeFeed === 'subscriptions' ? 'subscriptions' : 'all',
    rememberFeedSort: user.rememberFeedSort === true,
    embedsOff: user.embedsOff === true,
    hideUserProfilePictures: user.hideUserProfilePictures === true,
    requireAltText: user.requireAltText === true,
    upvoteNotificationsOff: user.upvoteNotificationsOff === true,
    replyNotificationsOff: user.replyNotificationsOff === true,
  };
}

/** Save is enabled only when something differs from what is stored (secondary §4). */
export function settingsChanged(form: ProfileSettings, saved: ProfileSettings): boolean {
  return (Object.keys(form) as (keyof ProfileSettings)[]).some((key) => form[key] !== saved[key]);
}

/** Secondary §5: an email, when given, must look like one. */
export function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  return trimmed !== '' && !isValidEmail(trimmed) ? settingsMessages.emailInvalid : null;
}

/**
 * Secondary §5: the new password twice, at least 8 characters; trimmed and in the order the server
 * checks (API.md §6.6).
 */
export function newPasswordProblem(newPassword: string, repeat: string): string | null {
  if (newPassword.trim() !== repeat.trim()) return settingsMessages.passwordsDoNotMatch;
  if (checkPassword(newPassword.trim())) return settingsMessages.passwordTooShort;
  return null;
}
