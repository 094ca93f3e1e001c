import { Type, type Static } from '@sinclair/typebox';
import { MOD_LOG_ACTIONS } from '../modlog.js';
import { Nullable, Time } from './common.js';

/*
 * The public moderation log (an addition to the contract: README, API notes, docs/decisions.md):
 * `GET /api/modlog` (site-wide) and `GET /api/communities/{name}/modlog`.
 */

const Query = Type.Optional(Type.String());

/** `?action=` one of MOD_LOG_ACTIONS, `?moderator=` a username, `?next=` the cursor of a previous page. */
export const ModLogQuerySchema = Type.Object({ action: Query, moderator: Query, next: Query });

export const ModLogActionSchema = Type.Union(MOD_LOG_ACTIONS.map((a) => Type.Literal(a)));

/**
 * What an entry acted on: a post (or a comment on it), a user, a rule, a community (itself, or one
 * asked for in a community request), or the site (its settings, IP blocks).
 */
export const ModLogTargetSchema = Type.Object(
  {
    type: Type.Union([
      Type.Literal('post'),
      Type.Literal('comment'),
      Type.Literal('user'),
      Type.Literal('rule'),
      Type.Literal('community'),
      Type.Literal('site'),
    ]),
    /** The post's public id (for a comment, of its post). */
    postId: Nullable(Type.String()),
    commentId: Nullable(Type.String()),
    /** The user acted on, or the author of the post or comment. */
    username: Nullable(Type.String()),
    /**
     * The post's title or the rule's text, as they were at the time; a badge's type; the name a
     * community request asked for.
     */
    title: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const ModLogEntrySchema = Type.Object(
  {
    id: Type.String(),
    createdAt: Time,
    action: ModLogActionSchema,
    actedAs: Type.Union([Type.Literal('mods'), Type.Literal('admins')]),
    /** The moderator's username; null when the community hides it from the viewer, or for the operator. */
    moderator: Nullable(Type.String()),
    /** True when the name is hidden from this viewer (shown as 'a moderator'). */
    moderatorHidden: Type.Boolean(),
    /** The community's name; null for site-wide actions. */
    community: Nullable(Type.String()),
    target: ModLogTargetSchema,
    /** The text of the community rule given as the reason of a removal. */
    reasonRule: Nullable(Type.String()),
    /** The moderator's own words. */
    reason: Nullable(Type.String()),
    /** A ban's or an IP block's end (null: permanent, or neither). */
    expiresAt: Nullable(Time),
    /** For `edit_settings` and `edit_site_settings`: the fields that changed. */
    changes: Nullable(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);

/** A page, newest first; `next` is the cursor of the next page's first entry, null at the end. */
export const ModLogPageSchema = Type.Object(
  { entries: Type.Array(ModLogEntrySchema), next: Nullable(Type.String()) },
  { additionalProperties: false },
);

export type ModLogQueryParams = Static<typeof ModLogQuerySchema>;
