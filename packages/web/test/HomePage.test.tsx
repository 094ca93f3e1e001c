import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages } from '@commons/shared';
import HomePage from '../src/app/routes/home';
import { NARROW_QUERY } from '../src/lib/device';
import { fakeApi } from './fake-api';
import { makeUser } from './fixtures';
import { setMediaQuery } from './media';
import { feedPage, makePosts } from './post-fixtures';
import { renderWithApp } from './render';

describe('home page', () => {
  test('guests see All and the welcome card', async () => {
    const server = fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage(makePosts(1)) } });
    renderWithApp(<HomePage />);
    expect(await screen.findByText('Post 1')).toBeTruthy();
    expect(screen.getByRole('heading', { name: messages.common.joinTheDiscussion })).toBeTruthy();
    expect(server.unhandled).toEqual([]);
  });

  test('/ follows the member’s home feed; /all always shows All', async () => {
    const member = makeUser({ homeFeed: 'subscriptions' });
    const server = fakeApi({
      'GET /api/posts?sort=hot&feed=home': { body: feedPage(makePosts(1)) },
      'GET /api/posts?sort=hot': { body: feedPage(makePosts(1, 7)) },
    });
    const view = renderWithApp(<HomePage />, { initial: { user: member } });
    expect(await screen.findByText('Post 1')).toBeTruthy();
    view.unmount();
    renderWithApp(<HomePage feed="all" />, { path: '/all', initial: { user: member } });
    expect(await screen.findByText('Post 7')).toBeTruthy();
    expect(server.unhandled).toEqual([]);
    expect(screen.queryByRole('heading', { name: messages.common.joinTheDiscussion })).toBeNull();
  });

  test('members on phones get a Create post button', async () => {
    setMediaQuery(NARROW_QUERY, true);
    fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage(makePosts(1)) } });
    renderWithApp(<HomePage />, { initial: { user: makeUser() } });
    expect((await screen.findByRole('link', { name: 'Create post' })).getAttribute('href')).toBe('/new');
  });
});
