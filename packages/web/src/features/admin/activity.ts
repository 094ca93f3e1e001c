import type { BasicSiteStats } from '@commons/shared';

type SiteStats = Omit<BasicSiteStats, 'version'>;

/** The 13 counters in the order of the analytics table's columns after the time. */
export const STAT_COLUMNS: { key: keyof SiteStats; label: string }[] = [
  { key: 'signups', label: 'Signups' },
  { key: 'pwa_installs', label: 'PWA installs' },
  { key: 'notifications_enabled', label: 'Notifications on' },
  { key: 'users_day', label: 'Users (day)' },
  { key: 'users_week', label: 'Users (week)' },
  { key: 'users_month', label: 'Users (month)' },
  { key: 'return_users_day', label: 'Returning (day)' },
  { key: 'return_users_week', label: 'Returning (week)' },
  { key: 'return_users_month', label: 'Returning (month)' },
  { key: 'posts_day', label: 'Posts (day)' },
  { key: 'posts_week', label: 'Posts (week)' },
  { key: 'comments_day', label: 'Comments (day)' },
  { key: 'comments_week', label: 'Comments (week)' },
];

/** A payload that does not parse, or lacks a counter, shows its counters as null rather than failing. */
export function parseStats(payload: string): Partial<SiteStats> {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

export interface DayPoint {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  users: number | null;
  posts: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Active users and posts per day for the `days` days up to `now` (UTC), oldest first. Each snapshot
 * counts the 24 hours before it, so a day's value is that of its last snapshot; a day without one has
 * nulls (a gap in the line, not a drop to zero).
 */
export function dailyActivity(
  events: { createdAt: string; payload: string }[],
  now: Date,
  days = 30,
): DayPoint[] {
  const latest = new Map<string, { at: number; stats: Partial<SiteStats> }>();
  for (const event of events) {
    const at = Date.parse(event.createdAt);
    if (Number.isNaN(at)) continue;
    const day = new Date(at).toISOString().slice(0, 10);
    const seen = latest.get(day);
    if (!seen || seen.at < at) latest.set(day, { at, stats: parseStats(event.payload) });
  }
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const points: DayPoint[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(today - i * DAY_MS).toISOString().slice(0, 10);
    const stats = latest.get(day)?.stats;
    points.push({ day, users: stats?.users_day ?? null, posts: stats?.posts_day ?? null });
  }
  return points;
}

/** The smallest of 1, 2, 5 × 10^n at or above `value` (at least 1): the top of a readable axis. */
export function niceCeiling(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export interface ChartScale {
  max: number;
  /** Values of the horizontal grid lines, 0 first. */
  ticks: number[];
  x(index: number): number;
  y(value: number): number;
}

/**
 * Maps day indexes and counts into a `width` × `height` plot: index 0 at the left edge, the last at the
 * right; 0 at the bottom, the axis top (a nice ceiling of the largest count) at the top.
 */
export function chartScale(
  values: (number | null)[],
  count: number,
  width: number,
  height: number,
): ChartScale {
  const largest = Math.max(0, ...values.filter((v): v is number => v !== null));
  const max = niceCeiling(largest);
  const step = max >= 4 ? max / 4 : 1;
  const ticks: number[] = [];
  for (let t = 0; t <= max + 1e-9; t += step) ticks.push(Math.round(t * 1000) / 1000);
  return {
    max,
    ticks,
    x: (index) => (count <= 1 ? width / 2 : (index / (count - 1)) * width),
    y: (value) => height - (value / max) * height,
  };
}

/**
 * An SVG path through the points that have a value; a missing day lifts the pen, so the line breaks
 * there instead of pretending to know.
 */
export function linePath(values: (number | null)[], scale: Pick<ChartScale, 'x' | 'y'>): string {
  let path = '';
  let penDown = false;
  values.forEach((value, index) => {
    if (value === null) {
      penDown = false;
      return;
    }
    const x = scale.x(index).toFixed(1);
    const y = scale.y(value).toFixed(1);
    path += `${penDown ? 'L' : 'M'}${x} ${y} `;
    penDown = true;
  });
  return path.trim();
}
