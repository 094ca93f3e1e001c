import { beforeEach, describe, expect, test, vi, type Mock } from 'vitest';

/**
 * The service worker's own rules, run in a stand-in worker scope: which requests it answers (never the
 * API), and the Web Push flow of API.md §12.6 and §3.2 (fetch the rendered notification unless a window
 * is focused, show it, and on click mark it seen with the captured CSRF token and open its URL).
 */

type Handler = (event: Record<string, unknown>) => void;

interface FakeWindow {
  url: string;
  focused: boolean;
  focus: Mock;
  navigate: Mock;
}

const ORIGIN = 'https://forum.example.org';
const RENDERED = {
  id: 42,
  title: 'alice commented on your post Hello <b>',
  body: '',
  icons: ['/images/0123456789abcdef01234567.webp?size=96'],
  toURL: '/golang/post/xyz123/c1',
};

let handlers: Map<string, Handler>;
let shown: { title: string; options: NotificationOptions }[];
let windows: FakeWindow[];
let opened: string[];
let fetchMock: Mock;

async function loadWorker(): Promise<void> {
  vi.resetModules();
  handlers = new Map();
  shown = [];
  windows = [];
  opened = [];
  vi.stubGlobal('self', {
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    location: new URL(`${ORIGIN}/`),
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
      claim: async () => undefined,
    },
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
    },
    skipWaiting: vi.fn(async () => undefined),
  });
  vi.stubGlobal('BUILD', { version: 'test', precache: ['/'] });
  vi.stubGlobal('caches', {
    match: async () => undefined,
    open: async () => ({ put: async () => undefined }),
  });
  fetchMock = vi.fn(async (url: string) =>
    url === `/api/notifications/${RENDERED.id}?render=true`
      ? new Response(JSON.stringify(RENDERED), {
          headers: { 'Content-Type': 'application/json', 'Csrf-Token': 'token-from-get' },
        })
      : new Response(JSON.stringify({}), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  await import('./service-worker');
}

/** Dispatches an extendable event and waits for what it asked to wait for. */
async function dispatch(type: string, event: Record<string, unknown>): Promise<void> {
  let pending: Promise<unknown> = Promise.resolve();
  handlers.get(type)!({
    ...event,
    waitUntil: (promise: Promise<unknown>) => {
      pending = promise;
    },
  });
  await pending;
}

const pushOf = (payload: unknown) => ({
  data: {
    json: () => {
      if (typeof payload === 'string') throw new SyntaxError('not JSON');
      return payload;
    },
  },
});

function fakeWindow(url: string, focused: boolean): FakeWindow {
  const win: FakeWindow = { url, focused, focus: vi.fn(), navigate: vi.fn(async () => win) };
  win.focus.mockResolvedValue(win);
  return win;
}

beforeEach(loadWorker);

describe('push', () => {
  test('fetches the rendered notification and shows it with its icon, tagged with its id', async () => {
    await dispatch('push', pushOf({ id: 42, type: 'new_comment', notif: null, seen: false }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/notifications/42?render=true');
    expect(shown).toEqual([
      {
        title: RENDERED.title,
        options: expect.objectContaining({
          body: '',
          icon: RENDERED.icons[0],
          tag: '42',
          data: { id: 42, toURL: RENDERED.toURL, csrfToken: 'token-from-get' },
        }),
      },
    ]);
  });

  test('shows nothing while an app window is focused', async () => {
    windows = [fakeWindow(`${ORIGIN}/`, false), fakeWindow(`${ORIGIN}/all`, true)];
    await dispatch('push', pushOf({ id: 42 }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  test('ignores a payload without an integer id, or not JSON', async () => {
    for (const payload of [{ id: '42' }, { id: 4.2 }, {}, 'garbage']) await dispatch('push', pushOf(payload));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });
});

describe('notificationclick', () => {
  const data = { id: 42, toURL: RENDERED.toURL, csrfToken: 'token-from-get' };

  test('marks it seen from webpush with the captured token and opens its URL', async () => {
    const close = vi.fn();
    await dispatch('notificationclick', { notification: { close, data } });
    expect(close).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/notifications/42?action=markAsSeen&seenFrom=webpush');
    expect(init.method).toBe('PUT');
    expect(init.headers).toEqual({ 'X-Csrf-Token': 'token-from-get' });
    expect(opened).toEqual([`${ORIGIN}${RENDERED.toURL}`]);
  });

  test('uses an open window: focuses it and navigates it', async () => {
    const win = fakeWindow(`${ORIGIN}/all`, false);
    windows = [win];
    await dispatch('notificationclick', { notification: { close: vi.fn(), data } });
    expect(win.focus).toHaveBeenCalled();
    expect(win.navigate).toHaveBeenCalledWith(`${ORIGIN}${RENDERED.toURL}`);
    expect(opened).toEqual([]);
  });

  test('"#" (nowhere to go) opens the home page', async () => {
    await dispatch('notificationclick', { notification: { close: vi.fn(), data: { ...data, toURL: '#' } } });
    expect(opened).toEqual([`${ORIGIN}/`]);
  });
});

describe('fetch', () => {
  function request(path: string, mode: RequestMode = 'cors', method = 'GET') {
    const respondWith = vi.fn();
    handlers.get('fetch')!({ request: { url: `${ORIGIN}${path}`, method, mode }, respondWith });
    return respondWith;
  }

  test('never answers API or uploaded-image requests, nor writes, nor other origins', () => {
    expect(request('/api/_initial')).not.toHaveBeenCalled();
    expect(request('/api/notifications?render=true')).not.toHaveBeenCalled();
    expect(request('/images/0123456789abcdef01234567.webp')).not.toHaveBeenCalled();
    expect(request('/assets/index-abc.js', 'cors', 'POST')).not.toHaveBeenCalled();
    const respondWith = vi.fn();
    handlers.get('fetch')!({
      request: { url: 'https://elsewhere.example.com/assets/x.js', method: 'GET', mode: 'cors' },
      respondWith,
    });
    expect(respondWith).not.toHaveBeenCalled();
  });

  test('answers page navigations, hashed assets, static images and the manifest', () => {
    expect(request('/golang/post/xyz123', 'navigate')).toHaveBeenCalled();
    expect(request('/assets/index-abc.js')).toHaveBeenCalled();
    expect(request('/favicon.png')).toHaveBeenCalled();
    expect(request('/manifest.json')).toHaveBeenCalled();
  });
});

test('SKIP_WAITING from the update prompt activates the waiting worker', () => {
  const scope = (globalThis as unknown as { self: { skipWaiting: Mock } }).self;
  handlers.get('message')!({ data: { type: 'SKIP_WAITING' } });
  expect(scope.skipWaiting).toHaveBeenCalledTimes(1);
  handlers.get('message')!({ data: { type: 'other' } });
  expect(scope.skipWaiting).toHaveBeenCalledTimes(1);
});
