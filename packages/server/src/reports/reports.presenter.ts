import type { Comment, Post, Report } from '@commons/shared';
import type { ReportRow } from './reports.repository.js';

/** The Report of API.md §5.10. */
export function presentReport(row: ReportRow, target: Post | Comment | null): Report {
  return {
    id: row.id,
    communityId: row.community_id,
    postId: row.post_id,
    reason: row.reason,
    description: row.description,
    reasonId: row.reason_id,
    type: row.type,
    targetId: row.target_id,
    actionTaken: row.action_taken,
    dealtAt: row.dealt_at?.toISOString() ?? null,
    dealtBy: row.dealt_by,
    createdAt: row.created_at.toISOString(),
    target,
  };
}
