import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type Mute, type Mutes, type Post, type User } from '@commons/shared';
import { Toasts } from '../src/components/ui/Toasts';
import { CommunityHeader } from '../src/features/communities/components/CommunityHeader';
import { MuteUserButton } from '../src/features/mutes';
import { Feed } from '../src/features/posts/components/Feed';
import { PostActions } from '../src/features/posts/components/PostActions';
import { errorReply, fakeApi } from './fake-api';
import { makeUser } from './fixtures';
import { feedPage, makeFullCommunity, makePost } from './post-fixtures';
import { renderWithApp } from './render';

/** The mute items of the post menus, the community page menu and the profile (core §2, secondary §8). */

const viewer = makeUser({ username: 'viewer' });
const author = makeUser({ username: 'bob' });

function userMute(user: User): Mute {
  return {
    id: 'u_1',
    type: 'user',
    mutedUserId: user.id,
    createdAt: '2025-01-01T00:00:00Z',
    mutedUser: { ...user, moddingList: null },
  };
}

const noMutes: Mutes = { communityMutes: [], userMutes: [] };

function postBy(user: User, overrides: Partial<Post> = {}): Post {
  return makePost({ userId: user.id, username: user.username, ...overrides });
}

async function openCardMenu(user: ReturnType<typeof renderWithApp>['user'], title: string) {
  const article = await screen.findByRole('article', { name: title });
  await user.click(within(article).getByRole('button', { name: 'More options' }));
  return screen.findByRole('menu');
}

describe('the post card menu', () => {
  test('mutes the author: the alert, and their posts leave the feed at once', async () => {
    const post = postBy(author, { title: 'By bob' });
    const second = postBy(author, { title: 'Also by bob' });
    const other = postBy(viewer, { title: 'Mine' });
    const server = fakeApi({
      'GET /api/posts?sort=hot': [{ body: feedPage([post, second, other]) }, { body: feedPage([other]) }],
      'POST /api/mutes': { body: { ...noMutes, userMutes: [userMute(author)] } },
    });
    const { user } = renderWithApp(
      <>
        <Feed kind="all" />
        <Toasts />
      </>,
      { initial: { user: viewer } },
    );
    const menu = await openCardMenu(user, 'By bob');
    expect(within(menu).getByRole('menuitem', { name: 'Mute /golang' })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'Mute @bob' }));

    expect(await screen.findByText(messages.mutes.mutedUser('bob'))).toBeTruthy();
    expect(server.requestsTo('POST /api/mutes')[0]!.body).toEqual({ userId: author.id });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'By bob' })).toBeNull());
    expect(screen.queryByRole('article', { name: 'Also by bob' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Mine' })).toBeTruthy();
    // The feed was read again, for what the server leaves out.
    await waitFor(() => expect(server.requestsTo('GET /api/posts?sort=hot')).toHaveLength(2));
  });

  test('unmutes an author muted before, with its alert', async () => {
    const post = postBy(author, { title: 'By bob' });
    const server = fakeApi({
      'GET /api/posts?sort=hot': { body: feedPage([post]) },
      [`DELETE /api/mutes/users/${author.id}`]: { body: { success: true } },
    });
    const { user } = renderWithApp(
      <>
        <Feed kind="all" />
        <Toasts />
      </>,
      { initial: { user: viewer, mutes: { ...noMutes, userMutes: [userMute(author)] } } },
    );
    const menu = await openCardMenu(user, 'By bob');
    await user.click(within(menu).getByRole('menuitem', { name: 'Unmute @bob' }));
    expect(await screen.findByText(messages.mutes.unmutedUser('bob'))).toBeTruthy();
    expect(server.requestsTo(`DELETE /api/mutes/users/${author.id}`)).toHaveLength(1);
    const again = await openCardMenu(user, 'By bob');
    expect(within(again).getByRole('menuitem', { name: 'Mute @bob' })).toBeTruthy();
  });

  test('mutes the community, and says it leaves All', async () => {
    const post = postBy(author, { title: 'In golang' });
    const server = fakeApi({
      'GET /api/posts?sort=hot': [{ body: feedPage([post]) }, { body: feedPage([]) }],
      'POST /api/mutes': { body: noMutes },
    });
    const { user } = renderWithApp(
      <>
        <Feed kind="all" />
        <Toasts />
      </>,
      { initial: { user: viewer } },
    );
    const menu = await openCardMenu(user, 'In golang');
    await user.click(within(menu).getByRole('menuitem', { name: 'Mute /golang' }));
    expect(await screen.findByText(messages.mutes.mutedCommunity('golang'))).toBeTruthy();
    expect(server.requestsTo('POST /api/mutes')[0]!.body).toEqual({ communityId: post.communityId });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'In golang' })).toBeNull());
  });

  test('has no user item on one’s own posts or a deleted author’s', async () => {
    fakeApi({
      'GET /api/posts?sort=hot': {
        body: feedPage([
          postBy(viewer, { title: 'Mine' }),
          postBy(author, { title: 'Gone', userDeleted: true, username: '[deleted]' }),
        ]),
      },
    });
    const { user } = renderWithApp(<Feed kind="all" />, { initial: { user: viewer } });
    for (const title of ['Mine', 'Gone']) {
      const menu = await openCardMenu(user, title);
      const labels = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      expect(labels).toContain('Mute /golang');
      expect(labels.some((label) => label?.includes('@'))).toBe(false);
      await user.keyboard('{Escape}');
    }
  });

  test('a failed mute says so and changes nothing', async () => {
    fakeApi({
      'GET /api/posts?sort=hot': { body: feedPage([postBy(author, { title: 'By bob' })]) },
      'POST /api/mutes': errorReply(500, undefined, 'Internal Server Error'),
    });
    const { user } = renderWithApp(
      <>
        <Feed kind="all" />
        <Toasts />
      </>,
      { initial: { user: viewer } },
    );
    const menu = await openCardMenu(user, 'By bob');
    await user.click(within(menu).getByRole('menuitem', { name: 'Mute @bob' }));
    expect(await screen.findByText(messages.common.somethingWentWrong)).toBeTruthy();
    expect(screen.getByRole('article', { name: 'By bob' })).toBeTruthy();
  });
});

describe('the post page menu', () => {
  test('members get the mute items in More options', async () => {
    const post = postBy(author);
    const server = fakeApi({
      'POST /api/mutes': { body: noMutes },
    });
    const { user } = renderWithApp(
      <>
        <PostActions post={post} community={undefined} imageIndex={0} />
        <Toasts />
      </>,
      { initial: { user: viewer } },
    );
    await user.click(screen.getByRole('button', { name: 'More options' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Mute @bob' })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'Mute /golang' }));
    expect(await screen.findByText(messages.mutes.mutedCommunity('golang'))).toBeTruthy();
    expect(server.requestsTo('POST /api/mutes')).toHaveLength(1);
  });

  test('guests have no such menu', () => {
    fakeApi({});
    renderWithApp(<PostActions post={postBy(author)} community={undefined} imageIndex={0} />);
    expect(screen.queryByRole('button', { name: 'More options' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });
});

describe('the community page menu', () => {
  test('members toggle the mute', async () => {
    const community = makeFullCommunity('rustlang');
    const server = fakeApi({
      'POST /api/mutes': { body: noMutes },
      [`DELETE /api/mutes/communities/${community.id}`]: { body: { success: true } },
    });
    const { user } = renderWithApp(
      <>
        <CommunityHeader community={community} />
        <Toasts />
      </>,
      { initial: { user: viewer } },
    );
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute /rustlang' }));
    expect(await screen.findByText(messages.mutes.mutedCommunity('rustlang'))).toBeTruthy();
    expect(server.requestsTo('POST /api/mutes')[0]!.body).toEqual({ communityId: community.id });
  });

  test('shows Unmute for a muted community', async () => {
    const community = makeFullCommunity('rustlang');
    const server = fakeApi({
      [`DELETE /api/mutes/communities/${community.id}`]: { body: { success: true } },
    });
    const mute: Mute = {
      id: 'c_1',
      type: 'community',
      mutedCommunityId: community.id,
      createdAt: '2025-01-01T00:00:00Z',
    };
    const { user } = renderWithApp(
      <>
        <CommunityHeader community={community} />
        <Toasts />
      </>,
      { initial: { user: viewer, mutes: { ...noMutes, communityMutes: [mute] } } },
    );
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unmute /rustlang' }));
    expect(await screen.findByText(messages.mutes.unmutedCommunity('rustlang'))).toBeTruthy();
    expect(server.requestsTo(`DELETE /api/mutes/communities/${community.id}`)).toHaveLength(1);
  });

  test('guests are asked to log in', async () => {
    const server = fakeApi({});
    const { user } = renderWithApp(<CommunityHeader community={makeFullCommunity('rustlang')} />);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute /rustlang' }));
    expect(await screen.findByRole('dialog', { name: messages.common.loginToContinue })).toBeTruthy();
    expect(server.requests.filter((r) => r.url.startsWith('/api/mutes'))).toEqual([]);
  });
});

describe('the profile', () => {
  test('members mute and unmute another member', async () => {
    const server = fakeApi({
      'POST /api/mutes': { body: { ...noMutes, userMutes: [userMute(author)] } },
      [`DELETE /api/mutes/users/${author.id}`]: { body: { success: true } },
    });
    const { user } = renderWithApp(
      <>
        <MuteUserButton user={author} />
        <Toasts />
      </>,
      { initial: { user: viewer } },
    );
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(await screen.findByText(messages.mutes.mutedUser('bob'))).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Unmute' }));
    expect(await screen.findByText(messages.mutes.unmutedUser('bob'))).toBeTruthy();
    expect(server.requestsTo(`DELETE /api/mutes/users/${author.id}`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Mute' })).toBeTruthy();
  });

  test('is not offered on one’s own profile, a deleted account, or to guests', () => {
    fakeApi({});
    const own = renderWithApp(<MuteUserButton user={viewer} />, { initial: { user: viewer } });
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    own.unmount();
    const deleted = renderWithApp(<MuteUserButton user={{ ...author, deleted: true }} />, {
      initial: { user: viewer },
    });
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    deleted.unmount();
    renderWithApp(<MuteUserButton user={author} />);
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
  });
});
