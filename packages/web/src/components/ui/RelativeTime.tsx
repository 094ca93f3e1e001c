import { useSyncExternalStore } from 'react';
import { ui } from '@commons/shared';
import { relativeTime } from '../../lib/relative-time';

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

/** One shared clock for every relative time on the page, ticking each minute (core §9). */
function subscribe(listener: () => void) {
  listeners.add(listener);
  // A page shown long after the last tick starts from the current time. The first subscriber rendered
  // the old one and is told: Preact's useSyncExternalStore compares snapshots before it subscribes,
  // not after as React does, so it would not see a change made by subscribing.
  if (!timer) {
    const current = Date.now();
    if (current !== now) {
      now = current;
      listener();
    }
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
