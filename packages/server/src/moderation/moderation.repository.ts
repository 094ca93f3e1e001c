import { sql, type Kysely } from 'kysely';
import type { ReportFilter } from '@commons/shared';
import type { DB } from '../db/schema.js';
import type { RuleRow } from '../communities/communities.repository.js';
import type { ReportRow } from '../reports/reports.repository.js';

// Rules (DOMAIN §6.2).

/** Adds a rule ranked after the others (`z_index` = current max + 1, 0 for the first); returns its id. */
/**
 * Takes the community's row, so that rules added at once take their places (max + 1) one after the
 * other; no key update, so posts and comments made in the community meanwhile are not held up.
 */
export async function lockRules(db: Kysely<DB>, communityId: string): Promise<void> {
  await db.selectFrom('communities').select('id').where('id', '=', communityId).forNoKeyUpdate().execute();
}

export async function insertRule(
  db: Kysely<DB>,
  rule: { communityId: string; rule: string; description: string | null; createdBy: string },
): Promise<number> {
  const result = await sql<{ id: number }>`
    INSERT INTO community_rules (community_id, rule, description, z_index, created_by)
    SELECT ${rule.communityId}, ${rule.rule}, ${rule.description}, coalesce(max(z_index) + 1, 0), ${rule.createdBy}
    FROM community_rules WHERE community_id = ${rule.communityId}
    RETURNING id`.execute(db);
  return result.rows[0]!.id;
}

export function findRule(db: Kysely<DB>, id: number): Promise<RuleRow | undefined> {
  return db.selectFrom('community_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateRule(
  db: Kysely<DB>,
  id: number,
  values: { rule: string; description: string | null; z_index: number },
): Promise<RuleRow | undefined> {
  return db.updateTable('community_rules').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export function deleteRule(db: Kysely<DB>, id: number): Promise<RuleRow | undefined> {
  return db.deleteFrom('community_rules').where('id', '=', id).returningAll().executeTakeFirst();
}

// Moderator ranks (DOMAIN §7.2).

/** The moderator's rank in the community (0 is the top), or undefined when not a moderator. */
export async function moderatorPosition(
  db: Kysely<DB>,
  communityId: string,
  userId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('community_mods')
    .select('position')
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.position;
}

/** Serialises changes to one community's moderator list, so that ranks are read and renumbered in turn. */
export async function lockModerators(db: Kysely<DB>, communityId: string): Promise<void> {
  await db.selectFrom('communities').select('id').where('id', '=', communityId).forUpdate().execute();
}

// Reports (DOMAIN §7.5).

function reportsOf(db: Kysely<DB>, communityId: string, filter: ReportFilter) {
  let query = db
    .selectFrom('reports')
    .innerJoin('report_reasons', 'report_reasons.id', 'reports.reason_id')
    .where('reports.community_id', '=', communityId);
  if (filter === 'posts') query = query.where('reports.type', '=', 'post');
  if (filter === 'comments') query = query.where('reports.type', '=', 'comment');
  return query;
}

const REPORT_COLUMNS = [
  'reports.id',
  'reports.type',
  'reports.target_id',
  'reports.community_id',
  'reports.post_id',
  'reports.reason_id',
  'reports.created_by',
  'reports.created_at',
  'reports.action_taken',
  'reports.dealt_at',
  'reports.dealt_by',
  'report_reasons.title as reason',
  'report_reasons.description',
] as const;

/** One page of a community's reports, newest first. */
export function reportsPage(
  db: Kysely<DB>,
  communityId: string,
  filter: ReportFilter,
  page: { limit: number; offset: number },
): Promise<ReportRow[]> {
  return reportsOf(db, communityId, filter)
    .select(REPORT_COLUMNS)
    .orderBy('reports.created_at', 'desc')
    .orderBy('reports.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many reports the community has, of each type. */
export async function reportCounts(
  db: Kysely<DB>,
  communityId: string,
): Promise<{ all: number; posts: number; comments: number }> {
  const row = await db
    .selectFrom('reports')
    .select([
      sql<number>`count(*)::int`.as('all'),
      sql<number>`(count(*) FILTER (WHERE type = 'post'))::int`.as('posts'),
      sql<number>`(count(*) FILTER (WHERE type = 'comment'))::int`.as('comments'),
    ])
    .where('community_id', '=', communityId)
    .executeTakeFirstOrThrow();
  return row;
}

/** Deletes one report of the community ("ignore"); undefined when it has no such report. */
export async function deleteReport(
  db: Kysely<DB>,
  communityId: string,
  reportId: number,
): Promise<ReportRow | undefined> {
  const deleted = await db
    .deleteFrom('reports')
    .where('id', '=', reportId)
    .where('community_id', '=', communityId)
    .returningAll()
    .executeTakeFirst();
  if (!deleted) return undefined;
  const reason = await db
    .selectFrom('report_reasons')
    .select(['title', 'description'])
    .where('id', '=', deleted.reason_id)
    .executeTakeFirstOrThrow();
  return { ...deleted, reason: reason.title, description: reason.description };
}

// Community images (API.md §11.10).

/** Sets one of the community's images under a row lock; returns the image it replaced. */
export async function replaceCommunityImage(
  db: Kysely<DB>,
  communityId: string,
  slot: 'pro_pic' | 'banner_image',
  imageId: string | null,
): Promise<string | null> {
  const previous = await db
    .selectFrom('communities')
    .select(slot)
    .where('id', '=', communityId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('communities')
    .set({ [slot]: imageId })
    .where('id', '=', communityId)
    .execute();
  return previous[slot];
}
