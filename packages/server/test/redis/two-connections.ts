import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';

/**
 * Two connections to TEST_REDIS_URL, as two server processes would hold, open for the calling file's
 * tests: the returned array is filled before the first test.
 */
export function twoConnections(): Redis[] {
  const clients: Redis[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      clients.push(new Redis(process.env.TEST_REDIS_URL!, { enableOfflineQueue: false, lazyConnect: true }));
    }
    await Promise.all(clients.map((c) => c.connect()));
  });
  afterAll(() => clients.forEach((c) => c.disconnect()));
  return clients;
}
