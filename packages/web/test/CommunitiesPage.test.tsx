import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type User } from '@commons/shared';
import CommunitiesPage from '../src/app/routes/communities';
import { initialQuery } from '../src/features/session/api/get-initial';
import { fakeApi, type Route } from './fake-api';
import { makeCommunity, makeUser } from './fixtures';
import { renderWithApp, settle } from './render';

const big = makeCommunity('big', {
  noMembers: 2500,
  about: 'The **biggest** one. See [our wiki](https://example.org).',
  createdAt: '2024-01-01T00:00:00Z',
});
const mid = makeCommunity('Middle', { noMembers: 40, createdAt: '2025-03-01T00:00:00Z' });
const small = makeCommunity('small', { noMembers: 1, createdAt: '2023-06-01T00:00:00Z' });

function renderPage(path = '/communities', routes: Record<string, Route> = {}, user: User | null = null) {
  const api = fakeApi({
    'GET /api/communities?sort=size': { body: [big, mid, small] },
    'GET /api/communities?sort=new': { body: [mid, big, small] },
    ...routes,
  });
  const view = renderWithApp(<CommunitiesPage />, { path, initial: { user } });
  return { ...view, api };
}

const names = () =>
  within(screen.getByRole('list', { name: /communities/i }))
    .getAllByRole('link')
    .map((a) => a.textContent);
const sortButton = (name: string) =>
  within(screen.getByRole('group', { name: 'Sort communities' })).getByRole('button', { name });

describe('CommunitiesPage', () => {
  test('lists by size (Popular) by default, each with icon, name link, member count and description', async () => {
    const { api } = renderPage();
    await waitFor(() => expect(names()).toEqual(['Bbig2.5k members', 'MMiddle40 members', 'Ssmall1 member']));
    expect(api.requestsTo('GET /api/communities?sort=size')).toHaveLength(1);
    expect(sortButton('Popular').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: /^big/ }).getAttribute('href')).toBe('/big');
    // The description in plain words: no markdown marks.
    expect(screen.getByText('The biggest one. See our wiki.')).toBeTruthy();
  });

  test('offers the five sorts, labelled as the spec names them', () => {
    renderPage();
    const labels = within(screen.getByRole('group', { name: 'Sort communities' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(labels).toEqual(['Popular', 'Latest', 'Oldest', 'A–Z', 'Z–A']);
  });

  test('choosing a sort puts it in the query string and asks the server for it', async () => {
    const { user, api, currentPath } = renderPage('/communities', {
      'GET /api/communities?sort=name_dsc': { body: [small, mid, big] },
    });
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.click(sortButton('Latest'));
    expect(currentPath()).toBe('/communities?sort=new');
    await waitFor(() => expect(names()[0]).toBe('MMiddle40 members'));
    expect(api.requestsTo('GET /api/communities?sort=new')).toHaveLength(1);

    await user.click(sortButton('Z–A'));
    expect(currentPath()).toBe('/communities?sort=name_dsc');
    await waitFor(() => expect(names()[0]).toBe('Ssmall1 member'));

    // The default sort leaves the query string clean.
    await user.click(sortButton('Popular'));
    expect(currentPath()).toBe('/communities');
  });

  test('the sort and search come from the query string', async () => {
    const { api } = renderPage('/communities?sort=old&q=s', {
      'GET /api/communities?sort=old&q=s': { body: [big, small, mid] },
    });
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(sortButton('Oldest').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search communities' }).value).toBe('s');
    // Search answers ignore the sort, so the page orders them itself: oldest first.
    expect(names()).toEqual(['Ssmall1 member', 'Bbig2.5k members', 'MMiddle40 members']);
    expect(api.requestsTo('GET /api/communities?sort=old&q=s')).toHaveLength(1);
  });

  test('searching puts q in the query string once typing stops', async () => {
    const { user, api, currentPath } = renderPage('/communities?sort=new', {
      'GET /api/communities?sort=new&q=mid': { body: [mid] },
    });
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Search communities' }), 'mid');
    await waitFor(() => expect(currentPath()).toBe('/communities?sort=new&q=mid'));
    await waitFor(() => expect(names()).toEqual(['MMiddle40 members']));
    expect(api.requests.filter((r) => r.url.includes('q=m'))).toHaveLength(1);
  });

  test('a search without matches says so', async () => {
    renderPage('/communities?q=zzz', { 'GET /api/communities?sort=size&q=zzz': { body: [] } });
    expect(await screen.findByText('No communities match “zzz”.')).toBeTruthy();
  });

  test('with no communities at all: "Nothing to show"', async () => {
    renderPage('/communities', { 'GET /api/communities?sort=size': { body: [] } });
    expect(await screen.findByText(messages.common.nothingToShow)).toBeTruthy();
  });

  test('guests get the login prompt from Join, and no Create community button', async () => {
    const { user, api } = renderPage();
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: /Create community/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Join big' }));
    expect(await screen.findByRole('dialog', { name: messages.common.loginToContinue })).toBeTruthy();
    expect(api.requestsTo('POST /api/_joinCommunity')).toHaveLength(0);
  });

  test('members join and leave; the button and the sidebar follow', async () => {
    const me = makeUser();
    const joined = { ...big, userJoined: true, noMembers: 2501 };
    const { user, api, queryClient } = renderPage(
      '/communities',
      {
        'GET /api/communities?sort=size': { body: [{ ...big, userJoined: false }, mid, small] },
        'POST /api/_joinCommunity': [{ body: joined }, { body: { ...big, userJoined: false } }],
      },
      me,
    );
    await waitFor(() => expect(names()).toHaveLength(3));
    const button = screen.getByRole('button', { name: 'Join big' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Joined big' })).toBeTruthy());
    expect(api.requestsTo('POST /api/_joinCommunity')[0]!.body).toEqual({
      communityId: big.id,
      leave: false,
    });
    expect(screen.getByText('2.5k members')).toBeTruthy();
    expect(queryClient.getQueryData(initialQuery.queryKey)).toMatchObject({ communities: [joined] });

    await user.click(screen.getByRole('button', { name: 'Joined big' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join big' })).toBeTruthy());
    expect(api.requestsTo('POST /api/_joinCommunity')[1]!.body).toEqual({ communityId: big.id, leave: true });
  });

  test('a moderator is asked before leaving', async () => {
    const modded = { ...big, userJoined: true, userMod: true };
    const { user, api } = renderPage(
      '/communities',
      {
        'GET /api/communities?sort=size': { body: [modded] },
        'POST /api/_joinCommunity': { body: { ...big, userJoined: false, userMod: false } },
      },
      makeUser(),
    );
    await user.click(await screen.findByRole('button', { name: 'Joined big' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave big?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(api.requestsTo('POST /api/_joinCommunity')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Joined big' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave big?' })).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(api.requestsTo('POST /api/_joinCommunity')).toHaveLength(1));
  });

  test('members can open the create community modal', async () => {
    const { user } = renderPage('/communities', {}, makeUser());
    await user.click(screen.getByRole('button', { name: /Create community/ }));
    expect(await screen.findByRole('dialog', { name: 'Create community' })).toBeTruthy();
  });
});
