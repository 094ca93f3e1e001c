import type { Kysely } from 'kysely';
import { prepared } from '../db/named-statements.js';
import type { DB } from '../db/schema.js';
import type { UserRow } from '../users/users.repository.js';

export interface StoredSession {
  id: string;
  lastSeenAt: Date | null;
  expiresAt: Date;
  user: UserRow | null;
}

/** The session and its user in one query: every API request of a logged-in visitor makes it. */
export async function findSessionWithUser(db: Kysely<DB>, id: string): Promise<StoredSession | undefined> {
  const row = await prepared(db)
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
    ])
    .selectAll('users')
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_last_seen_at, session_expires_at, ...user } = row;
  return {
    id: session_id,
    lastSeenAt: session_last_seen_at,
    expiresAt: session_expires_at,
    user: user.id === null ? null : (user as UserRow),
  };
}

export async function insertSession(
  db: Kysely<DB>,
  session: { id: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      last_seen_at: session.now,
      created_at: session.now,
      expires_at: session.expiresAt,
    })
    .execute();
}

export async function deleteSession(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteUserSessions(db: Kysely<DB>, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function extendSession(
  db: Kysely<DB>,
  id: string,
  lastSeenAt: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

export async function deleteExpiredSessions(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
