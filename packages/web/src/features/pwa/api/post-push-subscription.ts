import { api } from '../../../lib/api-client';

/** `POST /api/push_subscriptions` (API.md §12.5): the browser's subscription, stored per session. */
export function postPushSubscription(subscription: PushSubscriptionJSON): Promise<{ success: true }> {
  return api('/push_subscriptions', { method: 'POST', body: subscription });
}
