import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, type Member, member, uniqueName, uploadedImage } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';
import { NOT_ADMIN, NOT_LOGGED_IN, SUSPENDED, USER_NOT_FOUND } from './api-errors.js';

/** `POST /api/_admin`: site-wide bans and the action envelope (API.md §16.1, DOMAIN §7.4). */

const SUCCESS = { success: true };
const DAY = 24 * 3600 * 1000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-admin-test-'));
let t: TestApp;
let admin: Member;
let community: any;

const adminAction = (client: TestClient, body: unknown) => client.post('/api/_admin', body);

function userRow(id: string) {
  return t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function sessionCount(userId: string): Promise<number> {
  const rows = await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

async function textPost(client: TestClient, title = `Post ${uniqueName('t')}`): Promise<any> {
  const res = await client.post('/api/posts', {
    type: 'text',
    title,
    body: 'Body text',
    community: community.name,
  });
  if (res.status !== 200) throw new Error(`post: ${res.status} ${res.text}`);
  return res.json;
}

async function age(postId: string, ms: number): Promise<void> {
  const created = new Date(Date.now() - ms);
  await t.db.updateTable('posts').set({ created_at: created }).where('id', '=', postId).execute();
  await t.db.updateTable('post_windows').set({ created_at: created }).where('post_id', '=', postId).execute();
}

function postRow(id: string) {
  return t.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await member(t, { isAdmin: true });
  community = (await admin.client.post('/api/communities', { name: uniqueName('c') })).json;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/_admin', () => {
  it('needs a logged-in admin', async () => {
    const target = await member(t);
    const anonymous = t.client();
    await anonymous.start();
    for (const action of ['ban_user', 'unban_user']) {
      const res = await adminAction(anonymous, { action, username: target.user.username });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(NOT_LOGGED_IN);
      const denied = await adminAction((await member(t)).client, { action, username: target.user.username });
      expect(denied.status).toBe(403);
      expect(denied.json).toEqual(NOT_ADMIN);
    }
    expect((await userRow(target.user.id)).banned_at).toBeNull();
    expect((await target.client.get('/api/_user')).status).toBe(200);
  });

  it('refuses a missing action or fields of the wrong type with 400 invalid_json', async () => {
    const bodies: unknown[] = [
      {},
      { action: 5 },
      { action: null },
      [1, 2],
      'ban_user',
      { action: 'ban_user' },
      { action: 'ban_user', username: 5 },
      { action: 'unban_user' },
      { action: 'unban_user', username: ['x'] },
      { action: 'ban_user', username: admin.user.username, deleteContentDays: '3' },
      { action: 'add_default_forum', name: true },
    ];
    for (const body of bodies) {
      const res = await adminAction(admin.client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code, JSON.stringify(body)).toBe('invalid_json');
    }
    const noBody = await admin.client.post('/api/_admin');
    expect(noBody.status).toBe(400);
    expect(noBody.json.code).toBe('invalid_json');
  });

  it('refuses an unknown action with 400 invalid_action', async () => {
    for (const action of ['nuke', '', 'BAN_USER', 'deny']) {
      const res = await adminAction(admin.client, { action, username: 'someone' });
      expect(res.status, action).toBe(400);
      expect(res.json).toEqual({ status: 400, code: 'invalid_action', message: 'Invalid action.' });
    }
  });
});

describe('ban_user and unban_user', () => {
  it('refuses an unknown user with 404 user_not_found', async () => {
    for (const action of ['ban_user', 'unban_user']) {
      const res = await adminAction(admin.client, { action, username: uniqueName('nobody') });
      expect(res.status).toBe(404);
      expect(res.json).toEqual(USER_NOT_FOUND);
    }
  });

  it('refuses to ban an admin with 403 no_ban_admin before anything happens', async () => {
    const other = await member(t, { isAdmin: true });
    const post = await textPost(other.client);
    const res = await adminAction(admin.client, {
      action: 'ban_user',
      username: other.user.username,
      deleteContentDays: 0,
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ status: 403, code: 'no_ban_admin', message: 'An admin cannot be banned.' });
    expect((await userRow(other.user.id)).banned_at).toBeNull();
    expect(await sessionCount(other.user.id)).toBe(1);
    expect((await other.client.get('/api/_user')).status).toBe(200);
    expect(await postRow(post.id)).toMatchObject({ deleted: false, deleted_content: false });
    // Not even themselves.
    const self = await adminAction(admin.client, { action: 'ban_user', username: admin.user.username });
    expect(self.json.code).toBe('no_ban_admin');
    expect((await admin.client.get('/api/_user')).status).toBe(200);
  });

  it('ends every session of the banned user, refuses their login, and lets them back in after unban', async () => {
    const target = await member(t);
    const second = await loggedInClient(t, target.user);
    expect(await sessionCount(target.user.id)).toBe(2);
    const post = await textPost(target.client);

    const before = Date.now();
    const res = await adminAction(admin.client, {
      action: 'ban_user',
      username: target.user.username.toUpperCase(),
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(SUCCESS);
    const row = await userRow(target.user.id);
    expect(row.banned_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.banned_at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await sessionCount(target.user.id)).toBe(0);
    for (const client of [target.client, second]) {
      const me = await client.get('/api/_user');
      expect(me.status).toBe(401);
      expect(me.json).toEqual(NOT_LOGGED_IN);
    }
    const login = await t.client().login(target.user.username);
    expect(login.status).toBe(403);
    expect(login.json).toEqual(SUSPENDED);
    const profile = await admin.client.get(`/api/users/${target.user.username}`);
    expect(profile.json).toMatchObject({ isBanned: true, bannedAt: row.banned_at!.toISOString() });
    // Without deleteContentDays nothing of theirs is deleted.
    expect(await postRow(post.id)).toMatchObject({ deleted: false });

    const again = await adminAction(admin.client, { action: 'ban_user', username: target.user.username });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      status: 409,
      code: 'conflict',
      message: `${target.user.username} is already banned.`,
    });

    const unban = await adminAction(admin.client, { action: 'unban_user', username: target.user.username });
    expect(unban.status).toBe(200);
    expect(unban.json).toEqual(SUCCESS);
    expect((await userRow(target.user.id)).banned_at).toBeNull();
    const back = t.client();
    expect((await back.login(target.user.username)).status).toBe(200);
    expect((await back.get('/api/_user')).json).toMatchObject({
      id: target.user.id,
      isBanned: false,
      bannedAt: null,
    });
    // Unbanning someone not banned changes nothing.
    expect(
      (await adminAction(admin.client, { action: 'unban_user', username: target.user.username })).status,
    ).toBe(200);
  });

  it('refuses what a banned or deleted account still asks for with a session checked before the change', async () => {
    // A request that passed its session check a moment before its account was banned or deleted
    // (the ban ends the sessions, but this one is under way): what it writes would outlive the ban's
    // purge or the deletion. Here the session is left in place to stand for it.
    const post = await textPost(admin.client);
    for (const change of ['banned_at', 'deleted_at'] as const) {
      const late = await member(t);
      await t.db
        .updateTable('users')
        .set({ [change]: new Date() })
        .where('id', '=', late.user.id)
        .execute();
      const attempts = [
        late.client.post('/api/posts', { type: 'text', title: 'Too late', community: community.name }),
        late.client.post(`/api/posts/${post.publicId}/comments`, { body: 'Too late' }),
        late.client.post('/api/_joinCommunity', { communityId: community.id, leave: false }),
        late.client.post('/api/mutes', { communityId: community.id }),
      ];
      for (const res of await Promise.all(attempts)) expect(res.json, change).toEqual(NOT_LOGGED_IN);
      const left = await Promise.all(
        (['posts', 'comments', 'community_members', 'muted_communities'] as const).map((table) =>
          t.db.selectFrom(table).select('user_id').where('user_id', '=', late.user.id).execute(),
        ),
      );
      expect(
        left.map((rows) => rows.length),
        change,
      ).toEqual([0, 0, 0, 0]);
    }
  });

  it('with deleteContentDays 0, deletes all their posts as admins, content too', async () => {
    const target = await member(t);
    const text = await textPost(target.client);
    const old = await textPost(target.client);
    await age(old.id, 400 * DAY);
    const link = await target.client.post('/api/posts', {
      type: 'link',
      title: 'A link',
      url: 'http://192.0.2.1/',
      community: community.name,
    });
    const imageId = await uploadedImage(t.db, target.user.id);
    const image = await target.client.post('/api/posts', {
      type: 'image',
      title: 'An image',
      community: community.name,
      images: [{ imageId }],
    });
    expect(image.status).toBe(200);
    const bystander = await textPost(admin.client);

    const res = await adminAction(admin.client, {
      action: 'ban_user',
      username: target.user.username,
      deleteContentDays: 0,
    });
    expect(res.status).toBe(200);
    for (const post of [text, old, link.json, image.json]) {
      const read = await admin.client.get(`/api/posts/${post.publicId}`);
      expect(read.json).toMatchObject({
        deleted: true,
        deletedAs: 'admins',
        deletedContent: true,
        deletedContentAs: 'admins',
        image: null,
        images: [],
      });
      expect('link' in read.json).toBe(false);
      expect(await postRow(post.id)).toMatchObject({
        deleted_by: admin.user.id,
        deleted_content_by: admin.user.id,
      });
    }
    expect((await postRow(text.id)).body).toBe('');
    expect(await t.db.selectFrom('images').select('id').where('id', '=', imageId).execute()).toEqual([]);
    expect(
      await t.db
        .selectFrom('post_windows')
        .select('post_id')
        .where('post_id', 'in', [text.id, old.id])
        .execute(),
    ).toEqual([]);
    const feed = await t.client().get(`/api/posts?communityId=${community.id}&sort=latest&limit=50`);
    const ids = feed.json.posts.map((p: any) => p.id);
    expect(ids).toContain(bystander.id);
    for (const post of [text, old, link.json, image.json]) expect(ids).not.toContain(post.id);
    expect(await postRow(bystander.id)).toMatchObject({ deleted: false });
  });

  it('with deleteContentDays N, deletes only the posts and comments of the last N days', async () => {
    const target = await member(t);
    const fresh = await textPost(target.client);
    const recent = await textPost(target.client);
    await age(recent.id, 2 * DAY);
    const older = await textPost(target.client);
    await age(older.id, 4 * DAY);
    const ancient = await textPost(target.client);
    await age(ancient.id, 30 * DAY);
    // Comments in the same window go too, as admins, words kept for admins; older ones stay.
    const comment = async (body: string, ms: number) => {
      const res = await target.client.post(`/api/posts/${fresh.publicId}/comments`, { body });
      await t.db
        .updateTable('comments')
        .set({ created_at: new Date(Date.now() - ms) })
        .where('id', '=', res.json.id)
        .execute();
      return res.json;
    };
    const newComment = await comment('Said yesterday', DAY);
    const oldComment = await comment('Said last month', 30 * DAY);
    await admin.client.post('/api/_report', { type: 'comment', targetId: newComment.id, reason: 3 });

    const res = await adminAction(admin.client, {
      action: 'ban_user',
      username: target.user.username,
      deleteContentDays: 3,
    });
    expect(res.status).toBe(200);
    for (const post of [fresh, recent]) {
      expect(await postRow(post.id)).toMatchObject({
        deleted: true,
        deleted_as: 'admins',
        deleted_content: true,
        body: '',
      });
    }
    for (const post of [older, ancient]) {
      expect(await postRow(post.id)).toMatchObject({
        deleted: false,
        deleted_content: false,
        body: 'Body text',
      });
    }
    const commentRow = (id: string) =>
      t.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await commentRow(newComment.id)).toMatchObject({
      deleted_as: 'admins',
      deleted_by: admin.user.id,
      body: 'Said yesterday',
    });
    expect((await commentRow(oldComment.id)).deleted_at).toBeNull();
    expect(
      await t.db.selectFrom('reports').selectAll().where('target_id', '=', newComment.id).execute(),
    ).toEqual([]);
    expect((await userRow(target.user.id)).no_comments).toBe(1);
    expect((await userRow(target.user.id)).banned_at).not.toBeNull();
  });

  it('takes a span of days reaching back before any post as all of them', async () => {
    for (const days of [3_000_000, 1e300]) {
      const target = await member(t);
      const post = await textPost(target.client);
      await age(post.id, 400 * DAY);
      const res = await adminAction(admin.client, {
        action: 'ban_user',
        username: target.user.username,
        deleteContentDays: days,
      });
      expect(res.status).toBe(200);
      expect(await postRow(post.id)).toMatchObject({ deleted: true, deleted_content: true });
    }
  });
});
