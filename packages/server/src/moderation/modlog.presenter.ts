import type { ModLogEntry } from '@commons/shared';
import type { ModLogRow } from './modlog.repository.js';

function targetOf(row: ModLogRow): ModLogEntry['target'] {
  const type: ModLogEntry['target']['type'] = row.comment_id
    ? 'comment'
    : row.post_id
      ? 'post'
      : row.rule_id !== null
        ? 'rule'
        : row.target_user_id
          ? 'user'
          : 'community';
  return {
    type,
    postId: row.post_public_id,
    commentId: row.comment_id,
    username: row.target_user_name,
    title: row.target_title,
  };
}

/** One entry of the public log; `showName` says whether this viewer may see who acted. */
export function presentModLogEntry(row: ModLogRow, showName: boolean): ModLogEntry {
  const details = row.details ?? {};
  const changes = Array.isArray(details.changes) ? details.changes.map(String) : null;
  return {
    id: String(row.id),
    createdAt: row.created_at.toISOString(),
    action: row.action,
    actedAs: row.acted_as,
    moderator: showName ? row.actor_name : null,
    moderatorHidden: !showName,
    community: row.community_name,
    target: targetOf(row),
    reasonRule: row.reason_rule,
    reason: row.reason,
    expiresAt: typeof details.expiresAt === 'string' ? details.expiresAt : null,
    changes,
  };
}
