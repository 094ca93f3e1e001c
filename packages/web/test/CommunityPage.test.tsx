import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type Community, type User } from '@commons/shared';
import CommunityPage, { pageParam } from '../src/app/routes/community';
import { Toasts } from '../src/components/ui/Toasts';
import { modToolsLabel } from '../src/features/communities/components/CommunityHeader';
import { errorReply, fakeApi, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { feedPage, makeFullCommunity, makePosts } from './post-fixtures';
import { renderWithApp } from './render';

function renderCommunity(
  community: Community,
  options: { name?: string; path?: string; user?: User | null; routes?: Record<string, Route> } = {},
) {
  const name = options.name ?? community.name;
  const server = fakeApi({
    [`GET /api/communities/${name}?byName=true`]: { body: community },
    [`GET /api/posts?sort=hot&communityId=${community.id}`]: { body: feedPage(makePosts(2)) },
    ...options.routes,
  });
  const view = renderWithApp(
    <>
      <CommunityPage name={name} />
      <Toasts />
    </>,
    { path: options.path ?? `/${name}`, initial: { user: options.user ?? null } },
  );
  return { ...view, server };
}

describe('community page', () => {
  test('shows the name, members, about, rules, moderators and the feed', async () => {
    const community = makeFullCommunity('golang', {
      noMembers: 1234,
      about: 'All things **Go**.',
      rules: [
        {
          id: 2,
          rule: 'Be kind',
          description: null,
          communityId: 'x',
          zIndex: 2,
          createdBy: 'x',
          createdAt: '',
        },
        {
          id: 1,
          rule: 'Stay on topic',
          description: 'Go only',
          communityId: 'x',
          zIndex: 1,
          createdBy: 'x',
          createdAt: '',
        },
      ],
      mods: [{ ...makeUser({ username: 'gopher' }), moddingList: null }],
    });
    renderCommunity(community);
    expect(await screen.findByRole('heading', { level: 1, name: 'golang' })).toBeTruthy();
    expect(screen.getAllByText('1.2k members').length).toBeGreaterThan(0);
    const rules = screen.getByRole('region', { name: 'Rules' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Stay on topic', 'Be kind']);
    expect(screen.getByRole('link', { name: '@gopher' }).getAttribute('href')).toBe('/@gopher');
    expect(await screen.findByText('Post 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create post' }).getAttribute('href')).toBe(
      '/new?community=golang',
    );
    expect(document.title).toContain('golang');
  });

  test('a name in another case goes to the canonical one, keeping the query', async () => {
    const community = makeFullCommunity('GoLang');
    const { currentPath } = renderCommunity(community, { name: 'golang', path: '/golang?page=2' });
    await waitFor(() => expect(currentPath()).toBe('/GoLang?page=2'));
  });

  test('an unknown community shows the not-found page', async () => {
    fakeApi({
      'GET /api/communities/nowhere?byName=true': errorReply(404, 'community/not-found', 'Not found'),
    });
    renderWithApp(<CommunityPage name="nowhere" />, { path: '/nowhere' });
    expect(await screen.findByText(messages.common.notFoundTitle)).toBeTruthy();
  });

  test('MOD TOOLS for moderators, MOD TOOLS (ADMIN) for admins who are not', () => {
    expect(modToolsLabel({ userMod: true }, false)).toBe('MOD TOOLS');
    expect(modToolsLabel({ userMod: true }, true)).toBe('MOD TOOLS');
    expect(modToolsLabel({ userMod: false }, true)).toBe('MOD TOOLS (ADMIN)');
    expect(modToolsLabel({ userMod: false }, false)).toBeNull();
  });

  test('the MOD TOOLS button goes to the moderation area', async () => {
    const view = renderCommunity(makeFullCommunity('golang', { userMod: true, userJoined: true }), {
      user: makeUser(),
    });
    expect((await screen.findByRole('link', { name: 'MOD TOOLS' })).getAttribute('href')).toBe(
      '/golang/modtools',
    );
    view.unmount();
    renderCommunity(makeFullCommunity('golang'), { user: makeUser({ isAdmin: true }) });
    expect(await screen.findByRole('link', { name: 'MOD TOOLS (ADMIN)' })).toBeTruthy();
  });

  test('members without a role see no MOD TOOLS', async () => {
    renderCommunity(makeFullCommunity('golang'), { user: makeUser() });
    await screen.findByRole('heading', { level: 1, name: 'golang' });
    expect(screen.queryByRole('link', { name: /MOD TOOLS/ })).toBeNull();
  });

  test('guests who press Join get the login prompt', async () => {
    const { user, server } = renderCommunity(makeFullCommunity('golang'));
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('dialog', { name: messages.common.loginToContinue })).toBeTruthy();
    expect(server.requestsTo('POST /api/_joinCommunity')).toHaveLength(0);
  });

  test('members join, and the member count follows the answer', async () => {
    const community = makeFullCommunity('golang', { noMembers: 5 });
    const { user, server } = renderCommunity(community, {
      user: makeUser(),
      routes: {
        'POST /api/_joinCommunity': {
          body: { ...community, noMembers: 6, userJoined: true, mods: null, rules: null },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('button', { name: 'Joined' })).toBeTruthy();
    expect(screen.getAllByText('6 members').length).toBeGreaterThan(0);
    expect(server.requestsTo('POST /api/_joinCommunity')[0]!.body).toEqual({
      communityId: community.id,
      leave: false,
    });
  });

  test('a moderator who leaves is asked first', async () => {
    const community = makeFullCommunity('golang', { userJoined: true, userMod: true });
    const { user, server } = renderCommunity(community, {
      user: makeUser(),
      routes: {
        'POST /api/_joinCommunity': {
          body: { ...community, userJoined: false, userMod: false, mods: null, rules: null },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Joined' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave golang?' });
    expect(dialog.textContent).toContain('no longer be one of its moderators');
    expect(server.requestsTo('POST /api/_joinCommunity')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(server.requestsTo('POST /api/_joinCommunity')).toHaveLength(1));
    expect(server.requestsTo('POST /api/_joinCommunity')[0]!.body).toEqual({
      communityId: community.id,
      leave: true,
    });
  });

  test('Copy URL copies the address and says so', async () => {
    // user-event puts its own clipboard in place, which the test reads back.
    const { user } = renderCommunity(makeFullCommunity('golang'));
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy URL' }));
    expect(await screen.findByText(messages.common.linkCopied)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/golang`);
  });

  test('the page parameter is a positive integer, 1 by default', () => {
    expect(pageParam('')).toBe(1);
    expect(pageParam('page=3')).toBe(3);
    expect(pageParam('page=0')).toBe(1);
    expect(pageParam('page=-2')).toBe(1);
    expect(pageParam('page=2.5')).toBe(1);
    expect(pageParam('page=abc')).toBe(1);
  });
});
