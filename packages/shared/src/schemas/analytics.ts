import { Type } from '@sinclair/typebox';

/** Client analytics events (API.md §16.4). */
export const analyticsEvents = ['pwa_use'] as const;
export type AnalyticsClientEvent = (typeof analyticsEvents)[number];

/**
 * `POST /api/analytics`. The event is any string here: a name other than `pwa_use` is the contract's
 * 400 `bad_event`, which the service gives, not the schema's `invalid_json`.
 */
export const AnalyticsEventBodySchema = Type.Object(
  { event: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);
