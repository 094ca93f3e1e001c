import { useSyncExternalStore } from 'react';
import { ui } from '@commons/shared';
import { relativeTime } from '../../lib/relative-time';

let now = Date.now();
/** Older than this when a time is shown, every time on the page is shown again from the clock read anew. */
const STALE_MS = 1_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

/** One shared clock for every relative time on the page, ticking each minute (core §9). */
function subscribe(listener: () => void) {
  listeners.add(listener);
  // A time shown after the last tick (up to a minute, or since the clock last ran) starts from the
  // current time; when the clock was a second old or more, so do the others on the page, which would
  // otherwise disagree with it by that much (a list mounting within a second re-renders nothing more).
  // Subscribers rendered the old time and are told: Preact's useSyncExternalStore compares snapshots
  // before it subscribes, not after as React does, so it would not see a change made by subscribing.
  const current = Date.now();
  if (current !== now) {
    const everyone = Math.abs(current - now) >= STALE_MS;
    now = current;
    if (everyone) listeners.forEach((l) => l());
    else listener();
  }
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((l) => l());
  }, ui.relativeTimeRefreshMs);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

// What toLocaleString() shows, from one formatter: toLocaleString builds a new one on every call,
// which adds up on a page of hundreds of comments.
let titleFormat: Intl.DateTimeFormat | null = null;
function fullDate(date: Date): string {
  titleFormat ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return titleFormat.format(date);
}

/**
 * The time to show against: the shared clock in the browser; on the server, whose renders nothing
 * subscribes to, the time of the render (the module's clock there is the process's start).
 */
const snapshot = () => (typeof window === 'undefined' ? Date.now() : now);

export function RelativeTime({ date, className }: { date: string | Date; className?: string }) {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const value = typeof date === 'string' ? new Date(date) : date;
  return (
    <time className={className} dateTime={value.toISOString()} title={fullDate(value)}>
      {relativeTime(value, new Date(current))}
    </time>
  );
}
