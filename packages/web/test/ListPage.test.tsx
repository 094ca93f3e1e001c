import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type List } from '@commons/shared';
import ListPage from '../src/app/routes/list';
import { Toasts } from '../src/components/ui/Toasts';
import type { ListItem } from '../src/features/lists/api/list-types';
import { errorReply, fakeApi, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { makeComment, makePost } from './post-fixtures';
import { renderWithApp } from './render';

const owner = makeUser({ username: 'alice' });
const reader = makeUser({ username: 'bob' });

const list: List = {
  id: 7,
  userId: owner.id,
  username: 'alice',
  name: 'reading',
  displayName: 'Reading',
  description: 'Things to read later',
  public: true,
  numItems: 2,
  sort: 'addedDsc',
  createdAt: '2025-01-01T00:00:00Z',
  lastUpdatedAt: '2025-01-02T00:00:00Z',
};

const post = makePost({ title: 'Saved post', upvotes: 3, downvotes: 0 });
const comment = makeComment(makePost({ title: 'Another post' }), {
  body: 'A saved comment',
  postTitle: 'Another post',
});
const items: ListItem[] = [
  {
    id: 2,
    listId: 7,
    targetType: 'post',
    targetId: post.id,
    createdAt: '2025-01-02T00:00:00Z',
    targetItem: post,
  },
  {
    id: 1,
    listId: 7,
    targetType: 'comment',
    targetId: comment.id,
    createdAt: '2025-01-01T00:00:00Z',
    targetItem: comment,
  },
];

const LIST = 'GET /api/users/alice/lists/reading';
const ITEMS = 'GET /api/users/alice/lists/reading/items';

function renderPage(viewer: typeof owner | null, routes: Record<string, Route>) {
  const api = fakeApi(routes);
  const view = renderWithApp(
    <>
      <ListPage username="alice" listName="reading" />
      <div data-testid="toasts">
        <Toasts />
      </div>
    </>,
    { initial: { user: viewer, lists: viewer === owner ? [list] : [] }, path: '/@alice/lists/reading' },
  );
  return { ...view, api };
}

describe('list page', () => {
  test('a missing or private list shows the not-found page', async () => {
    renderPage(reader, { [LIST]: errorReply(404, 'list-not-found', 'List not found.') });
    expect(await screen.findByRole('heading', { name: messages.common.notFoundTitle })).toBeTruthy();
  });

  test('others read the items, with no owner controls', async () => {
    const { api } = renderPage(reader, { [LIST]: { body: list }, [ITEMS]: { body: { items, next: null } } });
    expect(await screen.findByRole('article', { name: 'Saved post' })).toBeTruthy();
    expect(screen.getByText('A saved comment')).toBeTruthy();
    // Anyone's comment may be saved: the card names whose it is.
    const saved = screen.getByRole('article', { name: 'Comment on Another post' });
    expect(within(saved).getByRole('link', { name: `@${comment.username}` })).toBeTruthy();
    expect(screen.getByText('2 items')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit|Remove|Delete/ })).toBeNull();
    expect(api.unhandled).toHaveLength(0);
  });

  test('a deleted comment on the list cannot be voted on (core §4)', async () => {
    const gone = { ...comment, deleted: true, deletedAs: 'admins' as const };
    renderPage(reader, {
      [LIST]: { body: list },
      [ITEMS]: { body: { items: [{ ...items[1]!, targetItem: gone }], next: null } },
    });
    const card = await screen.findByRole('article', { name: 'Comment on Another post' });
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Upvote' }).disabled).toBe(true);
  });

  test('a saved post deleted since says so on its card, as its page does', async () => {
    const removed = { ...post, deleted: true, deletedAs: 'admins' as const };
    renderPage(reader, {
      [LIST]: { body: list },
      [ITEMS]: { body: { items: [{ ...items[0]!, targetItem: removed }], next: null } },
    });
    const card = await screen.findByRole('article', { name: 'Saved post' });
    expect(within(card).getByText('This post has been removed by the admins.')).toBeTruthy();
  });

  test('a vote on a saved post shows on the list', async () => {
    const { user } = renderPage(reader, {
      [LIST]: { body: list },
      [ITEMS]: { body: { items, next: null } },
      'POST /api/_postVote': { body: { ...post, upvotes: 4, userVoted: true, userVotedUp: true } },
    });
    const card = await screen.findByRole('article', { name: 'Saved post' });
    const up = within(card).getByRole('button', { name: 'Upvote' });
    await user.click(up);
    await waitFor(() => expect(up.getAttribute('aria-pressed')).toBe('true'));
    expect(up.parentElement!.textContent).toBe('4');
  });

  test('the owner removes a comment, then empties the list after confirming', async () => {
    const { user, api } = renderPage(owner, {
      [LIST]: { body: list },
      [ITEMS]: [{ body: { items, next: null } }, { body: { items: [], next: null } }],
      'DELETE /api/lists/7/items': { body: { items: [], next: null } },
      'DELETE /api/users/alice/lists/reading/items': { body: { items: [], next: null } },
    });
    await screen.findByText('A saved comment');
    await user.click(screen.getByRole('button', { name: 'Remove from list' }));
    await waitFor(() => expect(screen.queryByText('A saved comment')).toBeNull());
    expect(api.requestsTo('DELETE /api/lists/7/items')[0]!.body).toEqual({
      targetType: 'comment',
      targetId: comment.id,
    });
    expect(
      within(screen.getByTestId('toasts')).getByText(messages.lists.removedFrom('Reading')),
    ).toBeTruthy();
    expect(screen.getByText('1 item')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove all' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove all items from Reading?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove all' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Saved post' })).toBeNull());
    const cleared = api.requestsTo('DELETE /api/users/alice/lists/reading/items');
    expect(cleared).toHaveLength(1);
    expect(cleared[0]!.body).toBeUndefined();
    expect(screen.getByText('0 items')).toBeTruthy();
  });
});
