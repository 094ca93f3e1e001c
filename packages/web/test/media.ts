/**
 * A window.matchMedia that tests can drive. happy-dom 21 has a matchMedia, but it answers from fixed
 * device settings and fires `change` only on window resize, so a test cannot switch the system theme
 * or the mobile breakpoint with it. This one answers `false` for every query unless a test says
 * otherwise with setMediaQuery, which also fires `change` on every list for that query.
 */
const matching = new Map<string, boolean>();
const lists = new Set<FakeMediaQueryList>();

class FakeMediaQueryList extends EventTarget implements MediaQueryList {
  readonly media: string;
  onchange: ((this: MediaQueryList, event: MediaQueryListEvent) => unknown) | null = null;

  constructor(media: string) {
    super();
    this.media = media;
  }

  get matches(): boolean {
    return matching.get(this.media) ?? false;
  }

  /** Deprecated in browsers, still used by some libraries. */
  addListener(callback: ((this: MediaQueryList, event: MediaQueryListEvent) => unknown) | null): void {
    if (callback) this.addEventListener('change', callback as EventListener);
  }

  removeListener(callback: ((this: MediaQueryList, event: MediaQueryListEvent) => unknown) | null): void {
    if (callback) this.removeEventListener('change', callback as EventListener);
  }

  notify(): void {
    const event = new Event('change') as MediaQueryListEvent;
    Object.defineProperties(event, {
      matches: { value: this.matches },
      media: { value: this.media },
    });
    this.onchange?.call(this, event);
    this.dispatchEvent(event);
  }
}

/** Makes `query` match or not, and tells every listener of that query when the answer changes. */
export function setMediaQuery(query: string, matches: boolean): void {
  const before = matching.get(query) ?? false;
  matching.set(query, matches);
  if (before === matches) return;
  for (const list of lists) if (list.media === query) list.notify();
}

export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => {
      const list = new FakeMediaQueryList(query);
      lists.add(list);
      return list;
    },
  });
}

/** Every query back to not matching; lists from earlier tests are forgotten. */
export function resetMediaQueries(): void {
  matching.clear();
  lists.clear();
}
