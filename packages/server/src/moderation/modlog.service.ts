import type { ModLogPage } from '@commons/shared';
import { isModLogAction, modLogLimits, type ModLogAction } from '@commons/shared/modlog';
import type { Kysely } from 'kysely';
import type { ModLogQueryParams } from '@commons/shared/schemas';
import { moderatedCommunities, type CommunityRow } from '../communities/communities.repository.js';
import { requireCommunity } from '../communities/communities.service.js';
import type { DB } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import type { Standing } from '../policies/roles.policy.js';
import { findUserByName, type UserRow } from '../users/users.repository.js';
import { presentModLogEntry } from './modlog.presenter.js';
import {
  insertModLogEntry,
  modLogPage,
  postContext,
  ruleOfCommunity,
  type ModLogRow,
  type NewModLogEntry,
} from './modlog.repository.js';
import { INT32_MAX } from '../lib/int32.js';

/*
 * The public moderation log (issue 16; README "API notes"). Every moderation and admin action writes
 * one entry here, in the transaction of the action (so a refused or failed action leaves none); the
 * two list routes read it. A community may hide its moderators' names from everyone but its
 * moderators and the admins; the moderator filter then never matches those entries for such a viewer,
 * or the filter would tell who did what.
 */

/** The moderator or admin acting, as the log names them (null for an operator command). */
export type ModLogActor = Pick<UserRow, 'id' | 'username'> | null;

/** Records one entry in the caller's transaction. */
export async function recordModAction(
  trx: Kysely<DB>,
  actor: ModLogActor,
  entry: Omit<NewModLogEntry, 'actorId' | 'actorName'>,
): Promise<void> {
  await insertModLogEntry(trx, { ...entry, actorId: actor?.id ?? null, actorName: actor?.username ?? null });
}

/** The group an action in a community is taken as: its moderators', else the admins'. */
export function actingGroup(standing: Standing): 'mods' | 'admins' {
  return standing.moderates ? 'mods' : 'admins';
}

/** The community part of an entry. */
export function inCommunity(community: Pick<CommunityRow, 'id' | 'name'>) {
  return { communityId: community.id, communityName: community.name };
}

/** A removal's reason, checked: the written words and the community rule given, if any. */
export interface RemovalReason {
  reason: string | null;
  ruleId: number | null;
  rule: string | null;
}

/**
 * Reads a removal's optional `reason` (trimmed; longer than the limit is 400 `reason-too-long`) and
 * `reasonRule` (the id of one of the community's rules; anything else is 400 `invalid-reason-rule`).
 */
export async function removalReason(
  db: Kysely<DB>,
  communityId: string,
  query: { reason?: string; reasonRule?: string },
): Promise<RemovalReason> {
  const reason = (query.reason ?? '').trim();
  if ([...reason].length > modLogLimits.reasonMax) throw errors.reasonTooLong();
  let rule: { id: number; rule: string } | undefined;
  if (query.reasonRule !== undefined && query.reasonRule !== '') {
    if (!/^\d{1,10}$/.test(query.reasonRule)) throw errors.invalidReasonRule();
    const id = Number(query.reasonRule);
    rule = id <= INT32_MAX ? await ruleOfCommunity(db, communityId, id) : undefined;
    if (!rule) throw errors.invalidReasonRule();
  }
  return { reason: reason || null, ruleId: rule?.id ?? null, rule: rule?.rule ?? null };
}

/** The text a removed post's banner shows: the rule, the words, or both. */
export function reasonText(reason: RemovalReason): string | null {
  if (reason.rule && reason.reason) return `${reason.rule}: ${reason.reason}`;
  return reason.rule ?? reason.reason;
}

// Reading the log.

const CURSOR = /^\d{1,18}$/;

interface ParsedQuery {
  action?: ModLogAction;
  moderator?: string;
  fromId?: string;
}

/** Empty, `null` and `undefined` mean absent, as for the other cursors (API.md §8.1). */
function present(value: string | undefined): string | undefined {
  return value === undefined || value === '' || value === 'null' || value === 'undefined' ? undefined : value;
}

function parseQuery(query: ModLogQueryParams): ParsedQuery {
  const action = present(query.action);
  if (action !== undefined && !isModLogAction(action)) throw errors.invalidModLogAction();
  const next = present(query.next);
  if (next !== undefined && !CURSOR.test(next)) throw errors.invalidCursor();
  // A username, never a cursor: `null` and `undefined` are names a member may have.
  const moderator = query.moderator?.trim();
  return {
    ...(action ? { action } : {}),
    ...(moderator ? { moderator } : {}),
    ...(next ? { fromId: next } : {}),
  };
}

/** The communities whose hidden names this viewer sees anyway (those they moderate); null: all (admins). */
async function namesSeenIn(deps: Deps, viewer: UserRow | null): Promise<Set<string> | null> {
  if (viewer?.is_admin) return null;
  if (!viewer) return new Set();
  return new Set((await moderatedCommunities(deps.db, viewer.id)).map((c) => c.id));
}

async function page(
  deps: Deps,
  viewer: UserRow | null,
  query: ModLogQueryParams,
  communityId: string | undefined,
): Promise<ModLogPage> {
  const parsed = parseQuery(query);
  const seenIn = await namesSeenIn(deps, viewer);
  let actorId: string | undefined;
  if (parsed.moderator !== undefined) {
    const user = await findUserByName(deps.db, parsed.moderator);
    // A deleted account's name is the ghost's for all but the admins: it finds nothing for them.
    if (!user || (user.deleted_at !== null && seenIn !== null)) return { entries: [], next: null };
    actorId = user.id;
  }
  const size = modLogLimits.pageSize;
  const rows = await modLogPage(deps.db, {
    ...(communityId ? { communityId } : {}),
    ...(parsed.action ? { action: parsed.action } : {}),
    ...(actorId ? { actorId, nameVisibleIn: seenIn && [...seenIn] } : {}),
    ...(parsed.fromId ? { fromId: parsed.fromId } : {}),
    limit: size + 1,
  });
  const moderates = (row: ModLogRow) =>
    seenIn === null || (row.community_id !== null && seenIn.has(row.community_id));
  // The setting hides the community's moderators; an admin acting as admins, or the operator, is named.
  const showName = (row: ModLogRow) =>
    !row.hide_names || row.acted_as === 'admins' || row.actor_id === null || moderates(row);
  // DOMAIN §4.7: the admins see every deleted comment's author; the community's moderators those
  // their group removed; nobody else any.
  const seesDeletedAuthor = (row: ModLogRow) =>
    seenIn === null || (row.comment_deleted_as === 'mods' && moderates(row));
  return {
    entries: rows
      .slice(0, size)
      .map((row) => presentModLogEntry(row, showName(row), seenIn === null, seesDeletedAuthor(row))),
    next: rows[size] ? String(rows[size].id) : null,
  };
}

/** `GET /api/modlog`: the whole site's log, newest first; public. */
export function siteModLog(
  deps: Deps,
  viewer: UserRow | null,
  query: ModLogQueryParams,
): Promise<ModLogPage> {
  return page(deps, viewer, query, undefined);
}

/** `GET /api/communities/{name}/modlog` (a community's id works too): its log, newest first; public. */
export async function communityModLog(
  deps: Deps,
  viewer: UserRow | null,
  nameOrId: string,
  query: ModLogQueryParams,
): Promise<ModLogPage> {
  const community = await requireCommunity(deps.db, nameOrId, parseId(nameOrId) === null);
  return page(deps, viewer, query, community.id);
}

/**
 * Records an action on a post (`comment` for one of its comments) in the caller's transaction, with
 * the names and title copied.
 */
export async function recordContentAction(
  trx: Kysely<DB>,
  actor: ModLogActor,
  entry: {
    at: Date;
    actedAs: 'mods' | 'admins';
    action: ModLogAction;
    postId: string;
    comment?: { id: string; userId: string };
    reason?: RemovalReason;
  },
): Promise<void> {
  const context = await postContext(trx, entry.postId, entry.comment?.userId);
  const { commentAuthorName: _, ...post } = context;
  await recordModAction(trx, actor, {
    at: entry.at,
    actedAs: entry.actedAs,
    action: entry.action,
    ...post,
    ...(entry.comment
      ? {
          commentId: entry.comment.id,
          targetUserId: entry.comment.userId,
          targetUserName: context.commentAuthorName,
        }
      : {}),
    ...(entry.reason
      ? { ruleId: entry.reason.ruleId, reasonRule: entry.reason.rule, reason: entry.reason.reason }
      : {}),
  });
}

/**
 * A site-wide ban or unban, by an admin (`actor`) or an operator command (null), in the caller's
 * transaction. The content a ban purges is part of this one entry (`deleteContentDays`).
 */
export async function recordSiteBan(
  trx: Kysely<DB>,
  actor: ModLogActor,
  target: Pick<UserRow, 'id' | 'username'>,
  ban: boolean,
  at: Date,
  deleteContentDays?: number,
): Promise<void> {
  await recordModAction(trx, actor, {
    at,
    actedAs: 'admins',
    action: ban ? 'site_ban_user' : 'site_unban_user',
    communityId: null,
    communityName: null,
    targetUserId: target.id,
    targetUserName: target.username,
    ...(deleteContentDays !== undefined ? { details: { deleteContentDays } } : {}),
  });
}

/**
 * An action of the site's administration (an admin's, or the operator's when `actor` is null), in the
 * caller's transaction: acted as admins, in no community unless `fields` names one.
 */
export async function recordAdminAction(
  trx: Kysely<DB>,
  actor: ModLogActor,
  action: ModLogAction,
  at: Date,
  fields: Omit<
    NewModLogEntry,
    'actorId' | 'actorName' | 'at' | 'actedAs' | 'action' | 'communityId' | 'communityName'
  > &
    Partial<Pick<NewModLogEntry, 'communityId' | 'communityName'>> = {},
): Promise<void> {
  await recordModAction(trx, actor, {
    communityId: null,
    communityName: null,
    ...fields,
    at,
    actedAs: 'admins',
    action,
  });
}
