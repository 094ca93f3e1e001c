import type { ModLogEntry } from '@commons/shared';
import type { ModLogRow } from './modlog.repository.js';

/** Actions on the site as a whole: no community, user, post or rule is their target. */
const SITE_ACTIONS: ReadonlySet<string> = new Set(['edit_site_settings', 'block_ip', 'unblock_ip']);
/** Actions on a community request: the target is the community asked for (`title` its name). */
const REQUEST_ACTIONS: ReadonlySet<string> = new Set([
  'approve_community_request',
  'deny_community_request',
  'delete_community_request',
]);

function targetType(row: ModLogRow): ModLogEntry['target']['type'] {
  if (SITE_ACTIONS.has(row.action)) return 'site';
  if (REQUEST_ACTIONS.has(row.action)) return 'community';
  if (row.comment_id) return 'comment';
  if (row.post_id) return 'post';
  if (row.rule_id !== null) return 'rule';
  if (row.target_user_id) return 'user';
  return 'community';
}

/** A deleted account's name, as everyone but the admins sees it (API.md §5.3). */
const GHOST = 'ghost';

function targetOf(
  row: ModLogRow,
  showName: boolean,
  revealDeleted: boolean,
  seesDeletedAuthor: boolean,
): ModLogEntry['target'] {
  // A moderator acting on themselves (stepping down) would be named as the target.
  const self = row.target_user_id !== null && row.target_user_id === row.actor_id;
  let username = row.target_deleted && !revealDeleted ? GHOST : row.target_user_name;
  if (self && !showName) username = null;
  // A deleted comment hides its author from all but the admins and, when moderators removed it, the
  // community's moderators (DOMAIN §4.7): no entry about it (its removal, or a lock before) names them
  // to anyone else, or the entry's comment id would tie the two together.
  if (row.comment_deleted_as !== null && !seesDeletedAuthor) username = null;
  return {
    type: targetType(row),
    postId: row.post_public_id,
    commentId: row.comment_id,
    username,
    title: row.target_title,
  };
}

/**
 * One entry of the public log. `showName` says whether this viewer may see who acted; `revealDeleted`
 * whether they see the names of accounts deleted since (the admins), which others see as the ghost;
 * `seesDeletedAuthor` whether they see who wrote the entry's comment if it is deleted (DOMAIN §4.7).
 */
export function presentModLogEntry(
  row: ModLogRow,
  showName: boolean,
  revealDeleted: boolean,
  seesDeletedAuthor: boolean,
): ModLogEntry {
  const details = row.details ?? {};
  const changes = Array.isArray(details.changes) ? details.changes.map(String) : null;
  return {
    id: String(row.id),
    createdAt: row.created_at.toISOString(),
    action: row.action,
    actedAs: row.acted_as,
    moderator: !showName ? null : row.actor_deleted && !revealDeleted ? GHOST : row.actor_name,
    moderatorHidden: !showName,
    community: row.community_name,
    target: targetOf(row, showName, revealDeleted, seesDeletedAuthor),
    reasonRule: row.reason_rule,
    reason: row.reason,
    expiresAt: typeof details.expiresAt === 'string' ? details.expiresAt : null,
    changes,
  };
}
