import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityReports } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { MODTOOLS_PAGE_SIZE, modtoolsKeys, type ReportFilter } from './keys';

/** `GET /api/communities/{id}/reports` (API.md §11.8): `reports` is null for an empty page. */
export const reportsQuery = (communityId: string, filter: ReportFilter, page: number) =>
  queryOptions({
    queryKey: modtoolsKeys.reports(communityId, filter, page),
    queryFn: ({ signal }) =>
      api<CommunityReports>(`/communities/${communityId}/reports`, {
        query: { filter, page, limit: MODTOOLS_PAGE_SIZE },
        signal,
      }),
  });

export function useReports(communityId: string, filter: ReportFilter, page: number) {
  return useQuery({ ...reportsQuery(communityId, filter, page), placeholderData: keepPreviousData });
}
