import { clientAddress } from './ip-block-address.js';

/** The Tor Project's list of exit addresses, one per line (DOMAIN §7.10). */
export const TOR_EXIT_LIST_URL = 'https://check.torproject.org/torbulkexitlist';
/** While `torBlocked` is on, the list is read again this often. */
export const TOR_REFRESH_MS = 15 * 60_000;
const FETCH_TIMEOUT_MS = 30_000;

/** Where the list comes from: the Tor Project in production; tests give their own text. */
export type TorListSource = () => Promise<string>;

export const fetchTorExitList: TorListSource = async () => {
  const res = await fetch(TOR_EXIT_LIST_URL, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`the Tor exit list answered ${res.status}`);
  return res.text();
};

type Warn = (err: unknown, message: string) => void;

/**
 * Tor exit addresses, blocked like IP blocks while the `torBlocked` site setting is on. Each process
 * reads the list itself; the set only grows until blocking is turned off, so an exit that leaves the
 * list stays blocked (as DOMAIN §7.10 says).
 */
export class TorExits {
  private addresses = new Set<string>();
  private on = false;
  private timer: NodeJS.Timeout | null = null;
  private loading: Promise<void> = Promise.resolve();

  constructor(
    private readonly source: TorListSource,
    private warn: Warn = () => {},
  ) {}

  setWarn(warn: Warn): void {
    this.warn = warn;
  }

  /** True when blocking is on and the address (as a client address key) is a listed exit. */
  has(key: string): boolean {
    return this.on && this.addresses.has(key);
  }

  get size(): number {
    return this.addresses.size;
  }

  /** Follows the setting: turning on reads the list at once and then on a timer; off forgets it. */
  apply(torBlocked: boolean): void {
    if (torBlocked === this.on) return;
    this.on = torBlocked;
    if (torBlocked) {
      this.loading = this.load();
      this.timer = setInterval(() => {
        this.loading = this.load();
      }, TOR_REFRESH_MS);
      this.timer.unref();
    } else {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      this.addresses = new Set();
    }
  }

  /** Resolves when the read in progress (if any) has ended, well or not. */
  settled(): Promise<void> {
    return this.loading;
  }

  stop(): void {
    this.apply(false);
  }

  private async load(): Promise<void> {
    try {
      const text = await this.source();
      if (!this.on) return;
      for (const line of text.split('\n')) {
        const address = clientAddress(line.trim());
        if (address) this.addresses.add(addressKey(address));
      }
    } catch (err) {
      this.warn(err, 'could not read the Tor exit list');
    }
  }
}

export function addressKey(address: { version: 4 | 6; value: bigint }): string {
  return `${address.version}:${address.value}`;
}
