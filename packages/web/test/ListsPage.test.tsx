import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type List } from '@commons/shared';
import ListsPage from '../src/app/routes/lists';
import { ListsCard } from '../src/features/lists';
import { errorReply, fakeApi, networkError, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { renderWithApp } from './render';

const owner = makeUser({ username: 'alice' });

const makeList = (id: number, name: string, isPublic: boolean, numItems = 0): List => ({
  id,
  userId: owner.id,
  username: 'alice',
  name,
  displayName: name[0]!.toUpperCase() + name.slice(1),
  description: null,
  public: isPublic,
  numItems,
  sort: 'addedDsc',
  createdAt: '2025-01-01T00:00:00Z',
  lastUpdatedAt: '2025-01-01T00:00:00Z',
});

const reading = makeList(2, 'reading', true, 1);
const bookmarks = makeList(1, 'bookmarks', false, 3);

function renderLists(viewer: typeof owner | null, routes: Record<string, Route>, path = '/@alice/lists') {
  const api = fakeApi(routes);
  return { ...renderWithApp(<ListsPage username="alice" />, { initial: { user: viewer }, path }), api };
}

describe('lists page', () => {
  test('the owner gets the filter and sort, from the query string, and New list', async () => {
    const { api } = renderLists(
      owner,
      { 'GET /api/users/alice/lists?sort=name&filter=private': { body: [bookmarks] } },
      '/@alice/lists?sort=name&filter=private',
    );
    const link = await screen.findByRole('link', { name: /Bookmarks/ });
    expect(link.getAttribute('href')).toBe('/@alice/lists/bookmarks');
    expect(link.textContent).toContain('3 items');
    expect(link.textContent).toContain('Private');
    expect(screen.getByRole('link', { name: 'Private' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'A-Z' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('href')).toBe('?sort=name');
    expect(screen.getByRole('button', { name: 'New list' })).toBeTruthy();
    expect(api.unhandled).toHaveLength(0);
  });

  test('others see the public lists in the default order, without the controls', async () => {
    const { api } = renderLists(
      makeUser({ username: 'bob' }),
      { 'GET /api/users/alice/lists?sort=lastAdded&filter=all': { body: [reading] } },
      // The owner's choices in a shared link do not apply to others.
      '/@alice/lists?sort=name&filter=private',
    );
    expect(await screen.findByRole('link', { name: /Reading/ })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sort' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New list' })).toBeNull();
    expect(api.unhandled).toHaveLength(0);
  });

  test('a failure says so, and Retry loads them', async () => {
    const { user } = renderLists(null, {
      'GET /api/users/alice/lists?sort=lastAdded&filter=all': [networkError, networkError, { body: [] }],
    });
    expect(await screen.findByText(messages.lists.loadFailed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: messages.common.retry }));
    expect(await screen.findByText('@alice has no public lists.')).toBeTruthy();
  });

  test('an address with the name in another case goes to the name as spelled', async () => {
    fakeApi({ 'GET /api/users/ALICE/lists?sort=lastAdded&filter=all': { body: [reading] } });
    const view = renderWithApp(<ListsPage username="ALICE" />, {
      initial: { user: makeUser({ username: 'bob' }) },
      path: '/@ALICE/lists',
    });
    await waitFor(() => expect(view.currentPath()).toBe('/@alice/lists'));
  });

  test('an unknown user is not found', async () => {
    renderLists(null, {
      'GET /api/users/alice/lists?sort=lastAdded&filter=all': errorReply(404, 'user_not_found', 'x'),
    });
    expect(await screen.findByRole('heading', { name: messages.common.notFoundTitle })).toBeTruthy();
  });
});

describe("the profile's Lists card", () => {
  test('shows the lists and links to the lists page', async () => {
    fakeApi({ 'GET /api/users/alice/lists?sort=lastAdded&filter=all': { body: [reading, bookmarks] } });
    renderWithApp(<ListsCard username="alice" />, { initial: { user: owner } });
    expect((await screen.findByRole('link', { name: /Reading/ })).getAttribute('href')).toBe(
      '/@alice/lists/reading',
    );
    expect(screen.getByRole('link', { name: /Bookmarks/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View lists' }).getAttribute('href')).toBe('/@alice/lists');
  });

  test('says when the lists could not be loaded', async () => {
    fakeApi({ 'GET /api/users/alice/lists?sort=lastAdded&filter=all': networkError });
    renderWithApp(<ListsCard username="alice" />, {});
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(messages.lists.loadFailed));
  });
});
