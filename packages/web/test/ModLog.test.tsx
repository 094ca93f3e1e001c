import { act, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type ModLogEntry, type ModLogPage as ModLogPageBody } from '@commons/shared';
import { ModLogList, ModLogPage } from '../src/features/modlog';
import { errorReply, fakeApi } from './fake-api';
import { renderWithApp } from './render';

function makeEntry(overrides: Partial<ModLogEntry> = {}): ModLogEntry {
  return {
    id: '1',
    createdAt: '2025-03-01T12:00:00Z',
    action: 'remove_post',
    actedAs: 'mods',
    moderator: 'mia',
    moderatorHidden: false,
    community: 'cats',
    target: { type: 'post', postId: 'p1', commentId: null, username: 'bob', title: 'Secret cat club' },
    reasonRule: null,
    reason: null,
    expiresAt: null,
    changes: null,
    ...overrides,
  };
}

const page = (entries: ModLogEntry[]): { body: ModLogPageBody } => ({ body: { entries, next: null } });

/** Each entry's sentence, as read (the line, without its reason and date). */
async function lines(): Promise<(string | null)[]> {
  const list = await screen.findByRole('list', { name: 'Moderation log' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')!.textContent);
}

describe('moderation log entries', () => {
  test("an author hidden with the moderator leaves no dangling 'by'; a shown one keeps it", async () => {
    // The community hides its moderators' names and the moderator acted on their own post and
    // comment: naming the author would name the moderator, so the API gives no name.
    const hidden = { moderator: null, moderatorHidden: true };
    fakeApi({
      'GET /api/communities/cats/modlog': page([
        makeEntry({
          id: '1',
          ...hidden,
          target: { type: 'post', postId: 'p1', commentId: null, username: null, title: 'Secret cat club' },
        }),
        makeEntry({
          id: '2',
          ...hidden,
          action: 'remove_comment',
          target: {
            type: 'comment',
            postId: 'p1',
            commentId: 'c1',
            username: null,
            title: 'Secret cat club',
          },
        }),
        makeEntry({
          id: '3',
          ...hidden,
          action: 'remove_moderator',
          target: { type: 'user', postId: null, commentId: null, username: null, title: null },
        }),
        makeEntry({ id: '4', ...hidden }),
        makeEntry({
          id: '5',
          ...hidden,
          action: 'remove_comment',
          target: {
            type: 'comment',
            postId: 'p1',
            commentId: 'c2',
            username: 'bob',
            title: 'Secret cat club',
          },
        }),
      ]),
    });
    renderWithApp(<ModLogList community="cats" />, { path: '/cats/modlog' });

    expect(await lines()).toEqual([
      'a moderator removed the post “Secret cat club”',
      'a moderator removed a comment “Secret cat club”',
      'a moderator removed the moderator',
      'a moderator removed the post “Secret cat club” by @bob',
      'a moderator removed a comment by @bob “Secret cat club”',
    ]);
    expect(screen.getAllByRole('link', { name: '@bob' }).map((a) => a.getAttribute('href'))).toEqual([
      '/@bob',
      '/@bob',
    ]);
  });
});

describe('moderation log filters', () => {
  test('the fields follow the URL when Back (or a link) changes it under the list', async () => {
    const all = [
      makeEntry({ id: '1' }),
      makeEntry({
        id: '2',
        action: 'lock_post',
        target: { type: 'post', postId: 'p2', commentId: null, username: 'bob', title: 'Locked' },
      }),
    ];
    const api = fakeApi({
      'GET /api/modlog': page(all),
      'GET /api/modlog?action=lock_post': page([all[1]!]),
      'GET /api/modlog?action=remove_post&moderator=mia': page([all[0]!]),
    });
    const view = renderWithApp(<ModLogList community={null} />, { path: '/modlog' });
    expect(await lines()).toHaveLength(2);
    const action = screen.getByLabelText<HTMLSelectElement>('Action');
    const moderator = screen.getByLabelText<HTMLInputElement>('Moderator');

    await view.user.selectOptions(action, 'Lock post');
    await view.user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(view.currentPath()).toBe('/modlog?action=lock_post');
    expect(await lines()).toHaveLength(1);

    // Back: every entry again, and the fields say so.
    act(() => view.navigate('/modlog'));
    expect(await lines()).toHaveLength(2);
    expect(action.value).toBe('');
    expect(moderator.value).toBe('');

    // A shared link to other filters fills both fields.
    act(() => view.navigate('/modlog?action=remove_post&moderator=mia'));
    expect(await lines()).toHaveLength(1);
    expect(action.value).toBe('remove_post');
    expect(moderator.value).toBe('mia');

    // Only the URL's changes reset the fields: what is typed and not yet applied stays.
    await view.user.clear(moderator);
    await view.user.type(moderator, 'zed');
    expect(moderator.value).toBe('zed');

    // An action the log does not know, in a link typed by hand, is no filter: the whole log.
    act(() => view.navigate('/modlog?action=bogus'));
    expect(await lines()).toHaveLength(2);
    expect(action.value).toBe('');
    expect(api.unhandled).toEqual([]);
  });

  test('a community that does not exist is the not-found page, not a log that can only fail', async () => {
    const api = fakeApi({
      'GET /api/communities/nope/modlog': errorReply(404, 'community/not-found', 'Community not found.'),
    });
    renderWithApp(<ModLogPage community="nope" />, { path: '/nope/modlog' });
    expect(await screen.findByRole('heading', { name: messages.common.notFoundTitle })).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.common.retry })).toBeNull();
    expect(api.unhandled).toEqual([]);
  });
});
