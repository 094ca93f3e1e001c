import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from '../db/schema.js';
import { listen } from '../db/notifications.js';
import { clientAddress, parseBlockAddress } from './ip-block-address.js';
import { getSiteSettings } from '../site/site-settings.repository.js';
import { listBlocksInEffect } from './ip-blocks.repository.js';
import { addressKey, TorExits } from './tor-exits.js';

/** The database notification channel on which a process says that the IP blocks or site settings changed. */
export const IP_BLOCKS_CHANGED_CHANNEL = 'commons_ip_blocks_changed';

/**
 * Besides the notification, each process reads the blocks again this often: a notice lost while its
 * listener reconnected, or a block cancelled by the expiry job of another process, is caught up with
 * within this time (DOMAIN §7.9 asks for at least every 100 s).
 */
export const IP_BLOCKS_REFRESH_MS = 15_000;

/** Epoch ms, or null for a block without expiry. */
type Expiry = number | null;

/**
 * The IP blocks in effect, in this process's memory (DOMAIN §7.9): every request is checked against
 * them without a query. Networks are grouped by prefix length, so a check costs one masked lookup per
 * distinct prefix, however many blocks there are. Expiry is checked here too, so a block stops at its
 * time even before the expiry job marks it.
 */
export class IpBlockList {
  /** prefix → network address → expiry. */
  private v4 = new Map<number, Map<number, Expiry>>();
  private v6 = new Map<number, Map<bigint, Expiry>>();
  private count = 0;
  /** Loads start in order; an older load that finishes last must not replace a newer one. */
  private loadsStarted = 0;
  private loadApplied = 0;

  /** Tor exits, blocked like the rest while the `torBlocked` setting is on (DOMAIN §7.10). */
  constructor(readonly tor: TorExits = new TorExits(async () => '')) {}

  /** True when a request from `ip` must be refused. */
  blocks(ip: string, now: number): boolean {
    if (this.count === 0 && this.tor.size === 0) return false;
    const address = clientAddress(ip);
    if (!address) return false;
    if (this.tor.has(addressKey(address))) return true;
    const live = (expiry: Expiry | undefined) => expiry !== undefined && (expiry === null || expiry > now);
    if (address.version === 4) {
      const value = Number(address.value);
      for (const [prefix, networks] of this.v4) {
        const size = 2 ** (32 - prefix);
        if (live(networks.get(Math.floor(value / size) * size))) return true;
      }
      return false;
    }
    for (const [prefix, networks] of this.v6) {
      const hostBits = BigInt(128 - prefix);
      if (live(networks.get((address.value >> hostBits) << hostBits))) return true;
    }
    return false;
  }

  get size(): number {
    return this.count;
  }

  async refresh(db: Kysely<DB>): Promise<void> {
    const load = ++this.loadsStarted;
    const [rows, settings] = await Promise.all([listBlocksInEffect(db), getSiteSettings(db)]);
    if (load < this.loadApplied) return;
    this.loadApplied = load;
    this.replace(rows);
    this.tor.apply(settings.torBlocked);
  }

  /** Holds exactly these blocks (rows of the table: the first address, the prefix, the expiry). */
  replace(rows: readonly { ip: string; masked_bits: number; expires_at: Date | null }[]): void {
    const v4 = new Map<number, Map<number, Expiry>>();
    const v6 = new Map<number, Map<bigint, Expiry>>();
    for (const row of rows) {
      const range = parseBlockAddress(row.ip);
      if (row.masked_bits !== 0) range.prefix = row.masked_bits;
      const hostBits = BigInt((range.version === 4 ? 32 : 128) - range.prefix);
      const network = (range.base >> hostBits) << hostBits;
      const expiry = row.expires_at?.getTime() ?? null;
      if (range.version === 4) {
        const byPrefix = v4.get(range.prefix) ?? new Map<number, Expiry>();
        byPrefix.set(Number(network), expiry);
        v4.set(range.prefix, byPrefix);
      } else {
        const byPrefix = v6.get(range.prefix) ?? new Map<bigint, Expiry>();
        byPrefix.set(network, expiry);
        v6.set(range.prefix, byPrefix);
      }
    }
    this.v4 = v4;
    this.v6 = v6;
    this.count = rows.length;
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
      list.tor.stop();
      await listener.close();
    },
  };
}
