import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export interface CommunityRequestRow {
  id: number;
  by_user_id: string;
  by_user: string;
  community_name: string;
  community_exists: boolean;
  note: string | null;
  created_at: Date;
  denied_note: string | null;
  denied_by: string | null;
  denied_at: Date | null;
}

const UNIQUE_VIOLATION = '23505';

function selectRequests(db: Kysely<DB>) {
  return db
    .selectFrom('community_requests as r')
    .innerJoin('users as u', 'u.id', 'r.by_user')
    .select([
      'r.id',
      'r.by_user as by_user_id',
      'u.username as by_user',
      'r.community_name',
      sql<boolean>`EXISTS (SELECT 1 FROM communities c WHERE c.name_lc = r.community_name_lc)`.as(
        'community_exists',
      ),
      'r.note',
      'r.created_at',
      'r.denied_note',
      'r.denied_by',
      'r.denied_at',
    ])
    .where('r.deleted_at', 'is', null);
}

export async function communityNameTaken(db: Kysely<DB>, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('communities')
    .select('id')
    .where('name_lc', '=', name.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasPendingRequest(db: Kysely<DB>, userId: string, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('community_requests')
    .select('id')
    .where('by_user', '=', userId)
    .where('community_name_lc', '=', name.toLowerCase())
    .where('deleted_at', 'is', null)
    .where('denied_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether anyone's request for this name (any case) is open: neither denied nor deleted. */
export async function hasOpenRequestFor(db: Kysely<DB>, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('community_requests')
    .select('id')
    .where('community_name_lc', '=', name.toLowerCase())
    .where('deleted_at', 'is', null)
    .where('denied_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** False when the storage refused a second pending request of the member for that name (a race). */
export async function insertRequest(
  db: Kysely<DB>,
  values: { by_user: string; community_name: string; note: string | null; created_at: Date },
): Promise<boolean> {
  try {
    await db.insertInto('community_requests').values(values).execute();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
    throw error;
  }
}

/** Requests made since `since`, not deleted, newest first. */
export async function listRequests(db: Kysely<DB>, since: Date): Promise<CommunityRequestRow[]> {
  return selectRequests(db)
    .where('r.created_at', '>=', since)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

export async function findRequest(db: Kysely<DB>, id: number): Promise<CommunityRequestRow | undefined> {
  return selectRequests(db).where('r.id', '=', id).executeTakeFirst();
}

/** Records the denial unless someone denied it first; false then. */
export async function denyRequest(
  db: Kysely<DB>,
  id: number,
  denial: { note: string; by: string; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('community_requests')
    .set({ denied_note: denial.note, denied_by: denial.by, denied_at: denial.at })
    .where('id', '=', id)
    .where('denied_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Soft delete; false when there was nothing (left) to delete. */
export async function deleteRequest(db: Kysely<DB>, id: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('community_requests')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
