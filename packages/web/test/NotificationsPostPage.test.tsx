import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { Comment, Post } from '@commons/shared';
import PostPage from '../src/app/routes/post';
import ProfilePage from '../src/app/routes/profile';
import { Toasts } from '../src/components/ui/Toasts';
import { errorReply, fakeApi, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { notificationUrls as urls } from './notification-fixtures';
import { makeComment, makeFullCommunity, makePost } from './post-fixtures';
import { renderWithApp, settle } from './render';

const community = makeFullCommunity('golang');
const member = makeUser({ username: 'alice' });

function renderPost(post: Post, comments: Comment[], search: string, routes: Record<string, Route> = {}) {
  const server = fakeApi({
    [`GET /api/posts/${post.publicId}?fetchCommunity=true`]: {
      body: { ...post, comments, commentsNext: null, noComments: comments.length, community },
    },
    ...routes,
  });
  const view = renderWithApp(
    <>
      <PostPage communityName={post.communityName} publicId={post.publicId} />
      <Toasts />
    </>,
    { path: `/${post.communityName}/post/${post.publicId}${search}`, initial: { user: member } },
  );
  return { ...view, server };
}

const at = (unixSeconds: number, ms = 0) => new Date(unixSeconds * 1000 + ms).toISOString();

describe('a page opened from a notification', () => {
  test('?fromNotif marks that notification seen', async () => {
    const post = makePost({ communityName: 'golang', title: 'From a notification' });
    const { server } = renderPost(post, [], '?fromNotif=42', {
      [urls.markSeen(42, true)]: { body: {} },
    });
    await screen.findByRole('heading', { level: 1, name: 'From a notification' });
    await waitFor(() => expect(server.requestsTo(urls.markSeen(42, true))).toHaveLength(1));
    await settle();
    expect(server.requestsTo(urls.markSeen(42, true))).toHaveLength(1);
  });

  test('a failure to mark it seen is only logged: no alert, the page works', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const post = makePost({ communityName: 'golang', title: 'Still readable' });
    const { server } = renderPost(post, [], '?fromNotif=43', {
      [urls.markSeen(43, true)]: errorReply(404, 'notif_not_found', 'Notification not found.'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Still readable' });
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(server.requestsTo(urls.markSeen(43, true))).toHaveLength(1);
    expect(screen.queryByText('Notification not found.')).toBeNull();
  });

  test('no fromNotif, or not a number: nothing is marked', async () => {
    const post = makePost({ communityName: 'golang', title: 'Plain visit' });
    const { server } = renderPost(post, [], '?fromNotif=abc');
    await screen.findByRole('heading', { level: 1, name: 'Plain visit' });
    await settle(50);
    expect(server.requests.filter((r) => r.url.includes('/notifications'))).toEqual([]);
  });

  test('the profile page of a badge notification marks it seen too', async () => {
    const server = fakeApi({
      'GET /api/users/alice': { body: member },
      'GET /api/users/alice/feed': { body: { items: [], next: null } },
      [urls.markSeen(44, true)]: { body: {} },
    });
    renderWithApp(<ProfilePage username="alice" />, {
      path: '/@alice?fromNotif=44',
      initial: { user: member },
    });
    await waitFor(() => expect(server.requestsTo(urls.markSeen(44, true))).toHaveLength(1));
  });

  test('highlightFrom / highlightTo highlight the comments made in that range and scroll to the first', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const post = makePost({ communityName: 'golang', title: 'Merged comments' });
    const from = 1_750_000_000;
    const before = makeComment(post, { body: 'Older comment', createdAt: at(from - 1, 500) });
    const first = makeComment(post, { body: 'First new', createdAt: at(from, 700) });
    const second = makeComment(post, { body: 'Second new', createdAt: at(from + 30) });
    const after = makeComment(post, { body: 'Later comment', createdAt: at(from + 61) });
    renderPost(
      post,
      [after, second, first, before],
      `?highlightFrom=${from}&highlightTo=${from + 60}&fromNotif=45`,
      { [urls.markSeen(45, true)]: { body: {} } },
    );
    await screen.findByText('First new');
    const highlighted = () =>
      [...document.querySelectorAll('[data-highlighted]')].map((el) => el.textContent ?? '');
    await waitFor(() => expect(highlighted()).toHaveLength(2));
    expect(highlighted()[0]).toContain('Second new');
    expect(highlighted()[1]).toContain('First new');
    for (const el of document.querySelectorAll('[data-highlighted]')) {
      expect(el.classList.contains('focused')).toBe(true);
    }
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts[0]).toBe(document.querySelector('[data-highlighted]'));
  });

  test('without the range, nothing is highlighted', async () => {
    const post = makePost({ communityName: 'golang', title: 'No range' });
    renderPost(post, [makeComment(post, { body: 'Just a comment' })], '?highlightFrom=10');
    await screen.findByText('Just a comment');
    expect(document.querySelectorAll('[data-highlighted]')).toHaveLength(0);
  });
});
