import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './keys';
import { storeSessionUser } from './session-user';

/** The nine fields of `action=updateProfile`; the client always sends all of them (API.md §6.6). */
export interface ProfileSettings {
  email: string;
  aboutMe: string;
  homeFeed: 'all' | 'subscriptions';
  rememberFeedSort: boolean;
  embedsOff: boolean;
  hideUserProfilePictures: boolean;
  requireAltText: boolean;
  upvoteNotificationsOff: boolean;
  replyNotificationsOff: boolean;
}

export function updateProfile(settings: ProfileSettings): Promise<User> {
  return api<User>('/_settings', { method: 'POST', query: { action: 'updateProfile' }, body: settings });
}

/** Saves the account fields and preferences; the answer becomes the session's user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsKeys.updateProfile,
    mutationFn: updateProfile,
    onSuccess: (user) => storeSessionUser(queryClient, user),
  });
}
