import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../lib/errors.js';
import { createRateLimiter, type RateLimiter } from './rate-limiter.js';
import { RATE_LIMIT_RULES } from './rules.js';

/** The in-memory limiter (DOMAIN §12): fixed windows, every window of a rule, atomic counting. */

async function refusal(promise: Promise<void>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('the request was let through');
}

async function consumeTimes(limiter: RateLimiter, rule: 'loginIp' | 'signupIp', key: string, n: number) {
  for (let i = 0; i < n; i++) await limiter.consume(rule, key);
}

describe('memory rate limiter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-06-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets a window fill up, then refuses with the 429 AppError of the contract', async () => {
    const limiter = createRateLimiter({ enabled: true, redis: null });
    expect(RATE_LIMIT_RULES.loginIp).toEqual([{ points: 10, seconds: 1 }]);
    await consumeTimes(limiter, 'loginIp', '192.0.2.1', 10);
    const error = await refusal(limiter.consume('loginIp', '192.0.2.1'));
    expect(error.status).toBe(429);
    expect(error.code).toBeUndefined();
    expect(error.message).toBe('Too Many Requests.');
    // Keys and rules count apart.
    await limiter.consume('loginIp', '192.0.2.2');
    await limiter.consume('loginIpUser', '192.0.2.1|someone');
  });

  it('counts fixed windows that start at the first request', async () => {
    const limiter = createRateLimiter({ enabled: true, redis: null });
    await limiter.consume('loginIp', 'k'); // the window opens at t = 0
    vi.advanceTimersByTime(900);
    await consumeTimes(limiter, 'loginIp', 'k', 9);
    await refusal(limiter.consume('loginIp', 'k'));
    vi.advanceTimersByTime(99); // t = 999: still the first window
    await refusal(limiter.consume('loginIp', 'k'));
    vi.advanceTimersByTime(2); // t = 1001: a new window, although 9 requests came in the last 101 ms
    await consumeTimes(limiter, 'loginIp', 'k', 10);
    await refusal(limiter.consume('loginIp', 'k'));
  });

  it('needs a request to fit every window of its rule', async () => {
    expect(RATE_LIMIT_RULES.signupIp).toEqual([
      { points: 2, seconds: 60 },
      { points: 10, seconds: 6 * 3600 },
    ]);
    const limiter = createRateLimiter({ enabled: true, redis: null });
    // 2 a minute for 5 minutes fills the 6-hour window.
    for (let minute = 0; minute < 5; minute++) {
      await consumeTimes(limiter, 'signupIp', 'ip', 2);
      await refusal(limiter.consume('signupIp', 'ip')); // the minute window is full
      vi.advanceTimersByTime(61_000);
    }
    // A fresh minute window, but the 6-hour one is full.
    const error = await refusal(limiter.consume('signupIp', 'ip'));
    expect(error.status).toBe(429);
    vi.advanceTimersByTime(6 * 3600 * 1000);
    await consumeTimes(limiter, 'signupIp', 'ip', 2);
  });

  it('lets exactly 10 of 100 parallel requests through a 10-request window', async () => {
    const limiter = createRateLimiter({ enabled: true, redis: null });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => limiter.consume('loginIp', 'parallel')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(90);
    for (const r of refused) expect((r.reason as AppError).status).toBe(429);
  });

  it('never refuses when disabled', async () => {
    const limiter = createRateLimiter({ enabled: false, redis: null });
    await consumeTimes(limiter, 'signupIp', 'ip', 1000);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => limiter.consume('loginIp', 'k')),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
  });
});
