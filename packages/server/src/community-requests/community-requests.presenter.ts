import type { CommunityRequest } from '@commons/shared';
import type { CommunityRequestRow } from './community-requests.repository.js';

/** API.md §5.13. */
export function communityRequestJson(row: CommunityRequestRow): CommunityRequest {
  return {
    id: row.id,
    byUser: row.by_user,
    communityName: row.community_name,
    communityExists: row.community_exists,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    deniedNote: row.denied_note,
    deniedBy: row.denied_by,
    deniedAt: row.denied_at?.toISOString() ?? null,
  };
}
