import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AnalyticsPage } from '@commons/shared';
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

/** 30 days of hourly snapshots, for the chart: one call with a larger page. */
export const ACTIVITY_SNAPSHOTS = 30 * 24;

export function useActivity() {
  return useQuery({
    queryKey: adminKeys.activity,
    queryFn: ({ signal }) =>
      api<AnalyticsPage>('/analytics/bss', { query: { limit: ACTIVITY_SNAPSHOTS, next: '' }, signal }),
  });
}
