import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** A block as the presenter needs it: `ip` as plain text, and the creator's username. */
export interface IpBlockRow {
  id: number;
  ip: string;
  masked_bits: number;
  created_at: Date;
  created_by: string;
  expires_at: Date | null;
  cancelled_at: Date | null;
  in_effect: boolean;
  associated_users: string[];
  note: string;
}

export interface BlockCursor {
  inEffect: boolean;
  id: number;
}

function selectBlocks(db: Kysely<DB>) {
  return db
    .selectFrom('ip_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.created_by')
    .select([
      'b.id',
      sql<string>`host(b.ip)`.as('ip'),
      'b.masked_bits',
      'b.created_at',
      'u.username as created_by',
      'b.expires_at',
      'b.cancelled_at',
      'b.in_effect',
      'b.associated_users',
      'b.note',
    ]);
}

/** What every process keeps in memory. */
export async function listBlocksInEffect(
  db: Kysely<DB>,
): Promise<{ ip: string; masked_bits: number; expires_at: Date | null }[]> {
  return db
    .selectFrom('ip_blocks')
    .select([sql<string>`host(ip)`.as('ip'), 'masked_bits', 'expires_at'])
    .where('in_effect', '=', true)
    .execute();
}

/** Usernames whose last-seen address lies in the network (`cidr` as PostgreSQL writes one). */
export async function usernamesSeenIn(db: Kysely<DB>, cidr: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where(sql<boolean>`last_seen_ip <<= ${cidr}::inet`)
    .orderBy('username')
    .execute();
  return rows.map((row) => row.username);
}

/** The new block, or undefined when an identical one is already in effect. */
export async function insertBlock(
  db: Kysely<DB>,
  values: {
    ip: string;
    masked_bits: number;
    created_by: string;
    created_at: Date;
    expires_at: Date | null;
    associated_users: string[];
    note: string;
  },
): Promise<number | undefined> {
  const row = await db
    .insertInto('ip_blocks')
    .values(values)
    .onConflict((oc) => oc.columns(['ip', 'masked_bits']).where('in_effect', '=', true).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findBlock(db: Kysely<DB>, id: number): Promise<IpBlockRow | undefined> {
  return selectBlocks(db).where('b.id', '=', id).executeTakeFirst();
}

/**
 * One page in (in_effect DESC, id DESC) order, from the cursor item on: past the last block in effect
 * it runs on into the others (API.md §16.3).
 */
export async function listBlocks(
  db: Kysely<DB>,
  from: BlockCursor | null,
  limit: number,
): Promise<IpBlockRow[]> {
  let query = selectBlocks(db);
  if (from) {
    query = from.inEffect
      ? query.where((eb) =>
          eb.or([
            eb.and([eb('b.in_effect', '=', true), eb('b.id', '<=', from.id)]),
            eb('b.in_effect', '=', false),
          ]),
        )
      : query.where('b.in_effect', '=', false).where('b.id', '<=', from.id);
  }
  return query.orderBy('b.in_effect', 'desc').orderBy('b.id', 'desc').limit(limit).execute();
}

/** Ends blocks in effect (one, or all); returns the ids that changed. */
export async function cancelBlocks(db: Kysely<DB>, at: Date, id?: number): Promise<number[]> {
  let query = db
    .updateTable('ip_blocks')
    .set({ in_effect: false, cancelled_at: at })
    .where('in_effect', '=', true);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** The expiry job (DOMAIN §7.9): blocks past their time leave the in-effect group. */
export async function expireBlocks(db: Kysely<DB>, now: Date): Promise<number> {
  const rows = await db
    .updateTable('ip_blocks')
    .set({ in_effect: false })
    .where('in_effect', '=', true)
    .where('expires_at', '<=', now)
    .returning('id')
    .execute();
  return rows.length;
}

export async function notifyIpBlocksChanged(db: Kysely<DB>, channel: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, '')`.execute(db);
}
