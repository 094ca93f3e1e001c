import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type Mute, type User } from '@commons/shared';
import { settingsMessages } from '@commons/shared/texts/settings';
import { Toasts } from '../src/components/ui/Toasts';
import { ProfileHeader } from '../src/features/profiles/components/ProfileHeader';
import { SettingsPage } from '../src/features/settings';
import { currentUserQuery } from '../src/features/session/api/get-current-user';
import { initialQuery } from '../src/features/session/api/get-initial';
import { errorReply, fakeApi } from './fake-api';
import { makeCommunity, makeInitial, makeUser } from './fixtures';
import { makeImage } from './post-fixtures';
import { isDisabled, renderWithApp } from './render';

const SETTINGS = '/api/_settings?action=updateProfile';

/** What a test sent, leaving out the page's reads (the muted words section loads its own list). */
function writes(api: { requests: { method: string; url: string }[] }): string[] {
  return api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
}

function userMute(user: User, n: number): Mute {
  return {
    id: `u_${n}`,
    type: 'user',
    mutedUserId: user.id,
    createdAt: '2025-01-01T00:00:00Z',
    mutedUser: { ...user, moddingList: null },
  };
}

function communityMute(name: string, n: number): Mute {
  const community = makeCommunity(name, { isMuted: true });
  return {
    id: `c_${n}`,
    type: 'community',
    mutedCommunityId: community.id,
    createdAt: '2025-01-01T00:00:00Z',
    mutedCommunity: community,
  };
}

function renderSettings(
  user: User = makeUser({ username: 'alice' }),
  mutes: { userMutes?: Mute[]; communityMutes?: Mute[] } = {},
) {
  const view = renderWithApp(
    <>
      <SettingsPage user={user} />
      <Toasts />
    </>,
    {
      path: '/settings',
      initial: {
        user,
        mutes: { userMutes: mutes.userMutes ?? [], communityMutes: mutes.communityMutes ?? [] },
      },
    },
  );
  return { ...view, save: screen.getByRole('button', { name: /^Save$/ }) };
}

describe('account fields and preferences', () => {
  test('Save is enabled only while something differs from what is stored', async () => {
    const { user, save } = renderSettings(makeUser({ username: 'alice', embedsOff: false }));
    expect(isDisabled(save)).toBe(true);
    const embeds = screen.getByRole('switch', { name: 'Turn off embeds' });
    await user.click(embeds);
    expect(embeds.getAttribute('aria-checked')).toBe('true');
    expect(isDisabled(save)).toBe(false);
    // Back to the stored value: nothing to save.
    await user.click(embeds);
    expect(isDisabled(save)).toBe(true);
    await user.selectOptions(screen.getByLabelText('Home feed'), 'subscriptions');
    expect(isDisabled(save)).toBe(false);
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });

  test('a malformed email is refused before sending, with the spec’s message', async () => {
    const api = fakeApi({});
    const { user, save } = renderSettings();
    await user.type(screen.getByLabelText('Email'), 'alice-at-example');
    await user.click(save);
    expect(screen.getByText(settingsMessages.emailInvalid)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(writes(api)).toEqual([]);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'alice@example.org');
    expect(screen.queryByText(settingsMessages.emailInvalid)).toBeNull();
  });

  test('the server’s refusal of the email shows under the field', async () => {
    fakeApi({ [`POST ${SETTINGS}`]: errorReply(400, 'invalid-email', settingsMessages.emailInvalid) });
    const { user, save } = renderSettings();
    // Passes the client's simple pattern; the server has the last word.
    await user.type(screen.getByLabelText('Email'), 'a@b.c');
    await user.click(save);
    expect(await screen.findByText(settingsMessages.emailInvalid)).toBeTruthy();
  });

  test('saving sends all nine fields, says so, and the session’s user becomes the answer', async () => {
    const alice = makeUser({ username: 'alice', aboutMe: 'Hi', homeFeed: 'all' });
    const saved = { ...alice, homeFeed: 'subscriptions', requireAltText: true, email: 'alice@example.org' };
    const api = fakeApi({ [`POST ${SETTINGS}`]: { body: saved } });
    const { user, save, queryClient } = renderSettings(alice);
    await user.type(screen.getByLabelText('Email'), ' alice@example.org ');
    await user.selectOptions(screen.getByLabelText('Home feed'), 'subscriptions');
    await user.click(screen.getByRole('switch', { name: 'Require alt text on images' }));
    await user.click(save);
    expect(await screen.findByText(settingsMessages.saved)).toBeTruthy();
    expect(api.requestsTo(`POST ${SETTINGS}`)[0]!.body).toEqual({
      email: 'alice@example.org',
      aboutMe: 'Hi',
      homeFeed: 'subscriptions',
      rememberFeedSort: false,
      embedsOff: false,
      hideUserProfilePictures: false,
      requireAltText: true,
      upvoteNotificationsOff: false,
      replyNotificationsOff: false,
    });
    expect(queryClient.getQueryData<User>(currentUserQuery.queryKey)).toMatchObject({
      homeFeed: 'subscriptions',
      requireAltText: true,
    });
    expect(queryClient.getQueryData(initialQuery.queryKey)).toMatchObject({
      user: { homeFeed: 'subscriptions' },
    });
  });

  test('a failed save shows the generic alert and keeps the changes', async () => {
    fakeApi({ [`POST ${SETTINGS}`]: errorReply(500, undefined, 'Internal Server Error') });
    const { user, save } = renderSettings();
    await user.click(screen.getByRole('switch', { name: 'Hide user profile pictures' }));
    await user.click(save);
    expect(await screen.findByText(messages.common.somethingWentWrong)).toBeTruthy();
    expect(isDisabled(save)).toBe(false);
  });

  test('the username is shown, not editable', () => {
    renderSettings(makeUser({ username: 'alice' }));
    const username = screen.getByLabelText<HTMLInputElement>('Username');
    expect(username.value).toBe('alice');
    expect(username.readOnly).toBe(true);
  });
});

describe('device preferences', () => {
  test('apply at once under the spec’s keys, without Save', async () => {
    const { user, save } = renderSettings();
    await user.selectOptions(screen.getByLabelText('Feed layout'), 'compact');
    await user.selectOptions(screen.getByLabelText('Font'), 'system');
    await user.click(screen.getByRole('switch', { name: 'Infinite scrolling' }));
    await user.click(screen.getByRole('switch', { name: 'Hide the top bar while scrolling down' }));
    expect(localStorage.getItem('feed_layout')).toBe('compact');
    expect(localStorage.getItem('font')).toBe('system');
    expect(localStorage.getItem('infinite_scrolling_disabled')).toBe('true');
    expect(localStorage.getItem('top_navbar_autohide_disabled')).toBe('true');
    expect(document.documentElement.dataset.font).toBe('system');
    expect(screen.getByRole('switch', { name: 'Infinite scrolling' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(isDisabled(save)).toBe(true);
    await user.selectOptions(screen.getByLabelText('Font'), 'custom');
    expect(document.documentElement.dataset.font).toBe('custom');
  });
});

describe('change password', () => {
  async function openDialog() {
    const view = renderSettings();
    await view.user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    const field = (label: string) => within(dialog).getByLabelText(label, { exact: true });
    const fill = async (current: string, next: string, repeat: string) => {
      for (const [label, value] of [
        ['Current password', current],
        ['New password', next],
        ['Repeat new password', repeat],
      ] as const) {
        await view.user.clear(field(label));
        if (value) await view.user.type(field(label), value);
      }
    };
    const submit = within(dialog).getByRole('button', { name: 'Change password' });
    return { ...view, dialog, field, fill, submit };
  }

  test('mismatched and short new passwords are refused before sending', async () => {
    const api = fakeApi({});
    const { user, dialog, fill, submit } = await openDialog();
    expect(isDisabled(submit)).toBe(true);
    await fill('old password', 'new password 1', 'new password 2');
    await user.click(submit);
    expect(within(dialog).getByText(settingsMessages.passwordsDoNotMatch)).toBeTruthy();
    await fill('old password', 'short', 'short');
    await user.click(submit);
    expect(within(dialog).getByText(settingsMessages.passwordTooShort)).toBeTruthy();
    expect(writes(api)).toEqual([]);
  });

  test('the show/hide toggle appears once the field holds something', async () => {
    const { user, dialog, field } = await openDialog();
    expect(within(dialog).queryByRole('button', { name: 'Show password' })).toBeNull();
    await user.type(field('Current password'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(field('Current password').getAttribute('type')).toBe('text');
  });

  test('a wrong current password (401) says so under that field', async () => {
    fakeApi({
      'POST /api/_settings?action=changePassword': errorReply(
        401,
        'wrong-password',
        'The current password is wrong.',
      ),
    });
    const { user, dialog, fill, submit, field } = await openDialog();
    await fill('not it', 'a new password', 'a new password');
    await user.click(submit);
    expect(await within(dialog).findByText(settingsMessages.incorrectPassword)).toBeTruthy();
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');
  });

  test('success closes the dialog with the spec’s message', async () => {
    const api = fakeApi({
      'POST /api/_settings?action=changePassword': { body: makeUser({ username: 'alice' }) },
    });
    const { user, fill, submit } = await openDialog();
    await fill(' old password', 'a new password', 'a new password');
    await user.click(submit);
    expect(await screen.findByText(settingsMessages.passwordChanged)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo('POST /api/_settings?action=changePassword')[0]!.body).toEqual({
      password: ' old password',
      newPassword: 'a new password',
      repeatPassword: 'a new password',
    });
  });
});

describe('delete account', () => {
  async function openDialog() {
    const view = renderSettings(makeUser({ username: 'alice' }));
    await view.user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    const submit = within(dialog).getByRole('button', { name: 'Delete account' });
    return { ...view, dialog, submit };
  }

  test('needs YES typed and the password', async () => {
    const { user, dialog, submit } = await openDialog();
    expect(isDisabled(submit)).toBe(true);
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), 'secret password');
    expect(isDisabled(submit)).toBe(true);
    await user.type(within(dialog).getByLabelText('Type YES to confirm'), 'yes');
    expect(isDisabled(submit)).toBe(true);
    await user.clear(within(dialog).getByLabelText('Type YES to confirm'));
    await user.type(within(dialog).getByLabelText('Type YES to confirm'), 'YES');
    expect(isDisabled(submit)).toBe(false);
  });

  test('a wrong password (403) shows "Invalid password"', async () => {
    fakeApi({ 'DELETE /api/users/alice': errorReply(403, 'wrong_password', 'Invalid password.') });
    const { user, dialog, submit } = await openDialog();
    await user.type(within(dialog).getByLabelText('Type YES to confirm'), 'YES');
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), 'wrong one');
    await user.click(submit);
    expect(await within(dialog).findByText(settingsMessages.invalidPassword)).toBeTruthy();
  });

  test('success says so, goes home and logs the app out', async () => {
    const api = fakeApi({
      'DELETE /api/users/alice': { body: { success: true } },
      'GET /api/_initial': { body: makeInitial() },
    });
    const { user, dialog, submit, queryClient, currentPath } = await openDialog();
    await user.type(within(dialog).getByLabelText('Type YES to confirm'), 'YES');
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), 'my password');
    await user.click(submit);
    expect(await screen.findByText(settingsMessages.accountDeleted)).toBeTruthy();
    expect(currentPath()).toBe('/');
    expect(api.requestsTo('DELETE /api/users/alice')[0]!.body).toEqual({ password: 'my password' });
    await waitFor(() =>
      expect(queryClient.getQueryData<{ user: User | null }>(initialQuery.queryKey)?.user).toBeNull(),
    );
  });
});

describe('mutes', () => {
  const bob = makeUser({ username: 'bob' });
  const carol = makeUser({ username: 'carol' });

  test('empty lists say so, without Unmute all', () => {
    renderSettings();
    const users = screen.getByRole('region', { name: 'Muted users' });
    const communities = screen.getByRole('region', { name: 'Muted communities' });
    expect(within(users).getByText("You haven't muted anyone.")).toBeTruthy();
    expect(within(communities).getByText("You haven't muted any communities.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unmute all' })).toBeNull();
  });

  test('unmuting a user and a community removes the row and says so', async () => {
    const crafts = communityMute('crafts', 1);
    const api = fakeApi({
      [`DELETE /api/mutes/users/${bob.id}`]: { body: { success: true } },
      [`DELETE /api/mutes/communities/${crafts.mutedCommunityId}`]: { body: { success: true } },
    });
    const { user, queryClient } = renderSettings(makeUser({ username: 'alice' }), {
      userMutes: [userMute(bob, 1), userMute(carol, 2)],
      communityMutes: [crafts],
    });
    const users = screen.getByRole('region', { name: 'Muted users' });
    await user.click(within(users).getByRole('button', { name: 'Unmute @bob' }));
    expect(await screen.findByText(messages.mutes.unmutedUser('bob'))).toBeTruthy();
    await waitFor(() => expect(within(users).queryByText('@bob')).toBeNull());
    expect(within(users).getByText('@carol')).toBeTruthy();
    const communities = screen.getByRole('region', { name: 'Muted communities' });
    await user.click(within(communities).getByRole('button', { name: 'Unmute /crafts' }));
    expect(await screen.findByText(messages.mutes.unmutedCommunity('crafts'))).toBeTruthy();
    expect(await within(communities).findByText("You haven't muted any communities.")).toBeTruthy();
    expect(writes(api)).toEqual([
      `DELETE /api/mutes/users/${bob.id}`,
      `DELETE /api/mutes/communities/${crafts.mutedCommunityId}`,
    ]);
    // The session's mutes, where the rest of the app reads them.
    const mutes = queryClient.getQueryData<{ mutes: { userMutes: Mute[] } }>(initialQuery.queryKey)!.mutes;
    expect(mutes.userMutes.map((m) => m.mutedUser?.username)).toEqual(['carol']);
  });

  test('a failed unmute shows the generic alert and keeps the row', async () => {
    fakeApi({ [`DELETE /api/mutes/users/${bob.id}`]: errorReply(500, undefined, 'Internal Server Error') });
    const { user } = renderSettings(makeUser({ username: 'alice' }), { userMutes: [userMute(bob, 1)] });
    await user.click(screen.getByRole('button', { name: 'Unmute @bob' }));
    expect(await screen.findByText(messages.common.somethingWentWrong)).toBeTruthy();
    expect(screen.getByText('@bob')).toBeTruthy();
  });

  test('Unmute all clears that list only', async () => {
    const crafts = communityMute('crafts', 1);
    const api = fakeApi({
      'DELETE /api/mutes?type=user': { body: { userMutes: [], communityMutes: [crafts] } },
    });
    const { user } = renderSettings(makeUser({ username: 'alice' }), {
      userMutes: [userMute(bob, 1), userMute(carol, 2)],
      communityMutes: [crafts],
    });
    const users = screen.getByRole('region', { name: 'Muted users' });
    await user.click(within(users).getByRole('button', { name: 'Unmute all' }));
    expect(await within(users).findByText("You haven't muted anyone.")).toBeTruthy();
    expect(screen.getByText('/crafts')).toBeTruthy();
    expect(writes(api)).toEqual(['DELETE /api/mutes?type=user']);
  });
});

describe('hideUserProfilePictures', () => {
  const picture = makeImage();
  const bob = makeUser({ username: 'bob', proPic: picture });

  test('hides other members’ pictures on their profiles', () => {
    renderWithApp(<ProfileHeader user={bob} />, {
      initial: { user: makeUser({ username: 'alice', hideUserProfilePictures: true }) },
    });
    expect(document.querySelector('header img')).toBeNull();
  });

  test('shows them when off, and always shows the member’s own', () => {
    const alice = makeUser({ username: 'alice', proPic: picture, hideUserProfilePictures: true });
    const view = renderWithApp(<ProfileHeader user={bob} />, {
      initial: { user: makeUser({ username: 'carol' }) },
    });
    expect(document.querySelector('header img')).not.toBeNull();
    view.unmount();
    renderWithApp(<ProfileHeader user={alice} />, { initial: { user: alice } });
    expect(document.querySelector('header img')).not.toBeNull();
  });
});
