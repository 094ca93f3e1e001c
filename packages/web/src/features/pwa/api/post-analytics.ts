import type { AnalyticsClientEvent } from '@commons/shared/schemas';
import { api } from '../../../lib/api-client';

/** `POST /api/analytics` (API.md §16.4): the installed app's use, recorded once per session. */
export function postAnalyticsEvent(event: AnalyticsClientEvent): Promise<{ success: true }> {
  return api('/analytics', { method: 'POST', body: { event } });
}
