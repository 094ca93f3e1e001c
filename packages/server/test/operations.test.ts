import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations } from '../src/db/migrate.js';
import type { DB } from '../src/db/schema.js';
import { BackupFormatError } from '../src/operations/backup.js';
import { runOperation, type Operation } from '../src/operations/operations.js';
import { saveSiteSettings } from '../src/site/site-settings.repository.js';
import { OperatorError } from '../src/users/users.service.js';
import { loggedInClient, makeUser, member, newCommunity, uniqueName } from './factories.js';
import { createTestApp, TestClock, type TestApp } from './harness.js';

/** Operator commands (DOMAIN §17), run as the CLI runs them, against the test database. */

function contextOf(t: TestApp, clock: TestClock) {
  return {
    db: t.db,
    config: t.config,
    engine: t.database.engine,
    clock: clock.clock,
    runner: 'this command',
  };
}

function userByName(t: TestApp, username: string) {
  return t.db
    .selectFrom('users')
    .selectAll()
    .where('username_lc', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
}

async function sessionsOf(t: TestApp, userId: string): Promise<number> {
  const rows = await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

describe('runOperation', () => {
  const clock = new TestClock();
  let t: TestApp;
  let run: (operation: Operation) => Promise<string>;
  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.clock });
    run = (operation) => runOperation(contextOf(t, clock), operation);
  });
  afterAll(() => t.close());

  describe('admin add / admin remove', () => {
    it('makes a user an admin, and takes it away again', async () => {
      const user = await makeUser(t.db, { username: uniqueName('Admin') });
      const client = await loggedInClient(t, user);
      expect(await run({ op: 'admin', add: true, username: user.username.toLowerCase() })).toBe(
        `@${user.username} is now an admin.`,
      );
      expect((await userByName(t, user.username)).is_admin).toBe(true);
      expect((await client.get('/api/_user')).json.isAdmin).toBe(true);

      expect(await run({ op: 'admin', add: false, username: user.username })).toBe(
        `@${user.username} is no longer an admin.`,
      );
      expect((await userByName(t, user.username)).is_admin).toBe(false);
      expect((await client.get('/api/_user')).json.isAdmin).toBe(false);
    });

    it('refuses to add an admin twice, or remove a non-admin', async () => {
      const admin = await makeUser(t.db, { isAdmin: true });
      const user = await makeUser(t.db);
      await expect(run({ op: 'admin', add: true, username: admin.username })).rejects.toThrow(
        new OperatorError(`@${admin.username} is already an admin.`),
      );
      await expect(run({ op: 'admin', add: false, username: user.username })).rejects.toThrow(
        new OperatorError(`@${user.username} is not an admin.`),
      );
    });

    it('refuses unknown and deleted users', async () => {
      const missing = uniqueName('missing');
      await expect(run({ op: 'admin', add: true, username: missing })).rejects.toThrow(
        `There is no user named ${missing}.`,
      );
      const deleted = await makeUser(t.db, { deleted: true });
      await expect(run({ op: 'admin', add: true, username: deleted.username })).rejects.toThrow(
        new OperatorError(`@${deleted.username} is a deleted account.`),
      );
      expect((await userByName(t, deleted.username)).is_admin).toBe(false);
    });
  });

  describe('ban / unban', () => {
    it('bans a user site-wide at the current time, ending their sessions; unban lets them back in', async () => {
      const user = await makeUser(t.db);
      const client = await loggedInClient(t, user);
      expect(await run({ op: 'ban', username: user.username })).toBe(
        `@${user.username} is banned site-wide; their sessions have ended.`,
      );
      expect((await userByName(t, user.username)).banned_at).toEqual(clock.now);
      expect(await sessionsOf(t, user.id)).toBe(0);
      expect((await client.get('/api/_user')).status).toBe(401);
      expect((await client.login(user.username)).json.code).toBe('account_suspended');
      const profile = await t.client().get(`/api/users/${user.username}`);
      expect(profile.json).toMatchObject({ isBanned: true, bannedAt: clock.now.toISOString() });

      expect(await run({ op: 'unban', username: user.username })).toBe(
        `@${user.username} is no longer banned.`,
      );
      expect((await userByName(t, user.username)).banned_at).toBeNull();
      expect((await client.login(user.username)).status).toBe(200);
    });

    it('refuses to ban an admin, and leaves their sessions alone', async () => {
      const admin = await makeUser(t.db, { isAdmin: true });
      const client = await loggedInClient(t, admin);
      await expect(run({ op: 'ban', username: admin.username })).rejects.toThrow(
        new OperatorError(`@${admin.username} is an admin; remove the admin role first.`),
      );
      expect((await userByName(t, admin.username)).banned_at).toBeNull();
      expect((await client.get('/api/_user')).status).toBe(200);
    });

    it('refuses to ban a banned user, or unban one who is not banned', async () => {
      const banned = await makeUser(t.db, { banned: true });
      const free = await makeUser(t.db);
      const bannedAt = (await userByName(t, banned.username)).banned_at;
      await expect(run({ op: 'ban', username: banned.username })).rejects.toThrow(
        new OperatorError(`@${banned.username} is already banned.`),
      );
      expect((await userByName(t, banned.username)).banned_at).toEqual(bannedAt);
      await expect(run({ op: 'unban', username: free.username })).rejects.toThrow(
        new OperatorError(`@${free.username} is not banned.`),
      );
    });
  });

  describe('password', () => {
    it('refuses an empty or short password and changes nothing', async () => {
      const user = await makeUser(t.db);
      await expect(run({ op: 'password', username: user.username, password: '' })).rejects.toThrow(
        new OperatorError('The password is empty.'),
      );
      await expect(run({ op: 'password', username: user.username, password: 'seven77' })).rejects.toThrow(
        new OperatorError('Password too short: use at least 8 characters.'),
      );
      expect((await userByName(t, user.username)).password).toBe(user.password);
    });

    it('sets a new hash and ends the sessions; the new password logs in through the API', async () => {
      const user = await makeUser(t.db);
      const client = await loggedInClient(t, user);
      expect(await run({ op: 'password', username: user.username, password: 'a brand new secret' })).toBe(
        `Password of @${user.username} changed; their sessions have ended.`,
      );
      const row = await userByName(t, user.username);
      expect(row.password).not.toBe(user.password);
      expect(row.password).toMatch(/^\$argon2id\$/);
      expect(await sessionsOf(t, user.id)).toBe(0);
      expect((await client.get('/api/_user')).status).toBe(401);

      const old = await t.client().login(user.username, 'password123');
      expect(old.status).toBe(401);
      expect(old.json.code).toBe('wrong-password');
      const fresh = await t.client().login(user.username, 'a brand new secret');
      expect(fresh.status).toBe(200);
      expect(fresh.json.id).toBe(user.id);
    });

    it('refuses a deleted account', async () => {
      const deleted = await makeUser(t.db, { deleted: true });
      await expect(
        run({ op: 'password', username: deleted.username, password: 'whatever123' }),
      ).rejects.toThrow(new OperatorError(`@${deleted.username} is a deleted account.`));
    });
  });

  describe('logout', () => {
    it('ends every session of the user and says how many', async () => {
      const user = await makeUser(t.db);
      const other = await makeUser(t.db);
      const clients = [await loggedInClient(t, user), await loggedInClient(t, user)];
      const bystander = await loggedInClient(t, other);
      expect(await run({ op: 'logout', username: user.username })).toBe(
        `Ended 2 sessions of @${user.username}.`,
      );
      for (const client of clients) expect((await client.get('/api/_user')).status).toBe(401);
      expect((await bystander.get('/api/_user')).status).toBe(200);
      expect(await run({ op: 'logout', username: user.username })).toBe(
        `Ended 0 sessions of @${user.username}.`,
      );
      await loggedInClient(t, user);
      expect(await run({ op: 'logout', username: user.username })).toBe(
        `Ended 1 session of @${user.username}.`,
      );
    });
  });

  describe('signups', () => {
    it('turns signups off and on, as GET /api/_initial shows', async () => {
      try {
        expect(await run({ op: 'signups', enabled: false })).toBe('Signups are disabled.');
        expect((await t.client().get('/api/_initial')).json.signupsDisabled).toBe(true);
        const refused = await t.client().signup(uniqueName());
        expect(refused.status).toBe(403);
        expect(refused.json.code).toBe('signups-disabled');
      } finally {
        expect(await run({ op: 'signups', enabled: true })).toBe('Signups are open.');
      }
      expect((await t.client().get('/api/_initial')).json.signupsDisabled).toBe(false);
      expect((await t.client().signup(uniqueName())).status).toBe(201);
    });
  });

  describe('ipblocks', () => {
    it('lists the blocks in effect, lifts one by id, then all; an id not in effect is refused', async () => {
      const admin = await member(t, { isAdmin: true });
      const made: { id: number }[] = [];
      for (const ip of ['198.51.100.7', '203.0.113.0/24']) {
        const res = await admin.client.post('/api/ipblocks', { address: ip, note: `note ${ip}` });
        expect(res.status).toBe(200);
        made.push(res.json);
      }
      const [first, second] = made.map((block) => block.id);
      const listed = (await run({ op: 'ipblocks-list' })).split('\n');
      expect(
        listed.find((line) => line.startsWith(`#${first}  198.51.100.7  by @${admin.user.username}`)),
      ).toMatch(/permanent {2}"note 198\.51\.100\.7"$/);
      expect(listed.some((line) => line.startsWith(`#${second}  203.0.113.0/24 `))).toBe(true);

      expect(await run({ op: 'ipblocks-lift', which: first! })).toBe(`Lifted IP block #${first}.`);
      expect((await admin.client.get(`/api/ipblocks/${first}`)).json.inEffect).toBe(false);
      expect((await admin.client.get(`/api/ipblocks/${second}`)).json.inEffect).toBe(true);
      await expect(run({ op: 'ipblocks-lift', which: first! })).rejects.toThrow(
        new OperatorError(`No IP block #${first} is in effect.`),
      );

      expect(await run({ op: 'ipblocks-lift', which: 'all' })).toMatch(/^Lifted \d+ IP block\(s\)\.$/);
      expect((await admin.client.get(`/api/ipblocks/${second}`)).json.inEffect).toBe(false);
      expect(await run({ op: 'ipblocks-list' })).toBe('No IP blocks are in effect.');
      expect(await run({ op: 'ipblocks-lift', which: 'all' })).toBe('No IP blocks were in effect.');
    });
  });

  describe('user', () => {
    it('prints the account', async () => {
      const user = await makeUser(t.db, { email: 'print@example.org', points: 17 });
      const seen = new Date('2025-02-03T04:05:06.000Z');
      await t.db.updateTable('users').set({ last_seen: seen }).where('id', '=', user.id).execute();
      expect(await run({ op: 'user', username: user.username.toUpperCase() })).toBe(
        [
          `@${user.username} (id ${user.id}, #${user.user_index})`,
          '  admin: no   banned: no   deleted: no',
          '  points: 17   posts: 0   comments: 0',
          `  joined: ${user.created_at.toISOString()}   last seen: 2025-02-03T04:05:06.000Z`,
          '  email: print@example.org',
        ].join('\n'),
      );
    });

    it('prints the admin, ban and deletion state', async () => {
      const banned = await makeUser(t.db, { banned: true });
      const row = await userByName(t, banned.username);
      const out = await run({ op: 'user', username: banned.username });
      expect(out.split('\n')[1]).toBe(`  admin: no   banned: ${row.banned_at!.toISOString()}   deleted: no`);
      expect(out).toContain('last seen: never');
      expect(out).toContain('email: (none)');
      expect((await run({ op: 'user', username: 'nobody' })).split('\n')[1]).toBe(
        '  admin: yes   banned: no   deleted: no',
      );
    });

    it('refuses an unknown user', async () => {
      const missing = uniqueName('missing');
      await expect(run({ op: 'user', username: missing })).rejects.toThrow(
        new OperatorError(`There is no user named ${missing}.`),
      );
    });
  });

  describe('status, migrate', () => {
    it('names the engine and sums the site up', async () => {
      const { n } = await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const latest = listMigrations().length;
      const lines = (await run({ op: 'status' })).split('\n');
      expect(lines[0]).toBe('Database: PostgreSQL (DATABASE_URL).');
      const embedded = await runOperation(
        { ...contextOf(t, clock), engine: 'embedded', runner: 'started for this command' },
        { op: 'status' },
      );
      expect(embedded.split('\n')[0]).toBe(
        `Database: embedded PostgreSQL in ${t.config.dataDir}, started for this command.`,
      );
      expect(lines[1]).toBe(`Schema version ${latest} of ${latest}.`);
      expect(lines[2]).toBe(`Accounts: ${Number(n)} (including the system accounts ghost and nobody).`);
      expect(lines[3]).toMatch(/^Admins: /);
      expect(lines[3]).not.toContain('@nobody');
      expect(lines[4]).toBe('Signups: open.');
    });

    it('lists the admins by name', async () => {
      const admin = await makeUser(t.db, { username: uniqueName('zz_admin'), isAdmin: true });
      const admins = await t.db
        .selectFrom('users')
        .select('username')
        .where('is_admin', '=', true)
        .where('username', '!=', 'nobody')
        .orderBy('username')
        .execute();
      const line = (await run({ op: 'status' })).split('\n')[3];
      expect(line).toBe(`Admins: ${admins.map((a) => `@${a.username}`).join(', ')}.`);
      expect(line).toContain(`@${admin.username}`);
    });

    it('reports an up-to-date schema', async () => {
      expect(await run({ op: 'migrate' })).toBe('The database is up to date.');
      const latest = listMigrations().length;
      expect(await run({ op: 'migrate-status' })).toBe(
        `Schema version ${latest} of ${latest}.\nNothing pending.`,
      );
    });
  });
});

describe('upkeep commands (DOMAIN §17)', () => {
  const clock = new TestClock();
  let t: TestApp;
  let run: (operation: Operation) => Promise<string>;
  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.clock });
    run = (operation) => runOperation(contextOf(t, clock), operation);
  });
  afterAll(() => t.close());

  async function communityOf(creatorPoints = 100) {
    const creator = await member(t, { points: creatorPoints });
    return { creator, community: await newCommunity(creator.client) };
  }

  it('mod add and mod remove: no checks, no notification, in the log for the site', async () => {
    const { community } = await communityOf();
    const helper = await member(t);
    const banned = await t.db
      .insertInto('community_banned')
      .values({
        community_id: community.id,
        user_id: helper.user.id,
        expires_at: null,
        banned_by: helper.user.id,
      })
      .returning('user_id')
      .execute();
    expect(banned).toHaveLength(1);
    expect(
      await run({ op: 'mod', add: true, community: community.name, username: helper.user.username }),
    ).toBe(`@${helper.user.username} now moderates ${community.name}.`);
    const mods = await t.client().get(`/api/communities/${community.id}/mods`);
    expect(mods.json.map((u: any) => u.username)).toHaveLength(2);
    expect(mods.json.at(-1).username).toBe(helper.user.username);
    const banRows = await t.db
      .selectFrom('community_banned')
      .select('user_id')
      .where('user_id', '=', helper.user.id)
      .execute();
    expect(banRows).toEqual([]);
    const events = await t.db
      .selectFrom('notification_events')
      .select('type')
      .where('recipient_id', '=', helper.user.id)
      .execute();
    expect(events).toEqual([]);
    await expect(
      run({ op: 'mod', add: true, community: community.name, username: helper.user.username }),
    ).rejects.toThrow(OperatorError);

    expect(
      await run({ op: 'mod', add: false, community: community.name, username: helper.user.username }),
    ).toBe(`@${helper.user.username} no longer moderates ${community.name}.`);
    await expect(
      run({ op: 'mod', add: false, community: community.name, username: helper.user.username }),
    ).rejects.toThrow(`@${helper.user.username} does not moderate ${community.name}.`);
    await expect(
      run({ op: 'mod', add: true, community: 'no_such_place', username: helper.user.username }),
    ).rejects.toThrow('There is no community named no_such_place.');
    const log = await t.db
      .selectFrom('mod_log')
      .select(['action', 'actor_id', 'acted_as'])
      .where('target_user_id', '=', helper.user.id)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'add_moderator', actor_id: null, acted_as: 'admins' },
      { action: 'remove_moderator', actor_id: null, acted_as: 'admins' },
    ]);
  });

  it('fix-hotness puts back the hotness a vote would give, and says when nothing was wrong', async () => {
    const { creator, community } = await communityOf();
    const res = await creator.client.post('/api/posts', {
      type: 'text',
      title: 'A hot post',
      community: community.name,
    });
    const id = res.json.id as string;
    const right = (
      await t.db.selectFrom('posts').select('hotness').where('id', '=', id).executeTakeFirstOrThrow()
    ).hotness;
    await t.db.updateTable('posts').set({ hotness: 0 }).where('id', '=', id).execute();
    expect(await run({ op: 'fix-hotness' })).toMatch(/^Recomputed the hotness of \d+ posts?\.$/);
    const fixed = (
      await t.db.selectFrom('posts').select('hotness').where('id', '=', id).executeTakeFirstOrThrow()
    ).hotness;
    expect(String(fixed)).toBe(String(right));
    expect(await run({ op: 'fix-hotness' })).toBe("Every post's hotness was right; nothing changed.");
  });

  it('add-all-users-to-community: every live account joins, and no_members is their count', async () => {
    const { community } = await communityOf();
    const gone = await member(t);
    await t.db
      .updateTable('users')
      .set({ deleted_at: clock.clock() })
      .where('id', '=', gone.user.id)
      .execute();
    const out = await run({ op: 'add-all-users-to-community', community: community.name });
    const live = await t.db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('deleted_at', 'is', null)
      .where('username', 'not in', ['ghost', 'nobody'])
      .executeTakeFirstOrThrow();
    const row = await t.db
      .selectFrom('communities')
      .select('no_members')
      .where('id', '=', community.id)
      .executeTakeFirstOrThrow();
    expect(row.no_members).toBe(live.n);
    expect(out).toBe(`${live.n - 1} accounts joined ${community.name}; it has ${live.n} members.`);
    const ghostly = await t.db
      .selectFrom('community_members')
      .innerJoin('users', 'users.id', 'community_members.user_id')
      .select('users.username')
      .where('community_id', '=', community.id)
      .where((eb) =>
        eb.or([eb('users.username', 'in', ['ghost', 'nobody']), eb('users.id', '=', gone.user.id)]),
      )
      .execute();
    expect(ghostly).toEqual([]);
  });

  it('delete-unused-communities: a dry run names them; then they leave the listings, used ones stay', async () => {
    const { creator, community: unused } = await communityOf();
    const used = await newCommunity(creator.client);
    await creator.client.post('/api/posts', { type: 'text', title: 'Keeps it alive', community: used.name });
    const young = await newCommunity(creator.client);
    await t.db
      .updateTable('communities')
      .set({ created_at: new Date(clock.clock().getTime() - 40 * 86_400_000) })
      .where('id', 'in', [unused.id, used.id])
      .execute();
    const dry = await run({ op: 'delete-unused-communities', days: 30, dryRun: true });
    expect(dry).toContain(unused.name);
    expect(dry).not.toContain(used.name);
    expect(dry).not.toContain(young.name);
    expect((await t.client().get(`/api/communities/${unused.id}`)).status).toBe(200);
    const done = await run({ op: 'delete-unused-communities', days: 30, dryRun: false });
    expect(done).toContain(unused.name);
    expect((await t.client().get(`/api/communities/${unused.id}`)).status).toBe(404);
    expect((await t.client().get(`/api/communities/${used.id}`)).status).toBe(200);
    expect((await t.client().get(`/api/communities/${young.id}`)).status).toBe(200);
  });

  it('delete-user: the account goes, its posts stay by Ghost; with purge they are removed first', async () => {
    const { creator, community } = await communityOf();
    const keeper = await member(t);
    const kept = await keeper.client.post('/api/posts', {
      type: 'text',
      title: 'Stays',
      community: community.name,
    });
    const purged = await member(t);
    const gone = await purged.client.post('/api/posts', {
      type: 'text',
      title: 'Goes',
      community: community.name,
    });
    await t.db
      .updateTable('users')
      .set({ banned_at: clock.clock() })
      .where('id', '=', purged.user.id)
      .execute();

    expect(await run({ op: 'delete-user', username: keeper.user.username, purge: false })).toBe(
      `Deleted the account @${keeper.user.username}; its name stays taken.`,
    );
    expect((await userByName(t, keeper.user.username)).deleted_at).not.toBeNull();
    expect(await sessionsOf(t, keeper.user.id)).toBe(0);
    const stays = await creator.client.get(`/api/posts/${kept.json.publicId}`);
    expect(stays.json).toMatchObject({ deleted: false, username: 'ghost', userDeleted: true });

    // A banned account too, which the site's own deletion refuses.
    expect(await run({ op: 'delete-user', username: purged.user.username, purge: true })).toBe(
      `Deleted the account @${purged.user.username} after removing 1 post and 0 comments; its name stays taken.`,
    );
    const removed = await creator.client.get(`/api/posts/${gone.json.publicId}`);
    expect(removed.json).toMatchObject({ deleted: true, deletedAs: 'admins', deletedContent: true });

    await expect(run({ op: 'delete-user', username: keeper.user.username, purge: false })).rejects.toThrow(
      `@${keeper.user.username} is deleted already.`,
    );
    await expect(run({ op: 'delete-user', username: 'nobody', purge: false })).rejects.toThrow(OperatorError);
  });

  it("new-badge makes a badge type once; image-path prints an image's folder", async () => {
    const name = uniqueName('badge');
    expect(await run({ op: 'new-badge', name })).toBe(`Made the badge type ${name}.`);
    expect(await run({ op: 'new-badge', name })).toBe(`The badge type ${name} exists already.`);
    await expect(run({ op: 'new-badge', name: 'no spaces' })).rejects.toThrow(OperatorError);

    await expect(run({ op: 'image-path', imageId: 'nope' })).rejects.toThrow('Not an image id: nope.');
    await expect(run({ op: 'image-path', imageId: 'a'.repeat(24) })).rejects.toThrow(
      `There is no image ${'a'.repeat(24)}.`,
    );
  });
});

describe('backup and restore', () => {
  const clock = new TestClock();
  let t: TestApp;
  let dir: string;
  let run: (operation: Operation) => Promise<string>;
  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.clock });
    run = (operation) => runOperation(contextOf(t, clock), operation);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-backup-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Everything a restore must bring back, row by row. */
  async function snapshot() {
    const [users, sessions, applicationData, badges, reasons, lists] = await Promise.all([
      t.db.selectFrom('users').selectAll().orderBy('id').execute(),
      t.db.selectFrom('sessions').selectAll().orderBy('id').execute(),
      t.db.selectFrom('application_data').selectAll().orderBy('key').execute(),
      t.db.selectFrom('user_badges').selectAll().orderBy('id').execute(),
      t.db.selectFrom('report_reasons').selectAll().orderBy('id').execute(),
      t.db.selectFrom('lists').selectAll().orderBy('id').execute(),
    ]);
    return { users, sessions, applicationData, badges, reasons, lists };
  }

  async function backup(name: string): Promise<string> {
    const file = path.join(dir, name);
    const out = await run({ op: 'backup', file });
    expect(out).toMatch(
      new RegExp(`^Backed up \\d+ rows of \\d+ tables \\(schema version \\d+\\) to ${file}\\.$`),
    );
    return file;
  }

  function rewrite(file: string, name: string, edit: (lines: string[]) => string[]): string {
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    const target = path.join(dir, name);
    fs.writeFileSync(target, zlib.gzipSync(edit(lines).join('\n')));
    return target;
  }

  it('restores exactly what was backed up', async () => {
    const kept = await makeUser(t.db, { email: 'kept@example.org', points: 12 });
    const removed = await makeUser(t.db);
    const supporter = await t.db
      .selectFrom('badge_types')
      .select('id')
      .where('name', '=', 'supporter')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_badges').values({ type: supporter.id, user_id: removed.id }).execute();
    const client = await loggedInClient(t, kept);
    await saveSiteSettings(t.db, { signupsDisabled: false });
    const before = await snapshot();
    expect(before.sessions.length).toBeGreaterThan(0);
    const maxIndex = Math.max(...before.users.map((u) => u.user_index));

    const file = await backup('full.gz');
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');

    // Change everything a little.
    const added = await makeUser(t.db);
    await t.db.deleteFrom('users').where('id', '=', removed.id).execute();
    await client.post('/api/_login?action=logout');
    await saveSiteSettings(t.db, { signupsDisabled: true });
    expect(await snapshot()).not.toEqual(before);

    const out = await run({ op: 'restore', file });
    const rows =
      before.users.length +
      before.sessions.length +
      before.applicationData.length +
      before.badges.length +
      before.reasons.length +
      before.lists.length + // every account's bookmarks
      1; // the supporter badge type
    expect(out).toBe(
      `Restored ${rows} rows from ${file} (made at schema version ${listMigrations().length}).`,
    );

    expect(await snapshot()).toEqual(before);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', added.id).executeTakeFirst(),
    ).toBeUndefined();

    // The restored session is live again, and the site works on the restored data.
    expect((await client.get('/api/_user')).json.id).toBe(kept.id);
    expect((await t.client().get('/api/_initial')).json.signupsDisabled).toBe(false);

    // The identity sequence continues after the restored rows.
    const next = await makeUser(t.db);
    expect(next.user_index).toBeGreaterThan(maxIndex);
  });

  it('refuses a truncated file with a clear message and changes nothing', async () => {
    await makeUser(t.db);
    const file = await backup('for-truncation.gz');
    await makeUser(t.db); // after the backup: must survive the failed restore
    const before = await snapshot();
    const bytes = fs.readFileSync(file);
    const cut = path.join(dir, 'truncated.gz');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));

    const failure = run({ op: 'restore', file: cut });
    await expect(failure).rejects.toBeInstanceOf(BackupFormatError);
    await expect(failure).rejects.toThrow(`${cut} is not a Commons backup, or it is damaged.`);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file without the end marker with a clear message and changes nothing', async () => {
    const file = await backup('for-end-marker.gz');
    await makeUser(t.db);
    const before = await snapshot();
    const noEnd = rewrite(file, 'no-end.gz', (lines) => lines.filter((line) => !line.startsWith('{"end":')));

    const failure = run({ op: 'restore', file: noEnd });
    await expect(failure).rejects.toBeInstanceOf(BackupFormatError);
    await expect(failure).rejects.toThrow(
      `${noEnd} is incomplete (it has no end marker); nothing was restored.`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file whose end marker counts other rows than it holds', async () => {
    const file = await backup('for-count.gz');
    const before = await snapshot();
    // Rows gone from the middle; the end marker still counts them.
    const miscounted = rewrite(file, 'miscounted.gz', (lines) =>
      lines.filter((line) => !line.startsWith('{"t":"report_reasons"')),
    );
    await expect(run({ op: 'restore', file: miscounted })).rejects.toThrow(
      /^The backup says \d+ rows but holds \d+; it is damaged\.$/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('leaves derived post word sets out of the file and rebuilds them as the posts load', async () => {
    const author = await member(t, { isAdmin: true, points: 1000 });
    const community = await newCommunity(author.client);
    const created = await author.client.post('/api/posts', {
      type: 'text',
      title: 'Kayak trips',
      body: 'Down the river, twice.',
      community: community.name,
    });
    expect(created.status, created.text).toBe(200);
    const postId = created.json.id as string;
    const words = () =>
      t.db
        .selectFrom('post_word_sets')
        .select(sql<string>`words::text`.as('words'))
        .where('post_id', '=', postId)
        .executeTakeFirst();
    expect((await words())?.words).toBe("'down' 'kayak' 'river' 'the' 'trips' 'twice'");

    const file = await backup('with-a-post.gz');
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    expect(lines.some((line) => line.startsWith('{"t":"posts"'))).toBe(true);
    expect(lines.some((line) => line.startsWith('{"t":"post_word_sets"'))).toBe(false);

    await run({ op: 'restore', file });
    expect((await words())?.words).toBe("'down' 'kayak' 'river' 'the' 'trips' 'twice'");
  });

  it('writes a backup for its owner alone over an existing file, and says in a line where it cannot write', async () => {
    const existing = path.join(dir, 'shared.gz');
    fs.writeFileSync(existing, 'old');
    fs.chmodSync(existing, 0o644);
    await backup('shared.gz');
    expect((fs.statSync(existing).mode & 0o777).toString(8)).toBe('600');

    const cases: [string, string][] = [
      [path.join(dir, 'no-such-folder', 'b.gz'), 'no such folder'],
      [dir, 'that is a folder'],
    ];
    for (const [file, why] of cases) {
      await expect(run({ op: 'backup', file })).rejects.toThrow(
        new OperatorError(`Cannot write the backup to ${file}: ${why}.`),
      );
    }
    expect(fs.existsSync(path.join(dir, 'no-such-folder'))).toBe(false);
    // No temporary file is left behind.
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('leaves the backup before it whole when one fails, and a device or pipe as it is', async () => {
    const kept = await backup('nightly.gz');
    const before = fs.readFileSync(kept);
    // A database that cannot be reached: the failure is the database's, not the file's.
    const broken = {
      ...contextOf(t, clock),
      db: new Kysely<DB>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: 'postgres://x@127.0.0.1:1/none' }),
        }),
      }),
    };
    const failure = await runOperation(broken, { op: 'backup', file: kept }).catch((error: unknown) => error);
    await broken.db.destroy();
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(OperatorError);
    expect(fs.readFileSync(kept)).toEqual(before);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    // Through a symbolic link, the file it names gets the backup, and the link stays a link.
    const named = path.join(dir, 'named.gz');
    const link = path.join(dir, 'link.gz');
    fs.writeFileSync(named, 'an older backup');
    fs.symlinkSync(named, link);
    expect(await run({ op: 'backup', file: link })).toMatch(/^Backed up /);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(named)).toString()).toMatch(/^\{"format":/);

    // /dev/null (a character device) is written to, never replaced or made owner-only.
    const mode = fs.statSync('/dev/null').mode;
    expect(await run({ op: 'backup', file: '/dev/null' })).toMatch(/^Backed up /);
    const after = fs.statSync('/dev/null');
    expect(after.isCharacterDevice()).toBe(true);
    expect(after.mode).toBe(mode);
  });

  it('refuses files that are not backups', async () => {
    const before = await snapshot();
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'just some notes\n');
    await expect(run({ op: 'restore', file: text })).rejects.toThrow(
      new BackupFormatError(`${text} is not a Commons backup, or it is damaged.`),
    );

    const json = path.join(dir, 'other.gz');
    fs.writeFileSync(json, zlib.gzipSync('{"format":"something-else","version":1}\n{"end":true,"rows":0}\n'));
    await expect(run({ op: 'restore', file: json })).rejects.toThrow(
      new BackupFormatError(`${json} is not a Commons backup.`),
    );

    const newer = path.join(dir, 'newer.gz');
    fs.writeFileSync(
      newer,
      zlib.gzipSync(
        '{"format":"commons-backup","version":2,"schemaVersion":1,"createdAt":"x","engine":"embedded"}\n',
      ),
    );
    await expect(run({ op: 'restore', file: newer })).rejects.toThrow(
      new BackupFormatError('This backup has format version 2; this Commons reads 1.'),
    );
    expect(await snapshot()).toEqual(before);
  });
});
