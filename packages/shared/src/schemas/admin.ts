import { Type } from '@sinclair/typebox';
import { Nullable, Time } from './common.js';

/*
 * The administration area of the contract: site settings (API.md §16.2), IP blocks (§16.3, §5.14),
 * community requests (§15, §5.13) and the analytics snapshots (§16.4, §5.15).
 */

/** `PUT /api/site_settings`: a partial SiteSettings; only the keys present change (API.md §16.2). */
export const SiteSettingsUpdateBodySchema = Type.Object(
  {
    signupsDisabled: Type.Optional(Type.Boolean()),
    torBlocked: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** API.md §5.14. `maskedBits` 0 is a single host. */
export const IPBlockSchema = Type.Object(
  {
    id: Type.Integer(),
    ip: Type.String(),
    maskedBits: Type.Integer(),
    createdAt: Time,
    createdBy: Type.String(),
    expiresAt: Nullable(Time),
    cancelledAt: Nullable(Time),
    inEffect: Type.Boolean(),
    associatedUsers: Type.Array(Type.String()),
    note: Type.String(),
  },
  { additionalProperties: false },
);

/** `GET /api/ipblocks` and `DELETE /api/ipblocks` (API.md §16.3): `next` is opaque, null at the end. */
export const IPBlockPageSchema = Type.Object(
  { blocks: Type.Array(IPBlockSchema), next: Nullable(Type.String()) },
  { additionalProperties: false },
);

/**
 * `POST /api/ipblocks`. `expiresIn` is hours: a number or a string holding one; anything else is the
 * contract's 400 `invalid-expires-in`, which the service gives (so the schema lets every type through).
 */
export const CreateIPBlockBodySchema = Type.Object({
  address: Type.String(),
  expiresIn: Type.Optional(Type.Unknown()),
  note: Type.Optional(Nullable(Type.String())),
});

export const IPBlockParamsSchema = Type.Object({ blockId: Type.String() });
export const IPBlockQuerySchema = Type.Object({
  limit: Type.Optional(Type.String()),
  next: Type.Optional(Type.String()),
});

/** API.md §5.13. */
export const CommunityRequestSchema = Type.Object(
  {
    id: Type.Integer(),
    byUser: Type.String(),
    communityName: Type.String(),
    communityExists: Type.Boolean(),
    note: Nullable(Type.String()),
    createdAt: Time,
    deniedNote: Nullable(Type.String()),
    deniedBy: Nullable(Type.String()),
    deniedAt: Nullable(Time),
  },
  { additionalProperties: false },
);

export const CommunityRequestListSchema = Type.Array(CommunityRequestSchema);

/** `POST /api/community_requests` (API.md §15.1): both trimmed; a missing key is empty. */
export const CreateCommunityRequestBodySchema = Type.Object({
  name: Type.Optional(Type.String()),
  note: Type.Optional(Nullable(Type.String())),
});

export const CommunityRequestParamsSchema = Type.Object({ requestId: Type.String() });

/** The 14 numbers of one hourly snapshot (API.md §5.15, DOMAIN §13), inside an event's `payload`. */
export const BasicSiteStatsSchema = Type.Object(
  {
    version: Type.Literal(0),
    users_day: Type.Integer(),
    users_week: Type.Integer(),
    users_month: Type.Integer(),
    return_users_day: Type.Integer(),
    return_users_week: Type.Integer(),
    return_users_month: Type.Integer(),
    signups: Type.Integer(),
    pwa_installs: Type.Integer(),
    notifications_enabled: Type.Integer(),
    posts_day: Type.Integer(),
    posts_week: Type.Integer(),
    comments_day: Type.Integer(),
    comments_week: Type.Integer(),
  },
  { additionalProperties: false },
);

/** API.md §5.15: `payload` is the JSON-encoded BasicSiteStats (the client parses it). */
export const AnalyticsEventSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    uniqueKey: Type.Null(),
    payload: Type.String(),
    createdAt: Time,
  },
  { additionalProperties: false },
);

/** `GET /api/analytics/bss` (API.md §16.4): `next` is Unix seconds, `""` at the end; events never null. */
export const AnalyticsPageSchema = Type.Object(
  { events: Type.Array(AnalyticsEventSchema), next: Type.String() },
  { additionalProperties: false },
);

export const AnalyticsQuerySchema = Type.Object({
  limit: Type.Optional(Type.String()),
  next: Type.Optional(Type.String()),
});
