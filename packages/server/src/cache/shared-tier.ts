import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Secrets } from '../site/secrets.js';

/**
 * The read cache's second tier, which several processes share (Redis, with `REDIS_URL`): what one
 * process computed, the others read instead of computing it again. Entries are JSON text with the time
 * they expire and the time their computation began. A generation number in the tier names the entries
 * of now: `invalidate` moves it on, so every entry from before is never read again, in every process,
 * whatever it kept. Should that fail (Redis gone for a moment), each process also leaves out entries
 * begun before the last change it heard of (cache/read-cache.ts).
 */
export interface SharedTier {
  /** The entry under `key` of the current generation, if any, and that generation. */
  read(
    key: string,
  ): Promise<{ generation: string; entry: { json: string; expires: number; started: number } | null }>;
  /** Keeps an entry under the generation its computation began in (an older one is never read). */
  write(
    key: string,
    generation: string,
    entry: { json: string; expires: number; started: number },
    ttlMs: number,
  ): Promise<void>;
  invalidate(): Promise<void>;
}

/**
 * Keys name the site, so that sites sharing one Redis never read each other's pages (or count each
 * other's requests, for `area` "rate-limit"): by a digest of a secret of the site's database, which
 * every process of the site reads. A restore brings another secret, so every process moves to a new,
 * empty namespace together.
 */
export function siteNamespace(secrets: Pick<Secrets, 'csrfKey'>, area = 'read-cache'): () => string {
  let memo: { key: Buffer; namespace: string } | null = null;
  return () => {
    const key = secrets.csrfKey;
    if (memo?.key !== key) {
      const digest = crypto.createHmac('sha256', key).update(area).digest('base64url');
      memo = { key, namespace: `commons:${area}:${digest.slice(0, 16)}:` };
    }
    return memo.namespace;
  };
}

/** One round trip per read: the generation and the entry under it. */
const READ_SCRIPT = `
local generation = redis.call('GET', KEYS[1]) or '0'
return { generation, redis.call('GET', ARGV[1] .. generation .. ':' .. ARGV[2]) }`;

interface ReadCommand {
  readCacheEntry(generationKey: string, prefix: string, key: string): Promise<[string, string | null]>;
}

export function redisTier(redis: Redis, namespace: () => string): SharedTier {
  redis.defineCommand('readCacheEntry', { numberOfKeys: 1, lua: READ_SCRIPT });
  const client = redis as Redis & ReadCommand;
  return {
    async read(key) {
      const prefix = namespace();
      const [generation, stored] = await client.readCacheEntry(`${prefix}generation`, prefix, key);
      if (stored === null) return { generation, entry: null };
      // The times first, then the JSON: no second parse of a large text to find two numbers.
      const first = stored.indexOf(',');
      const second = stored.indexOf(',', first + 1);
      return {
        generation,
        entry: {
          expires: Number(stored.slice(0, first)),
          started: Number(stored.slice(first + 1, second)),
          json: stored.slice(second + 1),
        },
      };
    },
    async write(key, generation, entry, ttlMs) {
      const text = `${entry.expires},${entry.started},${entry.json}`;
      await redis.set(`${namespace()}${generation}:${key}`, text, 'PX', ttlMs);
    },
    async invalidate() {
      await redis.incr(`${namespace()}generation`);
    },
  };
}

/**
 * Reports a failing tier once a minute at most: while Redis is down every miss fails, and the pages
 * are computed here, as without it.
 */
export function tierWarning(log: FastifyBaseLogger, everyMs = 60_000): (error: unknown) => void {
  let last = -Infinity;
  return (error) => {
    const now = Date.now();
    if (now - last < everyMs) return;
    last = now;
    log.warn({ err: error }, 'the read cache could not reach Redis; each process computes its own pages');
  };
}
