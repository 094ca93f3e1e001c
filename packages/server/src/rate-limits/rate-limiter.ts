import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { errors } from '../lib/errors.js';
import { RATE_LIMIT_RULES, type RateLimitName } from './rules.js';

export interface RateLimiter {
  /** Counts one request against every window of the rule; throws the 429 AppError when one is full. */
  consume(rule: RateLimitName, key: string): Promise<void>;
}

/**
 * Each check is one atomic increment-and-read (DOMAIN §12): in Redis when configured, shared by every
 * process, else in this process's memory. If Redis stops answering, the in-memory limiter stands in.
 */
export function createRateLimiter(options: {
  enabled: boolean;
  redis: Redis | null;
  /** The site's part of the keys in Redis, so that sites sharing one count apart. */
  namespace?: string;
}): RateLimiter {
  if (!options.enabled) return { consume: async () => {} };
  const limiters = new Map<RateLimitName, RateLimiterAbstract[]>();
  for (const [name, windows] of Object.entries(RATE_LIMIT_RULES) as [
    RateLimitName,
    (typeof RATE_LIMIT_RULES)[RateLimitName],
  ][]) {
    limiters.set(
      name,
      windows.map((w, i) => {
        const shape = {
          keyPrefix: `${options.namespace ?? ''}rl:${name}:${i}`,
          points: w.points,
          duration: w.seconds,
        };
        const memory = new RateLimiterMemory(shape);
        return options.redis
          ? new RateLimiterRedis({ ...shape, storeClient: options.redis, insuranceLimiter: memory })
          : memory;
      }),
    );
  }
  return {
    async consume(rule, key) {
      for (const limiter of limiters.get(rule) ?? []) {
        try {
          await limiter.consume(key);
        } catch (error) {
          if (error instanceof RateLimiterRes) throw errors.tooManyRequests();
          throw error;
        }
      }
    },
  };
}
