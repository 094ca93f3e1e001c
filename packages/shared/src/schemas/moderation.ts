import { Type } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { CommunityRuleSchema } from './community.js';
import { ReportSchema } from './report.js';

/*
 * The moderators' routes of a community (API.md §11.6–§11.10): rules, moderators, reports. Bans and
 * settings reuse the community schemas (`CommunityBanBodySchema`, `UpdateCommunityBodySchema`).
 */

const Query = Type.Optional(Type.String());

/** A Postgres integer: larger values are refused by the schema rather than overflowing a column. */
const Int32 = Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 });

// Path parameters.
/** Rule routes look the rule up by its id only (API.md §11.6). */
export const CommunityRuleParamsSchema = Type.Object({ id: Type.String(), ruleId: Type.String() });
export const CommunityModParamsSchema = Type.Object({ id: Type.String(), username: Type.String() });
export const CommunityReportParamsSchema = Type.Object({ id: Type.String(), reportId: Type.String() });

// Query strings.
/** `GET /api/communities/{id}/reports` (API.md §11.8). */
export const CommunityReportsQuerySchema = Type.Object({ filter: Query, page: Query, limit: Query });

// Bodies.
/** `POST /api/communities/{id}/rules`: both truncated to 512; an empty rule is 400 `invalid-rule`. */
export const CreateRuleBodySchema = Type.Object({
  rule: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Nullable(Type.String())),
});

/** `PUT /api/communities/{id}/rules/{ruleId}`: the client sends all three; `zIndex` orders the rules. */
export const UpdateRuleBodySchema = Type.Object({
  rule: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Nullable(Type.String())),
  zIndex: Type.Optional(Nullable(Int32)),
});

/** `POST /api/communities/{id}/mods`: a missing username is 400 `empty_username`. */
export const AddModBodySchema = Type.Object({ username: Type.Optional(Nullable(Type.String())) });

// Answers.
export const CommunityRuleListSchema = Type.Array(CommunityRuleSchema);

/** `GET /api/communities/{id}/reports`: `reports` is null when the page is empty (API.md §11.8). */
export const CommunityReportsSchema = Type.Object(
  {
    details: Type.Object(
      { noReports: Type.Integer(), noPostReports: Type.Integer(), noCommentReports: Type.Integer() },
      { additionalProperties: false },
    ),
    reports: Nullable(Type.Array(ReportSchema)),
    limit: Type.Integer(),
    page: Type.Integer(),
  },
  { additionalProperties: false },
);
