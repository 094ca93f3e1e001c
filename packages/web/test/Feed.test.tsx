import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { messages } from '@commons/shared';
import { Feed } from '../src/features/posts/components/Feed';
import { deferred, fakeApi } from './fake-api';
import { makeUser } from './fixtures';
import { feedPage, makeImage, makePost, makePosts } from './post-fixtures';
import { setMediaQuery } from './media';
import { renderWithApp, settle } from './render';

/** An IntersectionObserver the test triggers by hand; records the options it was made with. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly options: IntersectionObserverInit | undefined;
  readonly callback: IntersectionObserverCallback;
  observed: Element[] = [];
  disconnected = false;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The newest live observer reports its element on screen. */
  static intersect() {
    const live = FakeObserver.instances.filter((o) => !o.disconnected).at(-1)!;
    live.callback(
      live.observed.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
      live as unknown as IntersectionObserver,
    );
  }
}

beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  localStorage.clear();
});

const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('Feed', () => {
  test('shows the posts of the first page, then "No more posts" when there is no next page', async () => {
    fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage(makePosts(3)) } });
    renderWithApp(<Feed kind="all" />);
    expect(await screen.findByText(messages.common.noMorePosts)).toBeTruthy();
    expect(titles()).toEqual(['Post 1', 'Post 2', 'Post 3']);
  });

  test('an empty feed says "Nothing to show"', async () => {
    fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage([]) } });
    renderWithApp(<Feed kind="all" />);
    expect(await screen.findByText(messages.common.nothingToShow)).toBeTruthy();
    expect(screen.queryByText(messages.common.noMorePosts)).toBeNull();
  });

  test('shows 7 skeleton cards while the first page loads, after 80 ms', async () => {
    const answer = deferred<{ body: unknown }>();
    fakeApi({ 'GET /api/posts?sort=hot': () => answer.promise });
    renderWithApp(<Feed kind="all" />);
    expect(screen.queryByRole('status', { name: 'Loading posts' })).toBeNull();
    const skeleton = await screen.findByRole('status', { name: 'Loading posts' });
    expect(skeleton.childElementCount).toBe(7);
    answer.resolve({ body: feedPage(makePosts(1)) });
    expect(await screen.findByText('Post 1')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading posts' })).toBeNull();
  });

  test('subscriptions ask for feed=home; the community feed for its id; the sort comes from ?sort=', async () => {
    const server = fakeApi({
      'GET /api/posts?sort=latest&feed=home': { body: feedPage(makePosts(1)) },
      'GET /api/posts?sort=week&communityId=abc': { body: feedPage(makePosts(1, 5)) },
    });
    const view = renderWithApp(<Feed kind="subscriptions" />, {
      path: '/subscriptions?sort=latest',
      initial: { user: makeUser() },
    });
    expect(await screen.findByText('Post 1')).toBeTruthy();
    view.unmount();
    renderWithApp(<Feed kind="community" communityId="abc" />, { path: '/golang?sort=week' });
    expect(await screen.findByText('Post 5')).toBeTruthy();
    expect(server.unhandled).toEqual([]);
  });

  test('loads the next page when the end comes within 35% of the screen height (at least 200 px)', async () => {
    const server = fakeApi({
      'GET /api/posts?sort=hot': { body: feedPage(makePosts(10), 'cursor-2') },
      'GET /api/posts?sort=hot&next=cursor-2': { body: feedPage(makePosts(2, 11)) },
    });
    renderWithApp(<Feed kind="all" />);
    await screen.findByText('Post 10');
    const margin = Math.max(200, Math.round(window.innerHeight * 0.35));
    // The observer is made by an effect after the posts render: on a busy machine, a moment later.
    await waitFor(() =>
      expect(FakeObserver.instances.at(-1)?.options?.rootMargin).toBe(`0px 0px ${margin}px 0px`),
    );
    expect(screen.queryByRole('button', { name: messages.common.more })).toBeNull();
    FakeObserver.intersect();
    expect(await screen.findByText('Post 12')).toBeTruthy();
    expect(await screen.findByText(messages.common.noMorePosts)).toBeTruthy();
    expect(server.requestsTo('GET /api/posts?sort=hot&next=cursor-2')).toHaveLength(1);
  });

  test('with infinite scrolling turned off, a More button loads the next page', async () => {
    localStorage.setItem('infinite_scrolling_disabled', 'true');
    const server = fakeApi({
      'GET /api/posts?sort=hot': { body: feedPage(makePosts(10), 'c2') },
      'GET /api/posts?sort=hot&next=c2': { body: feedPage(makePosts(3, 11)) },
    });
    const { user } = renderWithApp(<Feed kind="all" />);
    const more = await screen.findByRole('button', { name: messages.common.more });
    expect(FakeObserver.instances).toHaveLength(0);
    expect(screen.queryByText(messages.common.noMorePosts)).toBeNull();
    await user.click(more);
    expect(await screen.findByText('Post 13')).toBeTruthy();
    expect(server.requestsTo('GET /api/posts?sort=hot&next=c2')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: messages.common.more })).toBeNull();
    expect(screen.getByText(messages.common.noMorePosts)).toBeTruthy();
  });

  test('page N of a community starts at the Nth page of the cursor feed', async () => {
    const server = fakeApi({
      'GET /api/posts?sort=hot&communityId=abc': { body: feedPage(makePosts(10), 'p2') },
      'GET /api/posts?sort=hot&communityId=abc&next=p2': { body: feedPage(makePosts(10, 11), 'p3') },
      'GET /api/posts?sort=hot&communityId=abc&next=p3': { body: feedPage(makePosts(4, 21)) },
    });
    renderWithApp(<Feed kind="community" communityId="abc" startPage={3} />, {
      path: '/golang?sort=hot&page=3',
    });
    await screen.findByText('Post 21');
    expect(titles()).toEqual(['Post 21', 'Post 22', 'Post 23', 'Post 24']);
    expect(server.requests).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Back to the first page' }).getAttribute('href')).toBe(
      '/golang?sort=hot',
    );
  });

  test('the first three posts load their images at once, the others lazily', async () => {
    const posts = Array.from({ length: 5 }, (_, i) =>
      makePost({
        type: 'image',
        title: `Photo ${i + 1}`,
        body: null,
        image: makeImage(),
        images: [makeImage()],
      }),
    );
    fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage(posts) } });
    renderWithApp(<Feed kind="all" />);
    await screen.findByText('Photo 5');
    const loading = posts.map((p) => screen.getByRole('img', { name: p.title }).getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy']);
    const first = screen.getByRole('img', { name: 'Photo 1' });
    expect(first.getAttribute('sizes')).toBe('(max-width: 768px) 358px, 647px');
    expect(first.getAttribute('srcset')).toContain('720w');
    expect(first.getAttribute('srcset')).not.toContain('120w');
  });

  test('the layout switch shows compact cards and remembers the choice on the device', async () => {
    fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage(makePosts(2)) } });
    const { user } = renderWithApp(<Feed kind="all" />);
    await screen.findByText('Post 2');
    const layout = screen.getByRole('group', { name: 'Layout' });
    expect(within(layout).getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(layout).getByRole('button', { name: 'Compact' }));
    expect(within(layout).getByRole('button', { name: 'Compact' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('feed_layout')).toBe('compact');
    expect(document.querySelectorAll('article.compact')).toHaveLength(2);
  });

  test('sort tabs link to ?sort= and mark the current one', async () => {
    fakeApi({ 'GET /api/posts?sort=activity': { body: feedPage(makePosts(1)) } });
    renderWithApp(<Feed kind="all" />, { path: '/?sort=activity' });
    await screen.findByText('Post 1');
    const nav = screen.getByRole('navigation', { name: 'Sort posts' });
    expect(within(nav).getByRole('link', { name: 'Active' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Hot' }).getAttribute('href')).toBe('/?sort=hot');
    expect(within(nav).getByRole('link', { name: 'New' }).getAttribute('href')).toBe('/?sort=latest');
  });

  test('a member who keeps their sort gets the remembered one without ?sort=', async () => {
    localStorage.setItem('feedSort', 'latest');
    const server = fakeApi({ 'GET /api/posts?sort=latest': { body: feedPage(makePosts(1)) } });
    renderWithApp(<Feed kind="all" />, { initial: { user: makeUser({ rememberFeedSort: true }) } });
    await screen.findByText('Post 1');
    expect(server.unhandled).toEqual([]);
  });
});

describe('pull-to-refresh', () => {
  function touch(type: string, clientY?: number) {
    const event = new Event(type);
    Object.defineProperty(event, 'touches', { value: clientY === undefined ? [] : [{ clientY }] });
    act(() => {
      window.dispatchEvent(event);
    });
  }

  test('on touch screens, pulling down from the top reloads the first page only', async () => {
    setMediaQuery('(pointer: coarse)', true);
    localStorage.setItem('infinite_scrolling_disabled', 'true');
    const server = fakeApi({
      'GET /api/posts?sort=hot': [
        { body: feedPage(makePosts(10), 'c2') },
        { body: feedPage([makePost({ title: 'Fresh post' }), ...makePosts(9)], 'c2') },
      ],
      'GET /api/posts?sort=hot&next=c2': { body: feedPage(makePosts(2, 11)) },
    });
    const { user } = renderWithApp(<Feed kind="all" />);
    await user.click(await screen.findByRole('button', { name: messages.common.more }));
    await screen.findByText('Post 12');

    touch('touchstart', 10);
    touch('touchmove', 100);
    expect(screen.getByRole('status', { name: 'Pull to refresh' })).toBeTruthy();
    touch('touchmove', 400);
    expect(screen.getByRole('status', { name: 'Release to refresh' }).style.height).toBe('120px');
    touch('touchend');
    expect(await screen.findByText('Fresh post')).toBeTruthy();
    expect(server.requestsTo('GET /api/posts?sort=hot')).toHaveLength(2);
    expect(server.requestsTo('GET /api/posts?sort=hot&next=c2')).toHaveLength(1);
    expect(screen.queryByText('Post 12')).toBeNull();
  });

  test('a short pull does nothing', async () => {
    setMediaQuery('(pointer: coarse)', true);
    const server = fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage(makePosts(2)) } });
    renderWithApp(<Feed kind="all" />);
    await screen.findByText('Post 2');
    touch('touchstart', 10);
    touch('touchmove', 60);
    touch('touchend');
    await settle();
    expect(server.requestsTo('GET /api/posts?sort=hot')).toHaveLength(1);
  });

  test('mouse-only screens have no pull-to-refresh', async () => {
    fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage(makePosts(2)) } });
    renderWithApp(<Feed kind="all" />);
    await screen.findByText('Post 2');
    touch('touchstart', 10);
    touch('touchmove', 400);
    expect(screen.queryByRole('status', { name: /refresh/ })).toBeNull();
  });
});
