import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { modtoolsKeys } from './keys';

/** `DELETE /api/communities/{id}/reports/{reportId}` (API.md §11.8): "ignore report". */
export function useIgnoreReport(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: number) =>
      api<Report>(`/communities/${communityId}/reports/${reportId}`, { method: 'DELETE' }),
    // The counts and every page after this one move: the community's report pages are read again.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...modtoolsKeys.community(communityId), 'reports'] }),
  });
}
