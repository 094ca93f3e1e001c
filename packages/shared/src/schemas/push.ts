import { Type } from '@sinclair/typebox';

/**
 * `POST /api/push_subscriptions` (API.md §12.5, §5.17): the browser's `PushSubscription.toJSON()`. The
 * shape is checked here; what the values must be (an https endpoint, keys of the right lengths) is the
 * service's check.
 */
export const PushSubscriptionBodySchema = Type.Object({
  endpoint: Type.String(),
  expirationTime: Type.Optional(Type.Union([Type.Null(), Type.Number()])),
  keys: Type.Object({ p256dh: Type.String(), auth: Type.String() }),
});
