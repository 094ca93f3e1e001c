/**
 * Where the reader was on the pages they left, so coming back puts them at the same place: per history
 * entry for Back and Forward, and per path for the bottom bar's pages (core §2).
 *
 * The browser's own restoration runs when the address changes, before the page's content has rendered
 * again, and settles for whatever height there is; so the app restores itself, once the page is tall
 * enough to hold the place.
 */
const KEY = 'scrollKey';
const SAVED = 'scroll-positions';
/** How long a page may take to grow tall enough again (its code and data are usually cached). */
const RESTORE_WITHIN_MS = 3000;
/** Frames the place must hold before restoring stops watching: content can still shift just after. */
const SETTLED_FRAMES = 5;

const byEntry = new Map<string, number>();
const byPath = new Map<string, number>();
let current = '';
/** The path of the page on screen, to note its place when it is left (by a link, Back or Forward). */
let currentPath = '';
let restoring: (() => void) | null = null;

/** However the reader leaves a page (a link, a post, Back, the bar), the bar brings them back there. */
function leaving(): void {
  if (currentPath && !restoring) byPath.set(currentPath, window.scrollY);
}

const newKey = () => Math.random().toString(36).slice(2, 10);
function keyOf(state: unknown): string | null {
  const key = (state as Record<string, unknown> | null)?.[KEY];
  return typeof key === 'string' ? key : null;
}

function withKey(state: unknown, key: string): object {
  return state && typeof state === 'object' ? { ...state, [KEY]: key } : { [KEY]: key };
}

function save(): void {
  if (current && !restoring) byEntry.set(current, window.scrollY);
}

/** Scrolls to `target` once the page can hold it, unless the reader scrolls first. */
function scrollWhenReady(target: number): void {
  restoring?.();
  const deadline = performance.now() + RESTORE_WITHIN_MS;
  let held = 0;
  let frame = 0;
  const readerScrolls = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of readerScrolls) window.removeEventListener(type, stop, true);
    restoring = null;
    save();
  };
  const step = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
    // A page that never grew tall enough (a feed reloaded holds its first page only) keeps the reader
    // where they are: a jump seconds later, to a place that is not theirs, is worse than none.
    if (!reachable && performance.now() > deadline) return stop();
    if (reachable) {
      if (Math.abs(window.scrollY - target) >= 1) {
        window.scrollTo(0, target);
        held = 0;
      } else held++;
      if (held >= SETTLED_FRAMES || performance.now() > deadline) return stop();
    }
    frame = requestAnimationFrame(step);
  };
  for (const type of readerScrolls) window.addEventListener(type, stop, { capture: true, passive: true });
  restoring = stop;
  frame = requestAnimationFrame(step);
}

/**
 * Gives every history entry a key, notes the place on scroll and before each navigation, and restores
 * it on Back and Forward (and after a reload, from session storage). Call once, after the router has
 * patched `history`.
 */
export function installScrollMemory(): void {
  if (current) return;
  window.history.scrollRestoration = 'manual';
  try {
    for (const [key, y] of JSON.parse(sessionStorage.getItem(SAVED) ?? '[]') as [string, number][])
      byEntry.set(key, y);
  } catch {
    // nothing remembered
  }

  const history = window.history;
  const pushState = history.pushState.bind(history);
  const replaceState = history.replaceState.bind(history);
  history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
    save();
    leaving();
    restoring?.();
    current = newKey();
    pushState(withKey(state, current), unused, url);
    currentPath = window.location.pathname;
  };
  history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
    replaceState(withKey(state, current), unused, url);
    currentPath = window.location.pathname;
  };

  current = keyOf(window.history.state) ?? newKey();
  currentPath = window.location.pathname;
  window.history.replaceState(window.history.state, '');
  window.addEventListener('scroll', save, { passive: true });
  window.addEventListener('popstate', (event) => {
    // The page left is still the one scrolled: the browser does not move it (scrollRestoration manual).
    leaving();
    currentPath = window.location.pathname;
    restoring?.();
    const key = keyOf(event.state);
    if (!key) {
      // An entry the app did not make, such as a jump to #main.
      current = newKey();
      window.history.replaceState(event.state, '');
      return;
    }
    current = key;
    const target = byEntry.get(key);
    if (target !== undefined) scrollWhenReady(target);
  });
  window.addEventListener('pagehide', () => {
    save();
    try {
      sessionStorage.setItem(SAVED, JSON.stringify([...byEntry].slice(-50)));
    } catch {
      // not kept across reloads
    }
  });
  const reloaded = byEntry.get(current);
  if (reloaded) scrollWhenReady(reloaded);
}

export function rememberScroll(path: string): void {
  byPath.set(path, window.scrollY);
}

/** Restores the place a bottom-bar page had when the reader last left it. */
export function restoreScroll(path: string): void {
  scrollWhenReady(byPath.get(path) ?? 0);
}
