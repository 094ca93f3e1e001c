import { sql, type Kysely, type Selectable } from 'kysely';
import type { ModLogAction } from '@commons/shared/modlog';
import type { DB, Group, ModLogTable } from '../db/schema.js';

export type ModLogRow = Selectable<ModLogTable> & {
  hide_names: boolean | null;
  /** Whether the acting account, and the target account, have been deleted since. */
  actor_deleted: boolean;
  target_deleted: boolean;
  /**
   * For an entry about a comment: the group that deleted the comment, as it is now (`normal` its
   * author); null while the comment stands. `gone` when the comment no longer exists.
   */
  comment_deleted_as: Group | 'gone' | null;
};

/** One entry, as the service builds it (names and titles copied, so that it outlives its target). */
export interface NewModLogEntry {
  at: Date;
  actorId: string | null;
  actorName: string | null;
  actedAs: 'mods' | 'admins';
  action: ModLogAction;
  communityId: string | null;
  communityName: string | null;
  postId?: string | null;
  postPublicId?: string | null;
  commentId?: string | null;
  targetUserId?: string | null;
  targetUserName?: string | null;
  targetTitle?: string | null;
  ruleId?: number | null;
  reasonRule?: string | null;
  reason?: string | null;
  details?: Record<string, unknown> | null;
}

/** Writes one entry; the caller passes its transaction, so the entry stands or falls with the action. */
export async function insertModLogEntry(db: Kysely<DB>, entry: NewModLogEntry): Promise<void> {
  await db
    .insertInto('mod_log')
    .values({
      created_at: entry.at,
      actor_id: entry.actorId,
      actor_name: entry.actorName,
      acted_as: entry.actedAs,
      action: entry.action,
      community_id: entry.communityId,
      community_name: entry.communityName,
      post_id: entry.postId ?? null,
      post_public_id: entry.postPublicId ?? null,
      comment_id: entry.commentId ?? null,
      target_user_id: entry.targetUserId ?? null,
      target_user_name: entry.targetUserName ?? null,
      target_title: entry.targetTitle ?? null,
      rule_id: entry.ruleId ?? null,
      reason_rule: entry.reasonRule ?? null,
      reason: entry.reason ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

export interface ModLogFilter {
  /** One community's log; undefined for the whole site. */
  communityId?: string;
  action?: ModLogAction;
  /** Only this moderator's entries... */
  actorId?: string;
  /**
   * ...and then only where their name shows: entries of communities that hide names are left out,
   * except those of `nameVisibleIn` (the communities whose names the viewer sees anyway). Null: the
   * viewer sees every name (an admin).
   */
  nameVisibleIn?: readonly string[] | null;
  /** The cursor: entries with this id and older. */
  fromId?: string;
  limit: number;
}

/**
 * A page of the log, newest first, with each entry's community's name-hiding setting and whether its
 * accounts were deleted since (the names are copies, kept for admins).
 */
export function modLogPage(db: Kysely<DB>, filter: ModLogFilter): Promise<ModLogRow[]> {
  let query = db
    .selectFrom('mod_log')
    .leftJoin('communities', 'communities.id', 'mod_log.community_id')
    .leftJoin('users as actor', 'actor.id', 'mod_log.actor_id')
    .leftJoin('users as target', 'target.id', 'mod_log.target_user_id')
    .leftJoin('comments', 'comments.id', 'mod_log.comment_id')
    .selectAll('mod_log')
    .select('communities.modlog_hide_names as hide_names')
    .select([
      sql<boolean>`actor.deleted_at IS NOT NULL`.as('actor_deleted'),
      sql<boolean>`target.deleted_at IS NOT NULL`.as('target_deleted'),
      sql<ModLogRow['comment_deleted_as']>`CASE
        WHEN mod_log.comment_id IS NULL THEN NULL
        WHEN comments.id IS NULL THEN 'gone'
        WHEN comments.deleted_at IS NULL THEN NULL
        ELSE coalesce(comments.deleted_as, 'normal') END`.as('comment_deleted_as'),
    ]);
  if (filter.communityId !== undefined) query = query.where('mod_log.community_id', '=', filter.communityId);
  if (filter.action !== undefined) query = query.where('mod_log.action', '=', filter.action);
  if (filter.actorId !== undefined) {
    query = query.where('mod_log.actor_id', '=', filter.actorId);
    const visible = filter.nameVisibleIn;
    if (visible !== null && visible !== undefined) {
      query = query.where((eb) =>
        eb.or([
          eb('communities.modlog_hide_names', 'is not', true),
          // A community hides its moderators' names, not the admins' acting as admins.
          eb('mod_log.acted_as', '=', 'admins'),
          ...(visible.length ? [eb('mod_log.community_id', 'in', visible)] : []),
        ]),
      );
    }
  }
  if (filter.fromId !== undefined) query = query.where('mod_log.id', '<=', filter.fromId);
  return query.orderBy('mod_log.id', 'desc').limit(filter.limit).execute();
}

/** The rule of the community with this id, for a removal's reason; undefined when it is not one of them. */
export function ruleOfCommunity(
  db: Kysely<DB>,
  communityId: string,
  ruleId: number,
): Promise<{ id: number; rule: string } | undefined> {
  return db
    .selectFrom('community_rules')
    .select(['id', 'rule'])
    .where('id', '=', ruleId)
    .where('community_id', '=', communityId)
    .executeTakeFirst();
}

/** What an entry about a post copies: its public id and title, its author's and community's names. */
export interface PostContext {
  postId: string;
  postPublicId: string;
  targetTitle: string;
  targetUserId: string;
  targetUserName: string;
  communityId: string;
  communityName: string;
  /** The username of `commentAuthorId` when asked for. */
  commentAuthorName: string | null;
}

export async function postContext(
  db: Kysely<DB>,
  postId: string,
  commentAuthorId?: string,
): Promise<PostContext> {
  const row = await db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .innerJoin('communities', 'communities.id', 'posts.community_id')
    .select([
      'posts.id',
      'posts.public_id',
      'posts.title',
      'posts.user_id',
      'users.username',
      'posts.community_id',
      'communities.name',
    ])
    .where('posts.id', '=', postId)
    .executeTakeFirstOrThrow();
  const commentAuthor = commentAuthorId
    ? await db.selectFrom('users').select('username').where('id', '=', commentAuthorId).executeTakeFirst()
    : undefined;
  return {
    postId: row.id,
    postPublicId: row.public_id,
    targetTitle: row.title,
    targetUserId: row.user_id,
    targetUserName: row.username,
    communityId: row.community_id,
    communityName: row.name,
    commentAuthorName: commentAuthor?.username ?? null,
  };
}
