import { limits, truncateChars, type IPBlock, type IPBlockPage } from '@commons/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { recordAdminAction, type ModLogActor } from '../moderation/modlog.service.js';
import { assertAdmin, siteRole } from '../policies/roles.policy.js';
import type { UserRow } from '../users/users.repository.js';
import { maskedBits, parseBlockAddress, rangeText } from './ip-block-address.js';
import { IP_BLOCKS_CHANGED_CHANNEL } from './ip-block-list.js';
import { ipBlockJson } from './ip-blocks.presenter.js';
import {
  cancelBlocks,
  expireBlocks,
  findBlock,
  insertBlock,
  listBlocks,
  notifyIpBlocksChanged,
  usernamesSeenIn,
  type BlockCursor,
} from './ip-blocks.repository.js';

const HOUR_MS = 3_600_000;
/** Below this many hours a block has no expiry (API.md §16.3). */
const PERMANENT_AT_OR_BELOW_HOURS = 0.0001;
/** About a century: beyond it the time could not be stored, and a permanent block says it better. */
const MAX_EXPIRES_IN_HOURS = 1_000_000;
const MAX_PAGE = 100;

function admin(viewer: UserRow | null): UserRow {
  if (!viewer) throw errors.notLoggedIn();
  assertAdmin(siteRole(viewer));
  return viewer;
}

/** `expiresIn` in hours: a number or a string holding a decimal number; null for no expiry. */
export function parseExpiresIn(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  let hours: number;
  if (typeof value === 'number') hours = value;
  else if (typeof value === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) hours = Number(value);
  else throw errors.invalidExpiresIn();
  if (!Number.isFinite(hours) || hours > MAX_EXPIRES_IN_HOURS) throw errors.invalidExpiresIn();
  return hours <= PERMANENT_AT_OR_BELOW_HOURS ? null : hours;
}

/** `limit` of the admin lists: a whole number from 1 to 100, `fallback` when absent. */
export function parseAdminLimit(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,4}$/.test(value)) throw errors.invalidAdminLimit();
  const limit = Number(value);
  if (limit < 1 || limit > Math.max(MAX_PAGE, fallback)) throw errors.invalidAdminLimit();
  return limit;
}

/** The opaque cursor: hex of the JSON `{"inEffect": bool, "id": int}`, as the reference wrote it. */
export function encodeBlockCursor(cursor: BlockCursor): string {
  return Buffer.from(JSON.stringify({ inEffect: cursor.inEffect, id: cursor.id })).toString('hex');
}

export function decodeBlockCursor(value: string | undefined): BlockCursor | null {
  if (value === undefined || value === '' || value === 'null' || value === 'undefined') return null;
  if (value.length > 200 || !/^([0-9a-f]{2})+$/i.test(value)) throw errors.invalidNextValue();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'hex').toString('utf8'));
  } catch {
    throw errors.invalidNextValue();
  }
  const { inEffect, id } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof inEffect !== 'boolean' || !Number.isSafeInteger(id) || (id as number) < 1) {
    throw errors.invalidNextValue();
  }
  return { inEffect, id: id as number };
}

function parseBlockId(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw errors.invalidBlockId();
  return Number(value);
}

/** Tells every process (this one at once) that the blocks in effect changed. */
async function blocksChanged(deps: Deps): Promise<void> {
  await notifyIpBlocksChanged(deps.db, IP_BLOCKS_CHANGED_CHANNEL);
  await deps.ipBlocks.refresh(deps.db);
}

/**
 * Records blocks and lifts in the public moderation log, in the caller's transaction: who and when,
 * and a block's end, never the address, its note or the users seen there (the admins' page has them).
 */
function recordBlock(trx: Kysely<DB>, actor: ModLogActor, at: Date, expiresAt: Date | null) {
  return recordAdminAction(trx, actor, 'block_ip', at, {
    details: expiresAt ? { expiresAt: expiresAt.toISOString() } : null,
  });
}

async function recordLifts(
  trx: Kysely<DB>,
  actor: ModLogActor,
  at: Date,
  ids: readonly number[],
): Promise<void> {
  for (const blockId of ids) {
    await recordAdminAction(trx, actor, 'unblock_ip', at, { details: { blockId } });
  }
}

/** `POST /api/ipblocks` (API.md §16.3, DOMAIN §7.9). The block applies at once, in every process. */
export async function createBlock(
  deps: Deps,
  viewer: UserRow | null,
  body: { address: string; expiresIn?: unknown; note?: string | null },
): Promise<IPBlock> {
  const creator = admin(viewer);
  const range = parseBlockAddress(body.address);
  const hours = parseExpiresIn(body.expiresIn);
  const note = truncateChars((body.note ?? '').trim(), limits.ipBlockNoteMax);
  const now = deps.clock();
  // A block past its time no longer counts as the same block in effect.
  await expireBlocks(deps.db, now);
  const ip = rangeText(range);
  const expiresAt = hours === null ? null : new Date(now.getTime() + hours * HOUR_MS);
  const associated = await usernamesSeenIn(deps.db, `${ip}/${range.prefix}`);
  const id = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertBlock(trx, {
      ip,
      masked_bits: maskedBits(range),
      created_by: creator.id,
      created_at: now,
      expires_at: expiresAt,
      associated_users: associated,
      note,
    });
    if (inserted !== undefined) await recordBlock(trx, creator, now, expiresAt);
    return inserted;
  });
  if (id === undefined) throw errors.blockDuplicate();
  await blocksChanged(deps);
  return ipBlockJson((await findBlock(deps.db, id))!);
}

/** `GET /api/ipblocks`: in effect first, then id descending; each page starts at its cursor item. */
export async function listBlockPage(
  deps: Deps,
  viewer: UserRow | null,
  query: { limit?: string; next?: string },
): Promise<IPBlockPage> {
  admin(viewer);
  const limit = parseAdminLimit(query.limit, limits.ipBlocksPageSize);
  const from = decodeBlockCursor(query.next);
  if ((await expireBlocks(deps.db, deps.clock())) > 0) await blocksChanged(deps);
  const rows = await listBlocks(deps.db, from, limit + 1);
  const following = rows.length > limit ? rows[limit]! : null;
  return {
    blocks: rows.slice(0, limit).map(ipBlockJson),
    next: following ? encodeBlockCursor({ inEffect: following.in_effect, id: following.id }) : null,
  };
}

export async function getBlock(deps: Deps, viewer: UserRow | null, blockId: string): Promise<IPBlock> {
  admin(viewer);
  const id = parseBlockId(blockId);
  if ((await expireBlocks(deps.db, deps.clock())) > 0) await blocksChanged(deps);
  const row = await findBlock(deps.db, id);
  if (!row) throw errors.blockNotFound();
  return ipBlockJson(row);
}

/** `DELETE /api/ipblocks/{id}`: 404 unknown, 409 no longer in effect (expired or cancelled). */
export async function cancelBlock(deps: Deps, viewer: UserRow | null, blockId: string): Promise<IPBlock> {
  const by = admin(viewer);
  const id = parseBlockId(blockId);
  const now = deps.clock();
  await expireBlocks(deps.db, now);
  const row = await findBlock(deps.db, id);
  if (!row) throw errors.blockNotFound();
  await deps.db.transaction().execute(async (trx) => {
    const lifted = await cancelBlocks(trx, now, id);
    if (lifted.length === 0) throw errors.blockNotInEffect();
    await recordLifts(trx, by, now, lifted);
  });
  await blocksChanged(deps);
  return ipBlockJson((await findBlock(deps.db, id))!);
}

/** `DELETE /api/ipblocks`: cancels every block in effect, then answers like GET. */
export async function cancelAllBlocks(
  deps: Deps,
  viewer: UserRow | null,
  query: { limit?: string; next?: string },
): Promise<IPBlockPage> {
  const by = admin(viewer);
  // Bad paging answers 400 before anything is cancelled.
  parseAdminLimit(query.limit, limits.ipBlocksPageSize);
  decodeBlockCursor(query.next);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await recordLifts(trx, by, now, await cancelBlocks(trx, now));
  });
  await blocksChanged(deps);
  return listBlockPage(deps, viewer, query);
}

/** The expiry job (every 100 s, DOMAIN §14): blocks past their time leave every process's list. */
export async function expireBlocksJob(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const expired = await expireBlocks(deps.db, deps.clock());
  if (expired > 0) await notifyIpBlocksChanged(deps.db, IP_BLOCKS_CHANGED_CHANNEL);
  return expired;
}

/** The operator's view (`npm run cli -- ipblocks`): blocks in effect, oldest first, one per line. */
export async function operatorListBlocks(deps: Pick<Deps, 'db' | 'clock'>): Promise<string> {
  await expireBlocksJob(deps);
  const rows = (await listBlocks(deps.db, null, Number.MAX_SAFE_INTEGER)).filter((row) => row.in_effect);
  if (rows.length === 0) return 'No IP blocks are in effect.';
  return rows
    .reverse()
    .map((row) => {
      const until = row.expires_at ? `until ${row.expires_at.toISOString()}` : 'permanent';
      const note = row.note ? `  "${row.note}"` : '';
      const range = row.masked_bits === 0 ? row.ip : `${row.ip}/${row.masked_bits}`;
      return `#${row.id}  ${range}  by @${row.created_by}  ${until}${note}`;
    })
    .join('\n');
}

/**
 * Lifts one block by id, or every block in effect, from the operator's command line: the way back for
 * an admin whose own address a block covers. Running servers hear of it at once; the moderation log
 * names the operator.
 */
export async function operatorLiftBlocks(
  deps: Pick<Deps, 'db' | 'clock'>,
  which: number | 'all',
): Promise<number[]> {
  await expireBlocksJob(deps);
  const now = deps.clock();
  const lifted = await deps.db.transaction().execute(async (trx) => {
    const ids = await cancelBlocks(trx, now, which === 'all' ? undefined : which);
    await recordLifts(trx, null, now, ids);
    return ids;
  });
  if (lifted.length > 0) await notifyIpBlocksChanged(deps.db, IP_BLOCKS_CHANGED_CHANNEL);
  return lifted;
}
