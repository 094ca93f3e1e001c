import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { createRateLimiter } from '../../src/rate-limits/rate-limiter.js';
import { twoConnections } from './two-connections.js';

/** Shared limits for several processes (DOMAIN §12): one atomic count in Redis, however many servers. */
describe('rate limits in Redis', () => {
  const clients = twoConnections();

  it('lets exactly the limit through when two processes race on one key', async () => {
    const [a, b] = clients.map((redis) => createRateLimiter({ enabled: true, redis }));
    const key = crypto.randomBytes(8).toString('hex');
    // loginIp allows 10 a second; 60 attempts at once, split across the two "processes".
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? a! : b!).consume('loginIp', key)),
    );
    const allowed = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(allowed).toBe(10);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).status).toBe(429);
    }
  });

  it('counts each key apart', async () => {
    const limiter = createRateLimiter({ enabled: true, redis: clients[0]! });
    const one = crypto.randomBytes(8).toString('hex');
    const two = crypto.randomBytes(8).toString('hex');
    await limiter.consume('signupIp', one);
    await limiter.consume('signupIp', one);
    await expect(limiter.consume('signupIp', one)).rejects.toMatchObject({ status: 429 });
    await expect(limiter.consume('signupIp', two)).resolves.toBeUndefined();
  });

  it('counts the sites that share one Redis apart', async () => {
    const [one, two] = ['site-one:', 'site-two:'].map((namespace) =>
      createRateLimiter({ enabled: true, redis: clients[0]!, namespace }),
    );
    const key = crypto.randomBytes(8).toString('hex');
    await one!.consume('signupIp', key);
    await one!.consume('signupIp', key);
    await expect(one!.consume('signupIp', key)).rejects.toMatchObject({ status: 429 });
    await expect(two!.consume('signupIp', key)).resolves.toBeUndefined();
  });
});
