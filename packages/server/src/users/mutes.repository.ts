import type { Kysely, Selectable } from 'kysely';
import type { CommunitiesTable, DB } from '../db/schema.js';
import { userRowsAmong } from '../db/user-rows.js';
import type { UserRow } from './users.repository.js';

/** Which of these authors and communities the viewer has muted. */
export async function mutesOf(
  db: Kysely<DB>,
  userId: string,
  authorIds: readonly string[],
  communityIds: readonly string[],
): Promise<{ users: Set<string>; communities: Set<string> }> {
  const [users, communities] = await Promise.all([
    userRowsAmong(db, 'muted_users', userId, 'muted_user_id', authorIds, 'user_id'),
    userRowsAmong(db, 'muted_communities', userId, 'community_id', communityIds, 'user_id'),
  ]);
  return { users: new Set(users.keys()), communities: new Set(communities.keys()) };
}

/** Forgets every mute the user made, and every mute of them. */
export async function deleteMutesOfUser(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .deleteFrom('muted_users')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('muted_user_id', '=', userId)]))
    .execute();
  await db.deleteFrom('muted_communities').where('user_id', '=', userId).execute();
}

/** A muted user: the mute's id and time beside the user's row. */
export type UserMuteRow = UserRow & { mute_id: number; muted_at: Date };
/** A muted community: the mute's id and time beside the community's row. */
export type CommunityMuteRow = Selectable<CommunitiesTable> & { mute_id: number; muted_at: Date };

/** The users this user muted, in creation order. */
export function userMutesOf(db: Kysely<DB>, userId: string): Promise<UserMuteRow[]> {
  return db
    .selectFrom('muted_users as m')
    .innerJoin('users as u', 'u.id', 'm.muted_user_id')
    .selectAll('u')
    .select(['m.id as mute_id', 'm.created_at as muted_at'])
    .where('m.user_id', '=', userId)
    .orderBy('m.id')
    .execute();
}

/** The communities this user muted, in creation order. */
export function communityMutesOf(db: Kysely<DB>, userId: string): Promise<CommunityMuteRow[]> {
  return db
    .selectFrom('muted_communities as m')
    .innerJoin('communities as c', 'c.id', 'm.community_id')
    .selectAll('c')
    .select(['m.id as mute_id', 'm.created_at as muted_at'])
    .where('m.user_id', '=', userId)
    .orderBy('m.id')
    .execute();
}

/** Idempotent: muting twice keeps the first mute (and its place in the order). */
export async function insertUserMute(db: Kysely<DB>, userId: string, mutedUserId: string): Promise<void> {
  await db
    .insertInto('muted_users')
    .values({ user_id: userId, muted_user_id: mutedUserId })
    .onConflict((oc) => oc.columns(['user_id', 'muted_user_id']).doNothing())
    .execute();
}

export async function insertCommunityMute(
  db: Kysely<DB>,
  userId: string,
  communityId: string,
): Promise<void> {
  await db
    .insertInto('muted_communities')
    .values({ user_id: userId, community_id: communityId })
    .onConflict((oc) => oc.columns(['user_id', 'community_id']).doNothing())
    .execute();
}

/** Removes one of the user's user mutes, by the muted user or by the mute's id. */
export async function deleteUserMute(
  db: Kysely<DB>,
  userId: string,
  by: { mutedUserId: string } | { muteId: number },
): Promise<void> {
  await db
    .deleteFrom('muted_users')
    .where('user_id', '=', userId)
    .where((eb) => ('muteId' in by ? eb('id', '=', by.muteId) : eb('muted_user_id', '=', by.mutedUserId)))
    .execute();
}

/** Removes one of the user's community mutes, by the community or by the mute's id. */
export async function deleteCommunityMute(
  db: Kysely<DB>,
  userId: string,
  by: { communityId: string } | { muteId: number },
): Promise<void> {
  await db
    .deleteFrom('muted_communities')
    .where('user_id', '=', userId)
    .where((eb) => ('muteId' in by ? eb('id', '=', by.muteId) : eb('community_id', '=', by.communityId)))
    .execute();
}

/** Clears the user's own mutes of one kind (the mutes of them by others stay). */
export async function clearMutes(db: Kysely<DB>, userId: string, type: 'user' | 'community'): Promise<void> {
  await db
    .deleteFrom(type === 'user' ? 'muted_users' : 'muted_communities')
    .where('user_id', '=', userId)
    .execute();
}
