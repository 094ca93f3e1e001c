import crypto from 'node:crypto';
import type { SharedTier } from './shared-tier.js';

/** A response body as it is sent, with the validator a CDN or browser checks it against. */
export interface CachedText {
  text: string;
  etag: string;
  /** When the entry ends (ms, the cache's clock): what a CDN may keep of it, no longer (secondsLeft). */
  expires: number;
  /**
   * The text compressed, per encoding, made by the first guest who asks for it in that encoding and
   * kept with the entry (http/shared-responses.ts): one compression per entry, not per request.
   */
  compressed?: Partial<Record<'br' | 'gzip', Buffer>>;
}

/**
 * What is the same for every guest (feed pages), kept for a few seconds in process memory and, with a
 * shared tier (Redis), for every process: a process that misses reads what another computed before it
 * computes. Concurrent misses for one key in a process run the computation once. Writes that change
 * what pages show call `invalidateAll` after their commit; the other processes on the database hear of
 * it through a database notification and call `invalidate` (cache/pages-changed.ts).
 */
export interface ReadCache {
  readonly ttlMs: number;
  get(key: string, compute: () => Promise<string>): Promise<CachedText>;
  /**
   * The same for values that are not response texts (the shared parts of members' feed pages). The
   * value is shared by every caller: callers copy what they change, never change it in place.
   */
  getValue<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * Seconds until `page`'s entry ends, rounded up (HTTP counts whole seconds), 0 when it has: a CDN
   * keeps it no longer than the server does, give or take that second.
   */
  secondsLeft(page: CachedText): number;
  /** Forgets this process's entries: another process changed pages (its notice), or a restore. */
  invalidate(): void;
  /**
   * A write here changed pages: the shared tier's entries are never read again, by any process, and
   * this process forgets its own. A tier that cannot be reached is reported to `onTierError`; every
   * process then still leaves its older entries out, from the change's notice on (`invalidate`).
   */
  invalidateAll(): Promise<void>;
  /** How many entries it holds, expired ones not yet forgotten included. */
  readonly size: number;
}

/** Kept small: entries live seconds, and a guest's deep pages are rare. */
const MAX_ENTRIES = 2_000;

export function etagOf(text: string): string {
  return `W/"${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 22)}"`;
}

export function createReadCache(
  ttlMs: number,
  now: () => number = Date.now,
  tier: SharedTier | null = null,
  onTierError: (error: unknown) => void = () => {},
): ReadCache {
  const entries = new Map<string, { value: unknown; expires: number }>();
  const pending = new Map<string, Promise<unknown>>();
  // A computation that began before an invalidation may have read what the write changed: its result
  // is answered to the requests that waited for it, but not kept.
  let generation = 0;
  // When this process last heard of a change: a shared entry begun before it may show what changed,
  // even when the tier's own generation could not be moved on.
  let changedAt = -Infinity;

  function getValue<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return compute();
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return Promise.resolve(hit.value as T);
    const running = pending.get(key);
    if (running) return running as Promise<T>;
    const started = generation;
    const work = computeOrRead(key, compute)
      .then(({ value, expires }) => {
        if (started === generation) {
          const time = now();
          entries.delete(key);
          entries.set(key, { value, expires });
          // Entries are in the order they were kept, so in the order they expire: the expired ones are
          // at the front. Forgotten as new ones come, so that a quiet site does not hold up to
          // MAX_ENTRIES pages (a page and its markup can be 200 KB) long after they stopped counting.
          for (const [oldest, entry] of entries) {
            if (entry.expires > time) break;
            entries.delete(oldest);
          }
          if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        }
        return value;
      })
      .finally(() => {
        if (pending.get(key) === work) pending.delete(key);
      });
    pending.set(key, work);
    return work;
  }

  /**
   * The shared tier's entry when another process computed it, else the computation, which the tier
   * then keeps for the others. A tier that fails is left out: the process computes for itself.
   */
  async function computeOrRead<T>(
    key: string,
    compute: () => Promise<T>,
  ): Promise<{ value: T; expires: number }> {
    if (!tier) return { value: await compute(), expires: now() + ttlMs };
    const shared = await tier.read(key).catch((error: unknown) => {
      onTierError(error);
      return null;
    });
    if (shared?.entry && shared.entry.expires > now() && shared.entry.started >= changedAt) {
      return { value: JSON.parse(shared.entry.json) as T, expires: shared.entry.expires };
    }
    const started = now();
    const value = await compute();
    const expires = now() + ttlMs;
    if (shared) {
      // Not awaited: the answer does not wait for the other processes' copy.
      tier
        .write(key, shared.generation, { json: JSON.stringify(value), expires, started }, ttlMs)
        .catch(onTierError);
    }
    return { value, expires };
  }

  function invalidate() {
    generation++;
    changedAt = now();
    entries.clear();
    // Requests arriving from now on must not join a computation that may have read the old rows.
    pending.clear();
  }

  return {
    ttlMs,
    get(key, compute) {
      return getValue(key, async () => {
        const text = await compute();
        return { text, etag: etagOf(text), expires: now() + ttlMs };
      });
    },
    getValue,
    secondsLeft(page) {
      return Math.max(0, Math.ceil((page.expires - now()) / 1000));
    },
    get size() {
      return entries.size;
    },
    invalidate,
    async invalidateAll() {
      // The tier first: a computation here that starts before it moves on may still find an entry
      // from before the write there, and is not kept once this process forgets its own after.
      if (tier && ttlMs > 0) await tier.invalidate().catch(onTierError);
      invalidate();
    },
  };
}
