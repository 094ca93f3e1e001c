import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { messages, type User } from '@commons/shared';
import { notificationMessages } from '@commons/shared/texts/notifications';
import { Toasts } from '../src/components/ui/Toasts';
import { BottomNav } from '../src/features/layout/BottomNav';
import { NotificationsPanel } from '../src/features/notifications/components/NotificationsPanel';
import { deferred, errorReply, fakeApi, type Reply, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { makeNotification, notificationsPage, notificationUrls as urls } from './notification-fixtures';
import { renderWithApp, settle } from './render';

const viewer = makeUser({ username: 'alice', notificationsNewCount: 3 });

function renderPanel(routes: Record<string, Route>, user: User = viewer) {
  const server = fakeApi({ [urls.action('resetNewCount')]: { body: { success: true } }, ...routes });
  const view = renderWithApp(
    <>
      <NotificationsPanel />
      <BottomNav />
      <Toasts />
    </>,
    { path: '/notifications', initial: { user } },
  );
  return { ...view, server };
}

const list = () => screen.getByRole('list', { name: 'Notifications' });
const rows = () => within(list()).getAllByRole('listitem');
const row = (text: string) => rows().find((r) => r.textContent?.includes(text))!;

async function chooseFromMenu(user: ReturnType<typeof renderWithApp>['user'], text: string, item: string) {
  await user.click(within(row(text)).getByRole('button', { name: 'Notification options' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

beforeEach(() => {
  // The More button rather than the scroll sentinel: happy-dom has no IntersectionObserver.
  localStorage.setItem('infinite_scrolling_disabled', 'true');
});

describe('the notifications panel', () => {
  test('10 skeleton rows after 80 ms while the first page loads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const answer = deferred<Reply>();
    renderPanel({ [urls.list()]: () => answer.promise });
    await act(() => vi.advanceTimersByTimeAsync(79));
    expect(screen.queryByRole('status', { name: 'Loading notifications' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const skeleton = screen.getByRole('status', { name: 'Loading notifications' });
    expect(skeleton.children).toHaveLength(10);
    answer.resolve({ body: notificationsPage([makeNotification({ title: 'Arrived' })]) });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByRole('status', { name: 'Loading notifications' })).toBeNull();
    expect(screen.getByText('Arrived')).toBeTruthy();
  });

  test('each item: its icon, its title with the bold runs, the time, and a link that marks it seen', async () => {
    const unseen = makeNotification({
      title: '<b>bob</b> commented on your post <b>Go &amp; Rust</b>',
      icons: ['/images/bob.small.jpg'],
      toURL: '/golang/post/pabc/c1',
      updatedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    });
    const merged = makeNotification({
      title: '3 new comments on your post <b>Merged</b>',
      toURL: '/golang/post/pabc?highlightFrom=100&highlightTo=200',
      seen: true,
      seenAt: new Date().toISOString(),
    });
    const denied = makeNotification({ type: 'denied_comm', title: 'Your request was denied.', toURL: '#' });
    renderPanel({ [urls.list()]: { body: notificationsPage([unseen, merged, denied]) } });
    await screen.findByText('Go & Rust');

    const first = row('Go & Rust');
    expect(first.querySelector('img')!.getAttribute('src')).toBe('/images/bob.small.jpg');
    expect(within(first).getByText('bob').tagName).toBe('B');
    expect(within(first).getByText('Go & Rust').tagName).toBe('B');
    expect(within(first).getByText('3 hours ago')).toBeTruthy();
    const link = within(first).getByRole('link');
    expect(link.textContent).toBe('bob commented on your post Go & Rust');
    expect(link.getAttribute('href')).toBe(`/golang/post/pabc/c1?fromNotif=${unseen.id}`);
    expect(first.dataset.seen).toBe('false');
    expect(within(first).getByText('New')).toBeTruthy();

    const second = row('Merged');
    expect(within(second).getByRole('link').getAttribute('href')).toBe(
      `/golang/post/pabc?highlightFrom=100&highlightTo=200&fromNotif=${merged.id}`,
    );
    expect(second.dataset.seen).toBe('true');
    expect(within(second).queryByText('New')).toBeNull();

    // `#` leads nowhere: the title is there, not as a link.
    expect(within(row('Your request was denied.')).queryByRole('link')).toBeNull();
  });

  test('a title made of markup shows as text: no element is made from it', async () => {
    const evil = makeNotification({
      title:
        '<b>&lt;img src=x onerror=alert(1)&gt;</b> commented on your post <b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</b>',
    });
    renderPanel({ [urls.list()]: { body: notificationsPage([evil]) } });
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(screen.getByText('<script>alert("x")</script>')).toBeTruthy();
    const item = row('commented on your post');
    // The one image is the item's icon; no script element anywhere.
    expect(item.querySelectorAll('img')).toHaveLength(1);
    expect(item.querySelector('img')!.getAttribute('src')).toBe('/favicon.png?v=2');
    expect(document.querySelector('script')).toBeNull();
  });

  test('opening it resets the new count: the bottom bar count goes to 0', async () => {
    const { server } = renderPanel({ [urls.list()]: { body: notificationsPage([makeNotification()]) } });
    expect(screen.getByRole('link', { name: /^Notifications ?, 3 new$/ })).toBeTruthy();
    await waitFor(() => expect(server.requestsTo(urls.action('resetNewCount'))).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Notifications' }).textContent).toBe('Notifications'),
    );
    await settle();
    expect(server.requestsTo(urls.action('resetNewCount'))).toHaveLength(1);
    expect(server.unhandled).toEqual([]);
  });

  test('pages by cursor while next is not empty, each item once', async () => {
    const page1 = Array.from({ length: 10 }, (_, i) => makeNotification({ title: `First ${i}` }));
    const page2 = [page1[9]!, makeNotification({ title: 'Second page' })];
    const { user, server } = renderPanel({
      [urls.list()]: { body: notificationsPage(page1, 'eyJzIjpmYWxzZX0=') },
      [urls.list('eyJzIjpmYWxzZX0=')]: { body: notificationsPage(page2, '') },
    });
    await screen.findByText('First 0');
    expect(rows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: messages.common.more }));
    await screen.findByText('Second page');
    expect(rows()).toHaveLength(11);
    expect(screen.getByText(notificationMessages.end)).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.common.more })).toBeNull();
    expect(server.unhandled).toEqual([]);
  });

  test('no notifications: Nothing to show', async () => {
    renderPanel({ [urls.list()]: { body: notificationsPage([]) } });
    expect(await screen.findByText(messages.common.nothingToShow)).toBeTruthy();
  });

  test('a failed load says so and Retry loads again', async () => {
    const { user } = renderPanel({
      [urls.list()]: [
        // The app's queries try twice before they fail.
        errorReply(500, undefined, 'Internal'),
        errorReply(500, undefined, 'Internal'),
        { body: notificationsPage([makeNotification({ title: 'Back' })]) },
      ],
    });
    expect(await screen.findByText(messages.common.somethingWentWrong)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: messages.common.retry }));
    expect(await screen.findByText('Back')).toBeTruthy();
  });

  test('Mark as seen and Mark as unseen from the item menu', async () => {
    const item = makeNotification({ title: 'Toggle me' });
    const { user, server } = renderPanel({
      [urls.list()]: { body: notificationsPage([item]) },
      [urls.markSeen(item.id, true)]: { body: { ...item, seen: true } },
      [urls.markSeen(item.id, false)]: { body: item },
    });
    await screen.findByText('Toggle me');
    await chooseFromMenu(user, 'Toggle me', notificationMessages.markAsSeen);
    await waitFor(() => expect(row('Toggle me').dataset.seen).toBe('true'));
    expect(server.requestsTo(urls.markSeen(item.id, true))).toHaveLength(1);
    await chooseFromMenu(user, 'Toggle me', notificationMessages.markAsUnseen);
    await waitFor(() => expect(row('Toggle me').dataset.seen).toBe('false'));
    expect(server.requestsTo(urls.markSeen(item.id, false))).toHaveLength(1);
    expect(server.unhandled).toEqual([]);
  });

  test('a refused Mark as seen is put back and only logged (secondary §8)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const item = makeNotification({ title: 'Stays new' });
    const { user } = renderPanel({
      [urls.list()]: { body: notificationsPage([item]) },
      [urls.markSeen(item.id, true)]: errorReply(429, 'rate_limited', 'Too many requests'),
    });
    await screen.findByText('Stays new');
    await chooseFromMenu(user, 'Stays new', notificationMessages.markAsSeen);
    await waitFor(() => expect(row('Stays new').dataset.seen).toBe('false'));
    expect(logged).toHaveBeenCalledWith('Marking the notification seen failed', expect.anything());
    expect(screen.queryByText(messages.common.slowDown)).toBeNull();
    logged.mockRestore();
  });

  test('Delete removes the one notification', async () => {
    const gone = makeNotification({ title: 'Delete me' });
    const kept = makeNotification({ title: 'Keep me' });
    const { user, server } = renderPanel({
      [urls.list()]: { body: notificationsPage([gone, kept]) },
      [urls.remove(gone.id)]: { body: gone },
    });
    await screen.findByText('Delete me');
    await chooseFromMenu(user, 'Delete me', 'Delete');
    await waitFor(() => expect(screen.queryByText('Delete me')).toBeNull());
    expect(rows()).toHaveLength(1);
    expect(server.requestsTo(urls.remove(gone.id))).toHaveLength(1);
  });

  test('Mark all as seen: every item seen, and the toast', async () => {
    const items = [makeNotification({ title: 'One' }), makeNotification({ type: 'new_votes', title: 'Two' })];
    const { user, server } = renderPanel({
      [urls.list()]: { body: notificationsPage(items) },
      [urls.action('markAllAsSeen', '')]: { body: { success: true } },
    });
    await screen.findByText('One');
    await user.click(screen.getByRole('button', { name: 'Mark all as seen' }));
    expect(await screen.findByText(notificationMessages.allSeen)).toBeTruthy();
    expect(rows().map((r) => r.dataset.seen)).toEqual(['true', 'true']);
    expect(server.requestsTo(urls.action('markAllAsSeen', ''))).toHaveLength(1);
  });

  test('Mark upvotes as seen: only the new_votes items, and the toast', async () => {
    const items = [
      makeNotification({ title: 'A comment' }),
      makeNotification({ type: 'new_votes', title: '2 new upvotes on your post' }),
    ];
    const { user, server } = renderPanel({
      [urls.list()]: { body: notificationsPage(items) },
      [urls.action('markAllAsSeen', 'new_votes')]: { body: { success: true } },
    });
    await screen.findByText('A comment');
    await user.click(screen.getByRole('button', { name: 'Mark upvotes as seen' }));
    expect(await screen.findByText(notificationMessages.allUpvotesSeen)).toBeTruthy();
    expect(row('A comment').dataset.seen).toBe('false');
    expect(row('2 new upvotes').dataset.seen).toBe('true');
    expect(server.requestsTo(urls.action('markAllAsSeen', 'new_votes'))).toHaveLength(1);
  });

  test('Delete all, once confirmed: the list empties, and the toast', async () => {
    const { user, server } = renderPanel({
      [urls.list()]: { body: notificationsPage([makeNotification({ title: 'Soon gone' })]) },
      [urls.action('deleteAll')]: { body: { success: true } },
    });
    await screen.findByText('Soon gone');
    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    const dialog = await screen.findByRole('dialog');
    expect(server.requestsTo(urls.action('deleteAll'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText(notificationMessages.allDeleted)).toBeTruthy();
    expect(await screen.findByText(messages.common.nothingToShow)).toBeTruthy();
    expect(screen.queryByText('Soon gone')).toBeNull();
    expect(server.requestsTo(urls.action('deleteAll'))).toHaveLength(1);
  });

  test('a failed Delete all keeps the list and says why', async () => {
    const { user } = renderPanel({
      [urls.list()]: { body: notificationsPage([makeNotification({ title: 'Still here' })]) },
      [urls.action('deleteAll')]: errorReply(500, undefined, 'Internal'),
    });
    await screen.findByText('Still here');
    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText(messages.common.somethingWentWrong)).toBeTruthy();
    expect(screen.getByText('Still here')).toBeTruthy();
  });

  test('tapping the bottom bar link on the panel scrolls the list to the top, staying there', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user, history } = renderPanel({
      [urls.list()]: { body: notificationsPage([makeNotification()]) },
    });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy());
    await user.click(screen.getByRole('link', { name: 'Notifications' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(history).toEqual(['/notifications']);
  });

  test('a new notification while the panel is open: the list reloads and the count resets again', async () => {
    const arrived = makeNotification({ title: 'Just arrived' });
    const { server, queryClient } = renderPanel({
      [urls.list()]: [{ body: notificationsPage([]) }, { body: notificationsPage([arrived]) }],
    });
    await screen.findByText(messages.common.nothingToShow);
    await waitFor(() => expect(server.requestsTo(urls.action('resetNewCount'))).toHaveLength(1));
    // What the 5 s user poll brings.
    act(() => {
      queryClient.setQueryData(['current-user'], { ...viewer, notificationsNewCount: 1 });
    });
    expect(await screen.findByText('Just arrived')).toBeTruthy();
    await waitFor(() => expect(server.requestsTo(urls.action('resetNewCount'))).toHaveLength(2));
  });
});
