import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from '../db/schema.js';
import { listen } from '../db/notifications.js';
import { clientAddress, contains, parseBlockAddress, type AddressRange } from './ip-block-address.js';
import { listBlocksInEffect } from './ip-blocks.repository.js';

/** The database notification channel on which a process says that the IP blocks changed. */
export const IP_BLOCKS_CHANGED_CHANNEL = 'commons_ip_blocks_changed';

/**
 * Besides the notification, each process reads the blocks again this often: a notice lost while its
 * listener reconnected, or a block cancelled by the expiry job of another process, is caught up with
 * within this time (DOMAIN §7.9 asks for at least every 100 s).
 */
export const IP_BLOCKS_REFRESH_MS = 15_000;

interface Entry {
  range: AddressRange;
  /** Epoch ms, or null for a block without expiry. */
  expiresAt: number | null;
}

/**
 * The IP blocks in effect, in this process's memory (DOMAIN §7.9): every request is checked against
 * them without a query. Expiry is checked here too, so a block stops at its time even before the
 * expiry job marks it.
 */
export class IpBlockList {
  private entries: Entry[] = [];
  /** Loads start in order; an older load that finishes last must not replace a newer one. */
  private loadsStarted = 0;
  private loadApplied = 0;

  /** True when a request from `ip` must be refused. */
  blocks(ip: string, now: number): boolean {
    if (this.entries.length === 0) return false;
    const address = clientAddress(ip);
    if (!address) return false;
    return this.entries.some(
      (entry) => (entry.expiresAt === null || entry.expiresAt > now) && contains(entry.range, address),
    );
  }

  get size(): number {
    return this.entries.length;
  }

  async refresh(db: Kysely<DB>): Promise<void> {
    const load = ++this.loadsStarted;
    const rows = await listBlocksInEffect(db);
    if (load < this.loadApplied) return;
    this.loadApplied = load;
    this.replace(rows);
  }

  /** Holds exactly these blocks (rows of the table: the first address, the prefix, the expiry). */
  replace(rows: readonly { ip: string; masked_bits: number; expires_at: Date | null }[]): void {
    this.entries = rows.map((row) => {
      const range = parseBlockAddress(row.ip);
      if (row.masked_bits !== 0) range.prefix = row.masked_bits;
      return { range, expiresAt: row.expires_at?.getTime() ?? null };
    });
  }
}

/**
 * Keeps a process's list in step with the others: it is read again when any process (or the CLI)
 * sends the channel's notification, and on a timer.
 */
export function syncIpBlocks(
  list: IpBlockList,
  db: Kysely<DB>,
  connection: pg.ClientConfig,
  log: FastifyBaseLogger,
  everyMs = IP_BLOCKS_REFRESH_MS,
): { close(): Promise<void> } {
  const refresh = () =>
    void list.refresh(db).catch((err: unknown) => log.error({ err }, 'could not read the IP blocks'));
  const listener = listen(connection, IP_BLOCKS_CHANGED_CHANNEL, refresh, log);
  const timer = setInterval(refresh, everyMs);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await listener.close();
    },
  };
}
