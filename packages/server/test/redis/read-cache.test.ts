import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadCache, type ReadCache } from '../../src/cache/read-cache.js';
import { redisTier, siteNamespace } from '../../src/cache/shared-tier.js';
import { member, newCommunity } from '../factories.js';
import { createTestApp, type TestApp } from '../harness.js';
import { QueryCounter } from '../query-counter.js';
import { twoConnections } from './two-connections.js';

/**
 * The read cache shared by several processes through Redis (issue 15, cache/shared-tier.ts): a page
 * one process computed is read by the others, and a write in any process makes every process's older
 * pages unreadable.
 */

const clients = twoConnections();

/** Two "processes" of one site: each its own cache and Redis connection, one namespace. */
function twoProcesses(ttlMs = 5_000): [ReadCache, ReadCache] {
  const site = { csrfKey: crypto.randomBytes(32) };
  return clients.map((redis) => createReadCache(ttlMs, Date.now, redisTier(redis, siteNamespace(site)))) as [
    ReadCache,
    ReadCache,
  ];
}

describe('the shared tier', () => {
  it('gives one process what another computed, values and texts alike', async () => {
    const [a, b] = twoProcesses();
    let computed = 0;
    const value = { posts: [{ id: 'x', title: 'Shared', score: 3, link: null }], next: 'c' };
    expect(await a.getValue('run', async () => (computed++, value))).toEqual(value);
    expect(await b.getValue('run', async () => (computed++, { other: true }))).toEqual(value);
    expect(computed).toBe(1);
    const text = await a.get('page', async () => '{"page":1}');
    const read = await b.get('page', async () => '{"page":"recomputed"}');
    // With the time it ends: the other process's CDN headers count down from the same moment.
    expect(read).toEqual({ text: text.text, etag: text.etag, expires: text.expires });
  });

  it('after a write in one process, no process reads a page from before it', async () => {
    const [a, b] = twoProcesses();
    await a.getValue('feed', async () => 'before');
    expect(await b.getValue('feed', async () => 'unused')).toBe('before');
    await a.invalidateAll();
    // What the other process does when the write's notice arrives.
    b.invalidate();
    expect(await b.getValue('feed', async () => 'after')).toBe('after');
    expect(await a.getValue('feed', async () => 'unused')).toBe('after');
  });

  it('never keeps for the others a computation that began before a write elsewhere', async () => {
    const [a, b] = twoProcesses();
    let finish!: (value: string) => void;
    const slow = a.getValue('feed', () => new Promise<string>((resolve) => (finish = resolve)));
    // Let the read of the tier happen, so the computation is under way when the write comes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await b.invalidateAll();
    finish('read before the write');
    expect(await slow).toBe('read before the write');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await b.getValue('feed', async () => 'fresh')).toBe('fresh');
  });

  it("leaves out pages from before a change even when the writer could not move the tier's generation", async () => {
    const site = { csrfKey: crypto.randomBytes(32) };
    const failing = { ...redisTier(clients[0]!, siteNamespace(site)) };
    failing.invalidate = () => Promise.reject(new Error('Redis gone for a moment'));
    const errors: unknown[] = [];
    const a = createReadCache(5_000, Date.now, failing, (error) => errors.push(error));
    const b = createReadCache(5_000, Date.now, redisTier(clients[1]!, siteNamespace(site)));
    await a.getValue('feed', async () => 'before');
    expect(await b.getValue('feed', async () => 'unused')).toBe('before');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await a.invalidateAll();
    expect(errors).toHaveLength(1);
    // The writer and, once the notice arrives, the others read nothing from before the change.
    expect(await a.getValue('feed', async () => 'after, here')).toBe('after, here');
    b.invalidate();
    expect(await b.getValue('feed', async () => 'after, there')).toMatch(/^after/);
  });

  it('keeps sites apart on one Redis', async () => {
    const [a] = twoProcesses();
    const [other] = twoProcesses();
    await a.getValue('feed', async () => 'site one');
    expect(await other.getValue('feed', async () => 'site two')).toBe('site two');
  });

  it('computes for itself when Redis fails, and says so', async () => {
    const errors: unknown[] = [];
    const broken = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, lazyConnect: true });
    const cache = createReadCache(
      5_000,
      Date.now,
      redisTier(broken, () => 'commons:read-cache:broken:'),
      (error) => errors.push(error),
    );
    expect(await cache.getValue('feed', async () => 'computed here')).toBe('computed here');
    await cache.invalidateAll();
    expect(await cache.getValue('feed', async () => 'again')).toBe('again');
    expect(errors.length).toBeGreaterThanOrEqual(2);
    broken.disconnect();
  });
});

describe("two servers' guest pages through one Redis", () => {
  let one: TestApp;
  let two: TestApp;
  const queries = new QueryCounter();
  let caches: [ReadCache, ReadCache];

  beforeAll(async () => {
    caches = twoProcesses();
    one = await createTestApp({}, { readCache: caches[0] });
    // The same database, another app: a second process.
    two = await createTestApp({}, { readCache: caches[1], queries, database: one.database });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it("serves the other server's page without a query, and a write there at once", async () => {
    const admin = await member(one, { isAdmin: true, points: 1000 });
    const community = await newCommunity(admin.client);
    const newPost = async (title: string) => {
      const res = await admin.client.post('/api/posts', { type: 'text', title, community: community.name });
      expect(res.status, res.text).toBe(200);
    };
    await newPost('Computed by one');
    const first = await one.client().get('/api/posts?sort=latest');
    expect(first.status).toBe(200);
    const statements = await queries.during(async () => {
      const res = await two.client().get('/api/posts?sort=latest');
      expect(res.text).toBe(first.text);
    });
    expect(statements.filter((s) => /from "posts"/.test(s))).toEqual([]);

    await newPost('Written on one');
    // What the second server does when the write's notice arrives.
    caches[1].invalidate();
    const after = await two.client().get('/api/posts?sort=latest');
    expect(after.json.posts[0].title).toBe('Written on one');
  });
});
