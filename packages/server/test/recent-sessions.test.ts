import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyChangeNotice, PAGES_CHANGED_CHANNEL } from '../src/cache/pages-changed.js';
import { listen } from '../src/db/notifications.js';
import { runOperation } from '../src/operations/operations.js';
import { createRecentSessions } from '../src/sessions/recent-sessions.js';
import type { StoredSession } from '../src/sessions/sessions.repository.js';
import type { UserRow } from '../src/users/users.repository.js';
import { loggedInClient, makeUser } from './factories.js';
import { createTestApp, TestClient, TestClock, type TestApp } from './harness.js';
import { QueryCounter } from './query-counter.js';

/**
 * Members' sessions remembered for the feeds' reads (issue 15, sessions/recent-sessions.ts): a feed
 * page needs no session query for a few seconds, and whatever ends a session or changes a member's
 * standing is honoured at once.
 */

const session = (userId: string): StoredSession => ({
  id: 'x',
  lastSeenAt: null,
  expiresAt: new Date(8.64e15),
  user: { id: userId } as UserRow,
});

describe('the recent sessions themselves', () => {
  it('keep a member session for their lifetime, never a guest one', () => {
    const recent = createRecentSessions(5_000);
    recent.set('a', session('1'), recent.generation, 1_000);
    recent.set('g', { ...session('2'), user: null }, recent.generation, 1_000);
    expect(recent.get('a', 5_999)?.user?.id).toBe('1');
    expect(recent.get('g', 1_000)).toBeUndefined();
    expect(recent.get('a', 6_000)).toBeUndefined();
    expect(recent.size).toBe(0);
  });

  it('do not keep what a lookup read before a session was forgotten or all were cleared', () => {
    const recent = createRecentSessions(5_000);
    const before = recent.generation;
    recent.forget('other');
    recent.set('a', session('1'), before, 0);
    expect(recent.get('a', 0)).toBeUndefined();
    const again = recent.generation;
    recent.clear();
    recent.set('a', session('1'), again, 0);
    expect(recent.get('a', 0)).toBeUndefined();
  });

  it('keep nothing when their lifetime is 0, and forget the oldest past their size', () => {
    const off = createRecentSessions(0);
    off.set('a', session('1'), off.generation, 0);
    expect(off.size).toBe(0);
    const small = createRecentSessions(5_000, 2);
    for (const id of ['a', 'b', 'c']) small.set(id, session(id), small.generation, 0);
    expect(small.get('a', 0)).toBeUndefined();
    expect(small.get('c', 0)?.user?.id).toBe('c');
  });
});

describe("members' sessions on the feeds", () => {
  const clock = new TestClock();
  const queries = new QueryCounter();
  const recentSessions = createRecentSessions(5_000);
  let t: TestApp;
  const lookups = (statements: string[]) => statements.filter((s) => /from "sessions"/.test(s)).length;
  const isMemberPage = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['cache-control']).includes('no-store');

  beforeAll(async () => {
    t = await createTestApp({ READ_CACHE_SECONDS: '5' }, { clock: clock.clock, queries, recentSessions });
  });
  afterAll(() => t.close());

  it('a feed read uses the session found in the last few seconds; every other read looks it up', async () => {
    const member = await loggedInClient(t, await makeUser(t.db));
    expect(lookups(await queries.during(() => member.get('/api/_user')))).toBe(1);
    const feed = await queries.during(async () => {
      const res = await member.get('/api/posts');
      expect(res.status).toBe(200);
      expect(isMemberPage(res)).toBe(true);
    });
    expect(lookups(feed)).toBe(0);
    expect(lookups(await queries.during(() => member.get('/api/_user')))).toBe(1);
    // Past the lifetime, the feed looks it up again.
    clock.advance(5_000);
    expect(lookups(await queries.during(() => member.get('/api/posts')))).toBe(1);
  });

  it('a logout ends it at once: the old cookie reads the feed as a guest', async () => {
    const member = await loggedInClient(t, await makeUser(t.db));
    expect(isMemberPage(await member.get('/api/posts'))).toBe(true);
    const copy = new TestClient(t.app);
    for (const [name, value] of member.cookies) copy.cookies.set(name, value);
    expect((await member.post('/api/_login?action=logout')).status).toBe(200);
    const after = await copy.get('/api/posts');
    expect(after.status).toBe(200);
    expect(isMemberPage(after)).toBe(false);
  });

  it('a password change ends the other devices\u2019 sessions at once', async () => {
    const user = await makeUser(t.db);
    const phone = await loggedInClient(t, user);
    const laptop = await loggedInClient(t, user);
    expect(isMemberPage(await phone.get('/api/posts'))).toBe(true);
    const changed = await laptop.post('/api/_settings?action=changePassword', {
      password: 'password123',
      newPassword: 'password456',
      repeatPassword: 'password456',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(isMemberPage(await phone.get('/api/posts'))).toBe(false);
    expect(isMemberPage(await laptop.get('/api/posts'))).toBe(true);
  });

  it('the operator CLI tells every process, which forgets what it remembered', async () => {
    const user = await makeUser(t.db);
    const member = await loggedInClient(t, user);
    expect(isMemberPage(await member.get('/api/posts'))).toBe(true);
    const heard: string[] = [];
    // What main.ts does with the notice: the test app has no listener of its own.
    const listener = listen(
      t.database.connection,
      PAGES_CHANGED_CHANNEL,
      (payload) => {
        heard.push(payload);
        applyChangeNotice(payload, {
          readCache: { ttlMs: 0, invalidate() {}, async invalidateAll() {} },
          recentSessions,
          movedPosts() {},
        });
      },
      t.app.log,
    );
    try {
      // LISTEN takes a moment on its own connection: log the member out until it hears.
      const context = {
        db: t.db,
        config: t.config,
        engine: t.database.engine,
        clock: clock.clock,
        runner: '',
      };
      await expect
        .poll(
          async () => {
            await runOperation(context, { op: 'logout', username: user.username });
            return heard;
          },
          { timeout: 10_000, interval: 200 },
        )
        .toContain('sessions');
      await expect.poll(async () => isMemberPage(await member.get('/api/posts'))).toBe(false);

      // A ban changes what guests' pages show (the author's isBanned) too: this process keeps no
      // read cache, so the servers are told to move the shared one on themselves.
      const moves: string[] = [];
      applyChangeNotice('pages-everywhere sessions', {
        readCache: {
          ttlMs: 0,
          invalidate: () => moves.push('this process'),
          invalidateAll: async () => void moves.push('every process'),
        },
        recentSessions,
        movedPosts() {},
      });
      expect(moves).toEqual(['every process']);
      heard.length = 0;
      const banned = await makeUser(t.db);
      // The logouts sent while LISTEN began may still be arriving: only the ban's notices are looked at.
      const bans = () => heard.filter((payload) => payload !== 'sessions');
      await runOperation(context, { op: 'ban', username: banned.username });
      await expect.poll(bans).toEqual(['pages-everywhere sessions']);
      await runOperation(context, { op: 'unban', username: banned.username });
      await expect.poll(bans).toEqual(['pages-everywhere sessions', 'pages-everywhere']);
    } finally {
      await listener.close();
    }
  });
});
