import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings, SiteSettingsUpdateBody } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { initialQuery } from '../../session';
import { adminKeys } from './keys';

/** `GET /api/site_settings` (API.md §16.2). */
export function useSiteSettings() {
  return useQuery({
    queryKey: adminKeys.siteSettings,
    queryFn: ({ signal }) => api<SiteSettings>('/site_settings', { signal }),
  });
}

/**
 * `PUT /api/site_settings`: the answer is the whole settings after saving. `_initial` carries
 * `signupsDisabled` too, so it is read again for this tab's own signup form.
 */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteSettingsUpdateBody) =>
      api<SiteSettings>('/site_settings', { method: 'PUT', body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.siteSettings, saved);
      await queryClient.invalidateQueries({ queryKey: initialQuery.queryKey });
    },
  });
}
