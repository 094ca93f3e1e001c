import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { messages, type List } from '@commons/shared';
import { Toasts } from '../src/components/ui/Toasts';
import { EditListModal } from '../src/features/lists/components/EditListModal';
import { SaveToListModal } from '../src/features/lists/components/SaveToListModal';
import { initialQuery } from '../src/features/session/api/get-initial';
import { deferred, errorReply, fakeApi, type Reply, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { descriptionOf, renderWithApp, settle } from './render';

const owner = makeUser({ username: 'alice' });
const POST_ID = 'a'.repeat(24);

let nextListId = 1;
function makeList(name: string, overrides: Partial<List> = {}): List {
  return {
    id: nextListId++,
    userId: owner.id,
    username: owner.username,
    name,
    displayName: name[0]!.toUpperCase() + name.slice(1),
    description: null,
    public: false,
    numItems: 0,
    sort: 'addedDsc',
    createdAt: '2025-01-01T00:00:00Z',
    lastUpdatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

const savedTo = `GET /api/lists/_saved_to?id=${POST_ID}&type=post`;
const toasts = () =>
  within(screen.getByTestId('toasts'))
    .queryAllByRole('status')
    .map((t) => t.textContent)
    .join(' ');

function renderSaveModal(lists: List[], routes: Record<string, Route>) {
  const api = fakeApi(routes);
  const onClose = vi.fn();
  const view = renderWithApp(
    <>
      <SaveToListModal targetType="post" targetId={POST_ID} onClose={onClose} />
      <div data-testid="toasts">
        <Toasts />
      </div>
    </>,
    { initial: { user: owner, lists } },
  );
  const dialog = () => screen.getByRole('dialog');
  const box = (name: string) => within(dialog()).getByRole<HTMLInputElement>('checkbox', { name });
  return { ...view, api, onClose, dialog, box };
}

describe('SaveToListModal', () => {
  test('a box per list, pre-ticked where the item is saved', async () => {
    const bookmarks = makeList('bookmarks');
    const recipes = makeList('recipes', { public: true });
    const { box, api } = renderSaveModal([bookmarks, recipes], { [savedTo]: { body: [recipes.id] } });
    await waitFor(() => expect(box('Recipes Public').checked).toBe(true));
    expect(box('Bookmarks Private').checked).toBe(false);
    expect(api.requestsTo(savedTo)).toHaveLength(1);
  });

  test('ticking adds, unticking removes, each said in a toast', async () => {
    const bookmarks = makeList('bookmarks');
    const recipes = makeList('recipes');
    const body = { targetType: 'post', targetId: POST_ID };
    const { box, user, api, queryClient } = renderSaveModal([bookmarks, recipes], {
      [savedTo]: { body: [recipes.id] },
      [`POST /api/lists/${bookmarks.id}/items`]: { body: { items: [], next: null } },
      [`DELETE /api/lists/${recipes.id}/items`]: { body: { items: [], next: null } },
    });
    await waitFor(() => expect(box('Recipes Private').checked).toBe(true));

    await user.click(box('Bookmarks Private'));
    expect(box('Bookmarks Private').checked).toBe(true);
    await waitFor(() => expect(toasts()).toContain(messages.lists.savedTo('Bookmarks')));
    expect(api.requestsTo(`POST /api/lists/${bookmarks.id}/items`)[0]!.body).toEqual(body);
    // The session's lists count the new item.
    expect(queryClient.getQueryData(initialQuery.queryKey)?.lists[0]!.numItems).toBe(1);

    await user.click(box('Recipes Private'));
    expect(box('Recipes Private').checked).toBe(false);
    await waitFor(() => expect(toasts()).toContain(messages.lists.removedFrom('Recipes')));
    expect(api.requestsTo(`DELETE /api/lists/${recipes.id}/items`)[0]!.body).toEqual(body);
  });

  test('a failed request puts the box back and says why', async () => {
    const photos = makeList('photos');
    const videos = makeList('videos');
    const answer = deferred<Reply>();
    const { box, user } = renderSaveModal([photos, videos], {
      [savedTo]: { body: [videos.id] },
      [`POST /api/lists/${photos.id}/items`]: () => answer.promise,
      [`DELETE /api/lists/${videos.id}/items`]: errorReply(429, 'rate_limited', 'Too many'),
    });
    await waitFor(() => expect(box('Videos Private').checked).toBe(true));

    await user.click(box('Photos Private'));
    // Ticked while the request is under way...
    expect(box('Photos Private').checked).toBe(true);
    answer.resolve(errorReply(500, undefined, 'Internal Server Error'));
    // ...and unticked again when it fails.
    await waitFor(() => expect(box('Photos Private').checked).toBe(false));
    expect(toasts()).toContain(messages.common.somethingWentWrong);

    await user.click(box('Videos Private'));
    await waitFor(() => expect(box('Videos Private').checked).toBe(true));
    expect(toasts()).toContain(messages.common.slowDown);
    // Toasts of earlier tests may linger: only these lists' names count.
    expect(toasts()).not.toContain(messages.lists.savedTo('Photos'));
    expect(toasts()).not.toContain(messages.lists.removedFrom('Videos'));
  });

  test('the create view makes a list that then shows among the boxes', async () => {
    const bookmarks = makeList('bookmarks');
    const created = makeList('trains', { displayName: 'Trains and trams', public: true });
    const { box, user, api, dialog } = renderSaveModal([bookmarks], {
      [savedTo]: { body: [] },
      'GET /api/users/alice/lists/trains': errorReply(404, 'list-not-found', 'List not found.'),
      'POST /api/users/alice/lists': { body: [created, bookmarks] },
    });
    await waitFor(() => expect(box('Bookmarks Private').checked).toBe(false));
    await user.click(within(dialog()).getByRole('button', { name: 'New list' }));
    expect(within(dialog()).getByRole('heading', { name: 'New list' })).toBeTruthy();

    await user.type(within(dialog()).getByRole('textbox', { name: 'Name' }), 'trains');
    await user.type(within(dialog()).getByRole('textbox', { name: 'Display name' }), 'Trains and trams');
    await user.click(within(dialog()).getByRole('switch', { name: /Public/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(toasts()).toContain(messages.lists.created));
    expect(api.requestsTo('POST /api/users/alice/lists')[0]!.body).toEqual({
      name: 'trains',
      displayName: 'Trains and trams',
      description: '',
      public: true,
    });
    // Back to the boxes, with the new list among them, not ticked.
    await waitFor(() => expect(box('Trains and trams Public').checked).toBe(false));
    expect(box('Bookmarks Private').checked).toBe(false);
  });
});

function renderEditModal(list: List | undefined, routes: Record<string, Route>) {
  const api = fakeApi(routes);
  const onClose = vi.fn();
  const onDone = vi.fn();
  const view = renderWithApp(
    <>
      <EditListModal username="alice" list={list} onClose={onClose} onDone={onDone} />
      <div data-testid="toasts">
        <Toasts />
      </div>
    </>,
    { initial: { user: owner, lists: list ? [list] : [] } },
  );
  const dialog = screen.getByRole('dialog');
  return {
    ...view,
    api,
    onClose,
    onDone,
    name: within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' }),
    displayName: within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Display name' }),
    save: within(dialog).getByRole('button', { name: list ? 'Save' : 'Create' }),
  };
}

describe('EditListModal', () => {
  test('an empty name is refused before asking the server', async () => {
    const { user, name, save, api } = renderEditModal(undefined, {});
    await user.click(save);
    expect(descriptionOf(name)).toContain(messages.lists.nameEmpty);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toHaveLength(0);
  });

  test('a taken name is found when the field is left, and blocks saving', async () => {
    const { user, name, save, api } = renderEditModal(undefined, {
      'GET /api/users/alice/lists/recipes': { body: makeList('recipes') },
      'GET /api/users/alice/lists/recipes2': errorReply(404, 'list-not-found', 'List not found.'),
    });
    await user.type(name, 'recipes');
    await user.tab();
    await waitFor(() => expect(descriptionOf(name)).toContain(messages.lists.nameExists('recipes')));
    await user.click(save);
    expect(api.requestsTo('POST /api/users/alice/lists')).toHaveLength(0);

    // 404 from the by-name GET means free.
    await user.click(name);
    await user.type(name, '2');
    expect(descriptionOf(name)).not.toContain('already exists');
    await user.tab();
    await settle();
    expect(api.requestsTo('GET /api/users/alice/lists/recipes2')).toHaveLength(1);
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  test('the name keeps to letters, digits and underscores, the display name to 50', async () => {
    const { user, name, displayName } = renderEditModal(undefined, {});
    await user.type(name, 'my list-1!');
    expect(name.value).toBe('mylist1');
    await user.type(displayName, 'x'.repeat(60));
    expect(displayName.value).toHaveLength(50);
  });

  test('editing saves by id and keeps the name unchecked while unchanged', async () => {
    const list = makeList('recipes', { displayName: 'Recipes', description: 'Food' });
    const updated = { ...list, displayName: 'Good food', public: true };
    const { user, name, displayName, save, api, onDone, queryClient } = renderEditModal(list, {
      [`PUT /api/lists/${list.id}`]: { body: updated },
    });
    expect(name.value).toBe('recipes');
    await user.click(name);
    await user.tab();
    await user.clear(displayName);
    await user.type(displayName, 'Good food');
    await user.click(screen.getByRole('switch', { name: /Public/ }));
    await user.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(updated));
    expect(api.requestsTo(`PUT /api/lists/${list.id}`)[0]!.body).toEqual({
      name: 'recipes',
      displayName: 'Good food',
      description: 'Food',
      public: true,
    });
    // Its own name is not "taken": no check was made.
    expect(api.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
    expect(queryClient.getQueryData(initialQuery.queryKey)?.lists[0]!.displayName).toBe('Good food');
  });

  test('the server refusing a duplicate name says so on the field', async () => {
    const list = makeList('recipes');
    const { user, name, save } = renderEditModal(list, {
      'GET /api/users/alice/lists/books': errorReply(404, 'list-not-found', 'List not found.'),
      [`PUT /api/lists/${list.id}`]: errorReply(
        409,
        'duplicate-list',
        'List with name books already exists.',
      ),
    });
    await user.clear(name);
    await user.type(name, 'books');
    await user.click(save);
    await waitFor(() => expect(descriptionOf(name)).toContain(messages.lists.nameExists('books')));
  });
});
