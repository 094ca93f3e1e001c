import crypto from 'node:crypto';

/** A response body as it is sent, with the validator a CDN or browser checks it against. */
export interface CachedText {
  text: string;
  etag: string;
  /**
   * The text compressed, per encoding, made by the first guest who asks for it in that encoding and
   * kept with the entry (http/shared-responses.ts): one compression per entry, not per request.
   */
  compressed?: Partial<Record<'br' | 'gzip', Buffer>>;
}

/**
 * What is the same for every guest (feed pages), kept for a few seconds in process memory. Concurrent
 * misses for one key run the computation once. `invalidate` forgets everything at once: writes that
 * change what pages show call it after their commit, here and, through a database notification, in
 * every other process on the database (cache/pages-changed.ts).
 */
export interface ReadCache {
  readonly ttlMs: number;
  get(key: string, compute: () => Promise<string>): Promise<CachedText>;
  /**
   * The same for values that are not response texts (the shared parts of members' feed pages). The
   * value is shared by every caller: callers copy what they change, never change it in place.
   */
  getValue<T>(key: string, compute: () => Promise<T>): Promise<T>;
  invalidate(): void;
  /** How many entries it holds, expired ones not yet forgotten included. */
  readonly size: number;
}

/** Kept small: entries live seconds, and a guest's deep pages are rare. */
const MAX_ENTRIES = 2_000;

export function etagOf(text: string): string {
  return `W/"${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 22)}"`;
}

export function createReadCache(ttlMs: number, now: () => number = Date.now): ReadCache {
  const entries = new Map<string, { value: unknown; expires: number }>();
  const pending = new Map<string, Promise<unknown>>();
  // A computation that began before an invalidation may have read what the write changed: its result
  // is answered to the requests that waited for it, but not kept.
  let generation = 0;

  function getValue<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return compute();
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return Promise.resolve(hit.value as T);
    const running = pending.get(key);
    if (running) return running as Promise<T>;
    const started = generation;
    const work = compute()
      .then((value) => {
        if (started === generation) {
          const time = now();
          entries.delete(key);
          entries.set(key, { value, expires: time + ttlMs });
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

  return {
    ttlMs,
    get(key, compute) {
      return getValue(key, async () => {
        const text = await compute();
        return { text, etag: etagOf(text) };
      });
    },
    getValue,
    get size() {
      return entries.size;
    },
    invalidate() {
      generation++;
      entries.clear();
      // Requests arriving from now on must not join a computation that may have read the old rows.
      pending.clear();
    },
  };
}
