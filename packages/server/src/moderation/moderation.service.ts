import {
  isReportFilter,
  limits,
  truncateChars,
  type Comment,
  type CommunityReports,
  type CommunityRule,
  type CommunityWithoutMods,
  type CreateRuleBody,
  type Post,
  type Report,
  type UpdateRuleBody,
  type UserWithoutModding,
} from '@commons/shared';
import { commentJsons } from '../comments/comment-views.js';
import { commentsByIds } from '../comments/comments.repository.js';
import { presentRule } from '../communities/communities.presenter.js';
import {
  addMember,
  addModerator,
  bannedUserIds,
  deleteBan,
  findCommunityById,
  insertBan,
  isModerator,
  moderatorIds,
  removeModerator,
  rulesOf,
  updateCommunitySettings,
  type CommunityRow,
  type RuleRow,
} from '../communities/communities.repository.js';
import {
  communityJsons,
  fullCommunityJson,
  requireCommunity,
  standingIn,
} from '../communities/communities.service.js';
import type { Deps } from '../deps.js';
import { UnsupportedImageError } from '../images/image-processing.js';
import { deleteImages, storeImage } from '../images/images.service.js';
import { errors } from '../lib/errors.js';
import { recordModAddEvent } from '../notifications/notification-events.service.js';
import {
  assertMayEditCommunity,
  assertMayUseModTools,
  mayBeBannedFromCommunity,
} from '../policies/communities.policy.js';
import {
  assertMayAddModerator,
  assertMayEditRules,
  assertMayRemoveModerator,
} from '../policies/moderation.policy.js';
import { postJsons } from '../posts/post-views.js';
import { postsByIds } from '../posts/posts.repository.js';
import { presentReport } from '../reports/reports.presenter.js';
import type { ReportRow } from '../reports/reports.repository.js';
import { findUserByName, type UserRow } from '../users/users.repository.js';
import { publicUsers, usersInOrder } from '../users/user-views.js';
import {
  deleteReport,
  deleteRule,
  findRule,
  insertRule,
  lockRules,
  lockModerators,
  moderatorPosition,
  replaceCommunityImage,
  reportCounts,
  reportsPage,
  updateRule,
} from './moderation.repository.js';
import { actingGroup, inCommunity, recordModAction } from './modlog.service.js';
import { INT32_MAX } from '../lib/int32.js';

/*
 * The moderation area (DOMAIN §6.2, §7): a community's settings, rules, moderators, bans, reports and
 * images. Every "who may" question is the policy module's; this module loads the facts it needs.
 */

/** A community whose moderation tools the viewer may use (403 `not_admin_nor_mod` otherwise). */
async function modToolsCommunity(deps: Deps, viewer: UserRow | null, id: string): Promise<CommunityRow> {
  if (!viewer) throw errors.notLoggedIn();
  const row = await requireCommunity(deps.db, id, false);
  assertMayUseModTools(await standingIn(deps, viewer, row.id));
  return row;
}

/** An integer in a path or query: digits only, within a Postgres integer; else null. */
function positiveInt(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= INT32_MAX ? value : null;
}

// Settings (API.md §11.4).

/**
 * `PUT /api/communities/{idOrName}`: nsfw, about and postingRestricted, all overwritten; and
 * `modlogHideNames` (an addition to the contract), kept when absent so that the reference client,
 * which does not send it, never resets it. A change is recorded in the moderation log.
 */
export async function updateCommunity(
  deps: Deps,
  viewer: UserRow | null,
  idOrName: string,
  byName: boolean,
  body: {
    nsfw?: boolean | null;
    about?: string | null;
    postingRestricted?: boolean | null;
    modlogHideNames?: boolean | null;
  },
) {
  if (!viewer) throw errors.notLoggedIn();
  const row = await requireCommunity(deps.db, idOrName, byName);
  const standing = await standingIn(deps, viewer, row.id);
  assertMayEditCommunity(standing);
  const settings = {
    nsfw: body.nsfw ?? false,
    about: truncateChars((body.about ?? '').trim(), limits.communityAboutMax) || null,
    posting_restricted: body.postingRestricted ?? false,
    modlog_hide_names: body.modlogHideNames ?? row.modlog_hide_names,
  };
  const changes = (
    [
      ['nsfw', 'nsfw'],
      ['about', 'about'],
      ['posting_restricted', 'postingRestricted'],
      ['modlog_hide_names', 'modlogHideNames'],
    ] as const
  )
    .filter(([column]) => settings[column] !== row[column])
    .map(([, field]) => field);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const saved = await updateCommunitySettings(trx, row.id, settings);
    if (changes.length) {
      await recordModAction(trx, viewer, {
        at: deps.clock(),
        actedAs: actingGroup(standing),
        action: 'edit_settings',
        ...inCommunity(row),
        details: { changes },
      });
    }
    return saved;
  });
  return fullCommunityJson(deps, updated, viewer);
}

// Rules (API.md §11.6).

function ruleText(raw: string | null | undefined): string {
  const rule = truncateChars((raw ?? '').trim(), limits.communityRuleMax);
  if (!rule) throw errors.invalidRule();
  return rule;
}

function ruleDescription(raw: string | null | undefined): string | null {
  return truncateChars((raw ?? '').trim(), limits.communityRuleDescriptionMax) || null;
}

/** A rule by its id alone (the path's community is not consulted): 404 `rule_not_found` / `rules-not-found`. */
async function requireRule(deps: Deps, rawId: string) {
  if (!/^-?\d+$/.test(rawId)) throw errors.ruleIdNotInteger();
  const id = Number(rawId);
  const rule = id >= 1 && id <= INT32_MAX ? await findRule(deps.db, id) : undefined;
  if (!rule) throw errors.ruleNotFound();
  return rule;
}

/** `GET /api/communities/{id}/rules`: in insertion order (the client sorts by zIndex). */
export async function listRules(deps: Deps, communityId: string): Promise<CommunityRule[]> {
  const community = await requireCommunity(deps.db, communityId, false);
  return presentRules(community, await rulesOf(deps.db, community.id));
}

function presentRules(community: CommunityRow, rules: RuleRow[]): CommunityRule[] {
  return rules.map((rule) => presentRule(rule, community.modlog_hide_names));
}

/** `GET /api/communities/{id}/rules/{ruleId}`. */
export async function getRule(deps: Deps, ruleId: string): Promise<CommunityRule> {
  const rule = await requireRule(deps, ruleId);
  const community = await findCommunityById(deps.db, rule.community_id);
  return presentRule(rule, community?.modlog_hide_names ?? false);
}

/** `POST /api/communities/{id}/rules`: ranked last; answers with the community's whole rule list. */
export async function addRule(
  deps: Deps,
  viewer: UserRow | null,
  communityId: string,
  body: CreateRuleBody,
): Promise<CommunityRule[]> {
  if (!viewer) throw errors.notLoggedIn();
  const community = await requireCommunity(deps.db, communityId, false);
  const standing = await standingIn(deps, viewer, community.id);
  assertMayEditRules(standing);
  const text = ruleText(body.rule);
  await deps.db.transaction().execute(async (trx) => {
    await lockRules(trx, community.id);
    const id = await insertRule(trx, {
      communityId: community.id,
      rule: text,
      description: ruleDescription(body.description),
      createdBy: viewer.id,
    });
    await recordModAction(trx, viewer, {
      at: deps.clock(),
      actedAs: actingGroup(standing),
      action: 'add_rule',
      ...inCommunity(community),
      ruleId: id,
      targetTitle: text,
    });
  });
  return presentRules(community, await rulesOf(deps.db, community.id));
}

/** `PUT /api/communities/{id}/rules/{ruleId}`: rule, description and zIndex overwritten. */
export async function editRule(
  deps: Deps,
  viewer: UserRow | null,
  ruleId: string,
  body: UpdateRuleBody,
): Promise<CommunityRule> {
  if (!viewer) throw errors.notLoggedIn();
  const rule = await requireRule(deps, ruleId);
  const standing = await standingIn(deps, viewer, rule.community_id);
  assertMayEditRules(standing);
  const values = {
    rule: ruleText(body.rule),
    description: ruleDescription(body.description),
    z_index: body.zIndex ?? rule.z_index,
  };
  const community = (await findCommunityById(deps.db, rule.community_id))!;
  const updated = await deps.db.transaction().execute(async (trx) => {
    const saved = await updateRule(trx, rule.id, values);
    if (!saved) throw errors.ruleNotFound();
    // Only a new rank is a reordering (the client moves rules with a PUT of each); unchanged, nothing.
    const edited = values.rule !== rule.rule || values.description !== rule.description;
    const moved = values.z_index !== rule.z_index;
    if (edited || moved) {
      await recordModAction(trx, viewer, {
        at: deps.clock(),
        actedAs: actingGroup(standing),
        action: edited ? 'edit_rule' : 'reorder_rule',
        ...inCommunity(community),
        ruleId: rule.id,
        targetTitle: saved.rule,
        ...(moved ? { details: { zIndex: saved.z_index } } : {}),
      });
    }
    return saved;
  });
  return presentRule(updated, community.modlog_hide_names);
}

/** `DELETE /api/communities/{id}/rules/{ruleId}`: answers with the deleted rule. */
export async function removeRule(deps: Deps, viewer: UserRow | null, ruleId: string): Promise<CommunityRule> {
  if (!viewer) throw errors.notLoggedIn();
  const rule = await requireRule(deps, ruleId);
  const standing = await standingIn(deps, viewer, rule.community_id);
  assertMayEditRules(standing);
  const community = (await findCommunityById(deps.db, rule.community_id))!;
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const gone = await deleteRule(trx, rule.id);
    if (!gone) throw errors.ruleNotFound();
    await recordModAction(trx, viewer, {
      at: deps.clock(),
      actedAs: actingGroup(standing),
      action: 'remove_rule',
      ...inCommunity(community),
      ruleId: gone.id,
      targetTitle: gone.rule,
    });
    return gone;
  });
  return presentRule(deleted, community.modlog_hide_names);
}

// Moderators (API.md §11.7, DOMAIN §7.2).

async function moderatorsJson(deps: Deps, communityId: string, viewer: UserRow | null) {
  return publicUsers(deps, await usersInOrder(deps.db, await moderatorIds(deps.db, communityId)), viewer);
}

/** `GET /api/communities/{id}/mods`: in rank order, `[]` when none. */
export async function listModerators(
  deps: Deps,
  viewer: UserRow | null,
  communityId: string,
): Promise<UserWithoutModding[]> {
  const community = await requireCommunity(deps.db, communityId, false);
  return moderatorsJson(deps, community.id, viewer);
}

/**
 * `POST /api/communities/{id}/mods`: the user joins if needed, is ranked last, loses any ban from the
 * community, and gets the `mod_add` notification, all in one transaction. Adding a moderator again changes nothing.
 */
export async function addCommunityModerator(
  deps: Deps,
  viewer: UserRow | null,
  communityId: string,
  body: { username?: string | null },
): Promise<UserWithoutModding[]> {
  if (!viewer) throw errors.notLoggedIn();
  const community = await requireCommunity(deps.db, communityId, false);
  const standing = await standingIn(deps, viewer, community.id);
  assertMayAddModerator(standing);
  const username = (body.username ?? '').trim();
  if (!username) throw errors.emptyUsername();
  const target = await findUserByName(deps.db, username);
  if (!target || target.deleted_at) throw errors.modUserNotFound();
  await deps.db.transaction().execute(async (trx) => {
    await lockModerators(trx, community.id);
    if (await isModerator(trx, community.id, target.id)) return;
    await addMember(trx, community.id, target.id);
    await addModerator(trx, community.id, target.id);
    // Moderators cannot be banned from their community (DOMAIN §7.3): a ban ends with the promotion.
    await deleteBan(trx, community.id, target.id, deps.clock());
    await recordModAddEvent(trx, target.id, community, viewer, deps.clock());
    await recordModAction(trx, viewer, {
      at: deps.clock(),
      actedAs: actingGroup(standing),
      action: 'add_moderator',
      ...inCommunity(community),
      targetUserId: target.id,
      targetUserName: target.username,
    });
  });
  return moderatorsJson(deps, community.id, viewer);
}

/** `DELETE /api/communities/{id}/mods/{username}`: within the ranks; answers with the removed user. */
export async function removeCommunityModerator(
  deps: Deps,
  viewer: UserRow | null,
  communityId: string,
  username: string,
): Promise<UserWithoutModding> {
  if (!viewer) throw errors.notLoggedIn();
  const community = await requireCommunity(deps.db, communityId, false);
  const standing = await standingIn(deps, viewer, community.id);
  const target = await findUserByName(deps.db, username);
  await deps.db.transaction().execute(async (trx) => {
    await lockModerators(trx, community.id);
    const viewerPosition = await moderatorPosition(trx, community.id, viewer.id);
    const targetPosition = target ? await moderatorPosition(trx, community.id, target.id) : undefined;
    // Refusals first, so that an outsider learns nothing about who moderates or exists.
    assertMayRemoveModerator(standing, {
      viewerPosition,
      targetPosition: targetPosition ?? Number.MAX_SAFE_INTEGER,
      isSelf: target?.id === viewer.id,
    });
    if (!target) throw errors.userNotFound();
    if (targetPosition !== undefined && (await removeModerator(trx, community.id, target.id))) {
      await recordModAction(trx, viewer, {
        at: deps.clock(),
        actedAs: actingGroup(standing),
        action: 'remove_moderator',
        ...inCommunity(community),
        targetUserId: target.id,
        targetUserName: target.username,
      });
    }
  });
  const [user] = await publicUsers(deps, [target!], viewer);
  return user!;
}

// Bans (API.md §11.9, DOMAIN §7.3).

/** `GET /api/communities/{id}/banned`: users under a ban that holds now. */
export async function listBanned(deps: Deps, viewer: UserRow | null, communityId: string) {
  const row = await modToolsCommunity(deps, viewer, communityId);
  return publicUsers(
    deps,
    await usersInOrder(deps.db, await bannedUserIds(deps.db, row.id, deps.clock())),
    viewer,
  );
}

/** RFC 3339 with a time zone, else 400 `invalid_expires`. */
function parseExpiry(raw: string): Date {
  const at = new Date(raw);
  const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
  if (!rfc3339.test(raw) || Number.isNaN(at.getTime())) throw errors.invalidExpires();
  return at;
}

/**
 * `POST /api/communities/{id}/banned`: not mods of the community or admins; a second ban is 409. A ban
 * with an expiry lifts itself when the time passes: every check compares it with the clock.
 */
export async function banFromCommunity(
  deps: Deps,
  viewer: UserRow | null,
  communityId: string,
  body: { username?: string; expires?: string | null },
) {
  const community = await modToolsCommunity(deps, viewer, communityId);
  if (!body.username) throw errors.noUsername();
  const expiresAt = body.expires ? parseExpiry(body.expires) : null;
  const target = await findUserByName(deps.db, body.username);
  if (!target || target.deleted_at) throw errors.userNotFound();
  const targetModerates = await isModerator(deps.db, community.id, target.id);
  if (!mayBeBannedFromCommunity({ isAdmin: target.is_admin, moderates: targetModerates })) {
    throw errors.modsCannotBeBanned();
  }
  const standing = await standingIn(deps, viewer!, community.id);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    const banned = await insertBan(trx, {
      communityId: community.id,
      userId: target.id,
      expiresAt,
      bannedBy: viewer!.id,
      now,
    });
    if (!banned) throw errors.alreadyBanned(target.username);
    // An expiry already past is accepted (API.md §11.9) but bans no one: nothing to log.
    if (expiresAt && expiresAt <= now) return;
    await recordModAction(trx, viewer, {
      at: now,
      actedAs: actingGroup(standing),
      action: 'ban_user',
      ...inCommunity(community),
      targetUserId: target.id,
      targetUserName: target.username,
      details: { expiresAt: expiresAt?.toISOString() ?? null },
    });
  });
  const [user] = await publicUsers(deps, [target], viewer);
  return user!;
}

/** `DELETE /api/communities/{id}/banned`: lifts a ban (a no-op when there is none). */
export async function unbanFromCommunity(
  deps: Deps,
  viewer: UserRow | null,
  communityId: string,
  body: { username?: string },
) {
  const community = await modToolsCommunity(deps, viewer, communityId);
  if (!body.username) throw errors.noUsername();
  const target = await findUserByName(deps.db, body.username);
  if (!target) throw errors.userNotFound();
  const standing = await standingIn(deps, viewer!, community.id);
  await deps.db.transaction().execute(async (trx) => {
    const at = deps.clock();
    if (!(await deleteBan(trx, community.id, target.id, at))) return;
    await recordModAction(trx, viewer, {
      at,
      actedAs: actingGroup(standing),
      action: 'unban_user',
      ...inCommunity(community),
      targetUserId: target.id,
      targetUserName: target.username,
    });
  });
  const [user] = await publicUsers(deps, [target], viewer);
  return user!;
}

// Reports (API.md §11.8, DOMAIN §7.5).

/** Reports with their targets, as the moderators see them (comments carry their post's deletion). */
/**
 * Reports with their targets as a guest sees them (API.md §5.10, "built with no viewer"): the moderator's
 * own vote, visit or mutes are not part of a report.
 */
async function reportsJson(deps: Deps, rows: readonly ReportRow[]): Promise<Report[]> {
  const postIds = rows.filter((r) => r.type === 'post').map((r) => r.target_id);
  const commentIds = rows.filter((r) => r.type === 'comment').map((r) => r.target_id);
  const [postRows, commentRows, parentPosts] = await Promise.all([
    postsByIds(deps.db, postIds),
    commentsByIds(deps.db, commentIds),
    postsByIds(
      deps.db,
      rows.filter((r) => r.type === 'comment').map((r) => r.post_id),
    ),
  ]);
  const [posts, comments] = await Promise.all([
    postJsons(deps, postRows, null),
    commentJsons(deps, commentRows, null, { postTitles: true }),
  ]);
  const postById = new Map<string, Post>(posts.map((p) => [p.id, p]));
  const parentById = new Map(parentPosts.map((p) => [p.id, p]));
  const commentById = new Map<string, Comment>(
    comments.map((c) => {
      const parent = parentById.get(c.postId);
      const deletedAs = parent?.deleted ? parent.deleted_as : null;
      return [
        c.id,
        { ...c, postDeleted: parent?.deleted ?? false, ...(deletedAs ? { postDeletedAs: deletedAs } : {}) },
      ];
    }),
  );
  return rows.map((row) =>
    presentReport(
      row,
      (row.type === 'post' ? postById.get(row.target_id) : commentById.get(row.target_id)) ?? null,
    ),
  );
}

export interface ReportsQuery {
  filter?: string;
  page?: string;
  limit?: string;
}

/** `GET /api/communities/{id}/reports`: newest first, by page, with the community's counts. */
export async function listReports(
  deps: Deps,
  viewer: UserRow | null,
  communityId: string,
  query: ReportsQuery,
): Promise<CommunityReports> {
  const community = await modToolsCommunity(deps, viewer, communityId);
  const filter = query.filter || 'all';
  if (!isReportFilter(filter)) throw errors.invalidFilter();
  const page = query.page === undefined || query.page === '' ? 1 : positiveInt(query.page);
  if (page === null) throw errors.invalidPage();
  let limit: number = limits.paginationLimit;
  if (query.limit !== undefined && query.limit !== '') {
    const asked = positiveInt(query.limit);
    if (asked === null || asked > limits.paginationLimitMax)
      throw errors.invalidLimit(limits.paginationLimitMax);
    limit = asked;
  }
  const [counts, rows] = await Promise.all([
    reportCounts(deps.db, community.id),
    reportsPage(deps.db, community.id, filter, { limit, offset: limit * (page - 1) }),
  ]);
  return {
    details: { noReports: counts.all, noPostReports: counts.posts, noCommentReports: counts.comments },
    reports: rows.length ? await reportsJson(deps, rows) : null,
    limit,
    page,
  };
}

/** `DELETE /api/communities/{id}/reports/{reportId}` ("ignore"): answers with the deleted report. */
export async function ignoreReport(
  deps: Deps,
  viewer: UserRow | null,
  communityId: string,
  rawReportId: string,
): Promise<Report> {
  const community = await modToolsCommunity(deps, viewer, communityId);
  if (!/^-?\d+$/.test(rawReportId)) throw errors.invalidReportId();
  const reportId = positiveInt(rawReportId);
  const row = reportId === null ? undefined : await deleteReport(deps.db, community.id, reportId);
  if (!row) throw errors.reportNotFound();
  const [json] = await reportsJson(deps, [row]);
  return json!;
}

// Images (API.md §11.10).

export type CommunityImageSlot = 'pro_pic' | 'banner_image';

/**
 * `POST /api/communities/{id}/pro_pic | banner_image`: through the image pipeline; the replaced image
 * is deleted. `readUpload` is called only once the viewer may change the community.
 */
export async function setCommunityImage(
  deps: Deps,
  viewer: UserRow | null,
  communityId: string,
  slot: CommunityImageSlot,
  readUpload: () => Promise<Buffer>,
): Promise<CommunityWithoutMods> {
  const community = await modToolsCommunity(deps, viewer, communityId);
  await deps.limiter.consume('uploadImage', viewer!.id);
  const input = await readUpload();
  let imageId: string;
  try {
    imageId = (await storeImage(deps, input, slot === 'pro_pic' ? 'avatar' : 'banner')).id;
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw errors.unsupportedCommunityImage();
    throw error;
  }
  return replaceImage(deps, viewer!, community.id, slot, imageId);
}

/** `DELETE /api/communities/{id}/pro_pic | banner_image`: a no-op without one. */
export async function removeCommunityImage(
  deps: Deps,
  viewer: UserRow | null,
  communityId: string,
  slot: CommunityImageSlot,
): Promise<CommunityWithoutMods> {
  const community = await modToolsCommunity(deps, viewer, communityId);
  return replaceImage(deps, viewer!, community.id, slot, null);
}

async function replaceImage(
  deps: Deps,
  viewer: UserRow,
  communityId: string,
  slot: CommunityImageSlot,
  imageId: string | null,
): Promise<CommunityWithoutMods> {
  let previous: string | null;
  const standing = await standingIn(deps, viewer, communityId);
  const community = (await findCommunityById(deps.db, communityId))!;
  try {
    previous = await deps.db.transaction().execute(async (trx) => {
      const replaced = await replaceCommunityImage(trx, communityId, slot, imageId);
      if (replaced !== imageId) {
        await recordModAction(trx, viewer, {
          at: deps.clock(),
          actedAs: actingGroup(standing),
          action: 'edit_settings',
          ...inCommunity(community),
          details: { changes: [slot === 'pro_pic' ? 'proPic' : 'bannerImage'] },
        });
      }
      return replaced;
    });
  } catch (error) {
    if (imageId) await deleteImages(deps, [imageId]);
    throw error;
  }
  if (previous && previous !== imageId) await deleteImages(deps, [previous]);
  const [json] = await communityJsons(deps, [(await findCommunityById(deps.db, communityId))!], viewer);
  return json!;
}
