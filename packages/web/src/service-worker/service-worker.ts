/**
 * The service worker, served at /service-worker.js (API.md §18.5). Built on its own by the
 * `commons-service-worker` step of vite.config.ts, which prepends `BUILD`: this build's version and the
 * files to precache (the app shell, the manifest and every hashed asset), so each build is a new worker.
 *
 * - Navigations: network first; offline, the cached shell (which then shows "You're offline"). The
 *   shell is the data-free one of the install: pages that carry first-screen data say not to keep them.
 * - Hashed assets and static images outside /images/: cache first, cached on the way.
 * - /api/ and /images/ are never cached (personal data; uploads have their own long HTTP caching).
 * - Web Push (API.md §12.6): show the rendered notification unless an app window is focused; a click
 *   marks it seen (`seenFrom=webpush`, with the CSRF token of the GET, §3.2) and opens its URL.
 *
 * Self-contained on purpose: no imports, so the build is one small file with no chunks to fetch.
 */
export {};

declare const BUILD: { version: string; precache: string[] };

const sw = self as unknown as ServiceWorkerGlobalScope;
const CACHE = `commons-${BUILD.version}`;
const SHELL = '/';

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(
        BUILD.precache.map(
          // The shell is asked for without the page data the server embeds for a first screen: the
          // copy kept here is shown offline, and must hold nobody's state.
          (url) =>
            new Request(url, {
              cache: 'reload',
              headers: url === SHELL ? { 'X-Commons-Shell': '1' } : {},
            }),
        ),
      ),
    ),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys())
        if (key.startsWith('commons-') && key !== CACHE) await caches.delete(key);
      await sw.clients.claim();
    })(),
  );
});

/** The page's "Update available!" answer: the waiting worker takes over, then the page reloads. */
sw.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

function isCacheableFile(url: URL): boolean {
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/images/')) return false;
  return url.pathname.startsWith('/assets/') || /\.(png|jpe?g|svg|webp|woff2?)$/i.test(url.pathname);
}

async function networkFirstPage(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    const url = new URL(request.url);
    if (url.pathname === SHELL && response.ok && !response.headers.has('X-Service-Worker-Cache')) {
      const copy = response.clone();
      void caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && !response.headers.has('X-Service-Worker-Cache')) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(networkFirstPage(request));
  else if (url.pathname === '/manifest.json')
    event.respondWith(fetch(request).catch(() => caches.match(request).then((r) => r ?? Response.error())));
  else if (isCacheableFile(url)) event.respondWith(cacheFirst(request));
  // Everything else, /api/ first of all, goes to the network untouched and is never stored.
});

interface RenderedNotification {
  title: string;
  body: string;
  icons: string[];
  toURL: string;
}

interface ShownData {
  id: number;
  toURL: string;
  csrfToken: string;
}

sw.addEventListener('push', (event) => {
  let id: unknown;
  try {
    id = (event.data?.json() as { id?: unknown } | undefined)?.id;
  } catch {
    return;
  }
  if (typeof id !== 'number' || !Number.isInteger(id)) return;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (windows.some((client) => client.focused)) return;
      const response = await fetch(`/api/notifications/${id}?render=true`, { credentials: 'same-origin' });
      if (!response.ok) return;
      const notification = (await response.json()) as RenderedNotification;
      const data: ShownData = {
        id,
        toURL: notification.toURL,
        csrfToken: response.headers.get('Csrf-Token') ?? '',
      };
      await sw.registration.showNotification(notification.title, {
        body: notification.body,
        icon: notification.icons[0] ?? '/favicon.png?v=2',
        badge: '/favicon.png?v=2',
        tag: String(id),
        data,
      });
    })(),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as ShownData | null;
  if (!data) return;
  const target = new URL(
    data.toURL === '#' || !data.toURL.startsWith('/') ? '/' : data.toURL,
    sw.location.origin,
  ).href;
  event.waitUntil(
    Promise.all([
      fetch(`/api/notifications/${data.id}?action=markAsSeen&seenFrom=webpush`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'X-Csrf-Token': data.csrfToken },
      }).catch(() => undefined),
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
        if (open) {
          const focused = await open.focus();
          await focused.navigate(target).catch(() => sw.clients.openWindow(target));
        } else {
          await sw.clients.openWindow(target);
        }
      })(),
    ]),
  );
});
