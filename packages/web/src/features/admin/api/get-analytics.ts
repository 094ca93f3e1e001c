import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AnalyticsEvent, AnalyticsPage } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/**
 * `GET /api/analytics/bss?next=` (API.md §16.4): hourly snapshots, newest first, 250 a page; `next` is
 * the Unix time of the next page's first snapshot, `""` at the end.
 */
export const analyticsQuery = infiniteQueryOptions({
  queryKey: adminKeys.analytics,
  queryFn: ({ pageParam, signal }) =>
    api<AnalyticsPage>('/analytics/bss', { query: { next: pageParam }, signal }),
  initialPageParam: '',
  getNextPageParam: (last) => last.next || undefined,
});

export function useAnalytics() {
  return useInfiniteQuery(analyticsQuery);
}

const ACTIVITY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The snapshots of the last 30 days, for the chart: pages of the server's own size, followed until they
 * reach back 30 days or run out (hourly snapshots make about three pages).
 */
async function activitySnapshots(signal: AbortSignal): Promise<AnalyticsEvent[]> {
  const since = Date.now() - ACTIVITY_DAYS * DAY_MS;
  const events: AnalyticsEvent[] = [];
  let next = '';
  for (let pages = 0; pages < 10; pages++) {
    const page = await api<AnalyticsPage>('/analytics/bss', { query: { next }, signal });
    events.push(...page.events);
    const oldest = page.events.at(-1);
    if (!page.next || !oldest || Date.parse(oldest.createdAt) < since) break;
    next = page.next;
  }
  return events;
}

export function useActivity() {
  return useQuery({
    queryKey: adminKeys.activity,
    queryFn: ({ signal }) => activitySnapshots(signal),
  });
}
