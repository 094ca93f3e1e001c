import type { IPBlock } from '@commons/shared';
import type { IpBlockRow } from './ip-blocks.repository.js';

/** API.md §5.14. */
export function ipBlockJson(row: IpBlockRow): IPBlock {
  return {
    id: row.id,
    ip: row.ip,
    maskedBits: row.masked_bits,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    expiresAt: row.expires_at?.toISOString() ?? null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    inEffect: row.in_effect,
    associatedUsers: row.associated_users,
    note: row.note,
  };
}
