import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { addUserBadge, ensureBadgeType, findBadgeTypeId } from '../src/users/users.repository.js';
import { type Member, member, uniqueName } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';
import { multipart, send } from './uploads.js';
import { ZERO_ID } from './user-views.js';
import { INVALID_CURSOR, NOT_ADMIN, NOT_LOGGED_IN, USER_NOT_FOUND } from './api-errors.js';

/**
 * Profiles: the user feed, badges, profile pictures, account deletion and the admin user list
 * (API.md §7; DOMAIN §2.8, §8.8, §8.10, §8.11).
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-profiles-test-'));
let t: TestApp;
let admin: Member;
let mod: Member;
let guest: TestClient;
let community: any;

async function post(client: TestClient, title: string): Promise<any> {
  const res = await client.post('/api/posts', {
    type: 'text',
    title,
    body: 'Body.',
    community: community.name,
  });
  if (res.status !== 200) throw new Error(res.text);
  return res.json;
}

async function comment(client: TestClient, on: any, body: string): Promise<any> {
  const res = await client.post(`/api/posts/${on.publicId}/comments`, { body });
  if (res.status !== 200) throw new Error(res.text);
  return res.json;
}

const userRow = (id: string) =>
  t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await member(t, { isAdmin: true });
  mod = await member(t, { points: 1000 });
  guest = t.client();
  await guest.start();
  community = (await mod.client.post('/api/communities', { name: uniqueName('c') })).json;
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the user feed', () => {
  it('lists posts and comments newest first, by filter, page by page', async () => {
    const writer = await member(t);
    const first = await post(writer.client, 'First post');
    const c1 = await comment(writer.client, first, 'First comment');
    const second = await post(writer.client, 'Second post');
    const c2 = await comment(writer.client, second, 'Second comment');
    const url = `/api/users/${writer.user.username}/feed`;

    const all = await guest.get(url);
    expect(all.status).toBe(200);
    expect(all.json.items.map((i: any) => [i.type, i.item.id])).toEqual([
      ['comment', c2.id],
      ['post', second.id],
      ['comment', c1.id],
      ['post', first.id],
    ]);
    expect(all.json.next).toBeNull();
    expect(all.json.items[0].item.postTitle).toBe('Second post');

    const posts = await guest.get(`${url}?filter=posts`);
    expect(posts.json.items.map((i: any) => i.item.id)).toEqual([second.id, first.id]);
    const comments = await guest.get(`${url}?filter=comments`);
    expect(comments.json.items.map((i: any) => i.item.id)).toEqual([c2.id, c1.id]);

    const page1 = await guest.get(`${url}?limit=3`);
    expect(page1.json.items).toHaveLength(3);
    expect(page1.json.next).toBe(first.id);
    const page2 = await guest.get(`${url}?limit=3&next=${page1.json.next}`);
    expect(page2.json).toMatchObject({ items: [{ type: 'post', item: { id: first.id } }], next: null });

    expect((await guest.get(`${url}?filter=likes`)).json).toMatchObject({
      status: 400,
      code: 'invalid-filter',
    });
    for (const limit of ['0', '51', 'x']) {
      expect((await guest.get(`${url}?limit=${limit}`)).json).toMatchObject({ code: 'invalid_limit' });
    }
    expect((await guest.get(`${url}?next=nope`)).json).toEqual(INVALID_CURSOR);
    expect((await guest.get(`/api/users/${uniqueName('nobody')}/feed`)).json).toEqual(USER_NOT_FOUND);
  });

  it('hides comments the author deleted, and moderators deleted from all but admins', async () => {
    const writer = await member(t);
    const target = await post(mod.client, 'A post');
    const own = await comment(writer.client, target, 'Taken back');
    const removed = await comment(writer.client, target, 'Removed');
    const kept = await comment(writer.client, target, 'Kept');
    await writer.client.delete(`/api/posts/${target.id}/comments/${own.id}`);
    await mod.client.delete(`/api/posts/${target.id}/comments/${removed.id}?deleteAs=mods`);
    const url = `/api/users/${writer.user.username}/feed`;
    expect((await guest.get(url)).json.items.map((i: any) => i.item.id)).toEqual([kept.id]);
    expect((await mod.client.get(url)).json.items.map((i: any) => i.item.id)).toEqual([kept.id]);
    const asAdmin = await admin.client.get(url);
    expect(asAdmin.json.items.map((i: any) => i.item.id)).toEqual([kept.id, removed.id]);
    expect(asAdmin.json.items[1].item).toMatchObject({ body: 'Removed', contentStripped: false });
  });

  it('keeps a banned user feed for admins, and a deleted user feed empty for others', async () => {
    const banned = await member(t);
    await post(banned.client, 'Before the ban');
    await admin.client.post('/api/_admin', { action: 'ban_user', username: banned.user.username });
    const url = `/api/users/${banned.user.username}/feed`;
    expect((await guest.get(url)).json).toMatchObject({ status: 401, code: 'user_banned' });
    expect((await mod.client.get(url)).json).toEqual(NOT_ADMIN);
    expect((await admin.client.get(url)).json.items).toHaveLength(1);

    const leaver = await member(t);
    await post(leaver.client, 'Before leaving');
    await t.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('id', '=', leaver.user.id)
      .execute();
    expect((await guest.get(`/api/users/${leaver.user.username}/feed`)).json).toEqual({
      items: [],
      next: null,
    });
    expect((await admin.client.get(`/api/users/${leaver.user.username}/feed`)).json.items).toHaveLength(1);
  });
});

describe('badges', () => {
  it('lets admins give and take the supporter badge', async () => {
    const fan = await member(t);
    const url = `/api/users/${fan.user.username}/badges`;
    expect((await guest.post(url, { type: 'supporter' })).json).toEqual(NOT_LOGGED_IN);
    expect((await fan.client.post(url, { type: 'supporter' })).json).toEqual(NOT_ADMIN);
    const given = await admin.client.post(url, { type: 'supporter' });
    expect(given.status).toBe(200);
    expect(given.json).toEqual([{ id: expect.any(Number), type: 'supporter' }]);
    expect((await admin.client.post(url, { type: 'supporter' })).json).toEqual(given.json);
    expect((await admin.client.post(url, { type: 'royalty' })).json).toMatchObject({
      status: 404,
      code: 'badge_type_not_found',
    });
    expect(
      (await admin.client.post(`/api/users/${uniqueName('x')}/badges`, { type: 'supporter' })).json,
    ).toEqual(USER_NOT_FOUND);
    expect((await guest.get(`/api/users/${fan.user.username}`)).json.badges).toEqual(given.json);

    expect((await fan.client.delete(`${url}/supporter?byType=true`)).json).toEqual(NOT_ADMIN);
    expect((await admin.client.delete(`${url}/abc`)).json).toMatchObject({
      status: 400,
      code: 'bad_badge_id',
    });
    expect((await admin.client.delete(`${url}/999999`)).json).toEqual({ success: true });
    expect((await admin.client.delete(`${url}/${given.json[0].id}`)).json).toEqual({ success: true });
    expect((await guest.get(`/api/users/${fan.user.username}`)).json.badges).toEqual([]);
    await admin.client.post(url, { type: 'supporter' });
    await admin.client.delete(`${url}/supporter?byType=true`);
    expect((await guest.get(`/api/users/${fan.user.username}`)).json.badges).toEqual([]);

    const gone = await member(t);
    await t.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.user.id).execute();
    expect(
      (await admin.client.post(`/api/users/${gone.user.username}/badges`, { type: 'supporter' })).json,
    ).toMatchObject({
      status: 403,
      code: 'user-deleted',
    });
  });
});

describe('badges on what a user wrote', () => {
  it("shows an author's supporter badges on their posts and comments, and no other badge type", async () => {
    const fan = await member(t, { points: 100 });
    const plain = await member(t, { points: 100 });
    const given = (await admin.client.post(`/api/users/${fan.user.username}/badges`, { type: 'supporter' }))
      .json;
    // A badge type the client does not know never leaves the server (API.md §5.2).
    await ensureBadgeType(t.db, 'royalty');
    await addUserBadge(t.db, fan.user.id, (await findBadgeTypeId(t.db, 'royalty'))!);
    const theirs = await post(fan.client, uniqueName('Badged'));
    const reply = await comment(fan.client, theirs, 'Badged reply');
    await comment(plain.client, theirs, 'Plain reply');

    const page = (await guest.get(`/api/posts/${theirs.publicId}`)).json;
    expect(page.author.badges).toEqual(given);
    const comments = (await guest.get(`/api/posts/${theirs.publicId}/comments`)).json.comments;
    const byAuthor = new Map(comments.map((c: any) => [c.author.username, c.author.badges]));
    expect(byAuthor.get(fan.user.username)).toEqual(given);
    expect(byAuthor.get(plain.user.username)).toEqual([]);
    expect(comments.find((c: any) => c.id === reply.id).author.badges).toEqual(given);
    const feed = (await guest.get(`/api/posts?sort=latest&communityId=${community.id}`)).json.posts;
    expect(feed.find((p: any) => p.id === theirs.id).author.badges).toEqual(given);
  });
});

describe('profile pictures', () => {
  const picture = () =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .toBuffer();
  const upload = async (client: TestClient | null, username: string, data: Buffer) => {
    const { body, contentType } = multipart([
      { name: 'image', filename: 'me.jpg', type: 'image/jpeg', data },
    ]);
    return send(t, client, 'POST', `/api/users/${username}/pro_pic`, body, { 'content-type': contentType });
  };

  it('sets, replaces and removes the owner picture, with alt text, and refuses others', async () => {
    const owner = await member(t);
    const other = await member(t);
    const res = await upload(owner.client, owner.user.username, await picture());
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(owner.user.id);
    expect(res.json.proPic).toMatchObject({ width: 300, height: 200 });
    const firstId = res.json.proPic.id;
    expect((await userRow(owner.user.id)).pro_pic).toBe(firstId);
    // Shown wherever the user is: as a comment's author, too.
    const target = await post(mod.client, 'Say hi');
    const c = await comment(owner.client, target, 'Hi');
    expect(c.author.proPic.id).toBe(firstId);

    const alt = await owner.client.put(`/api/images/${firstId}`, { altText: 'A red square' });
    expect(alt.json.altText).toBe('A red square');
    expect((await other.client.put(`/api/images/${firstId}`, { altText: 'Mine' })).status).toBe(403);

    const again = await upload(owner.client, owner.user.username, await picture());
    expect(again.json.proPic.id).not.toBe(firstId);
    expect(await t.db.selectFrom('images').select('id').where('id', '=', firstId).execute()).toEqual([]);

    expect((await upload(other.client, owner.user.username, await picture())).json).toMatchObject({
      status: 403,
      code: 'not_owner',
    });
    expect((await upload(null, owner.user.username, await picture())).status).toBe(401);
    expect((await upload(owner.client, owner.user.username, Buffer.from('not an image'))).json).toMatchObject(
      {
        status: 400,
        code: 'unsupported-image-format',
      },
    );
    expect((await upload(owner.client, uniqueName('x'), await picture())).json).toEqual(USER_NOT_FOUND);

    expect((await other.client.delete(`/api/users/${owner.user.username}/pro_pic`)).status).toBe(403);
    const removed = await owner.client.delete(`/api/users/${owner.user.username}/pro_pic`);
    expect(removed.json.proPic).toBeNull();
    expect((await userRow(owner.user.id)).pro_pic).toBeNull();
    expect((await owner.client.delete(`/api/users/${owner.user.username}/pro_pic`)).status).toBe(200);
  });
});

describe('deleting an account', () => {
  it("runs beside comments on the account's posts without either waiting on the other in a circle", async () => {
    const leaver = await member(t);
    await leaver.client.post('/api/_joinCommunity', { communityId: community.id, leave: false });
    const target = await post(leaver.client, 'Still discussed');
    const talker = await member(t);
    // Holds the account's sessions, so that the deletion stops there with the account's row taken,
    // while another member comments on its post (the comment's checks reach the account and the
    // community; the deletion goes on to the community).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = t.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', leaver.user.id)
        .forUpdate()
        .execute();
      await released;
    });
    const deletion = leaver.client.delete(`/api/users/${leaver.user.username}`, { password: 'password123' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const commented = talker.client.post(`/api/posts/${target.publicId}/comments`, { body: 'Meanwhile' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await holding;
    const [deleted, comment] = await Promise.all([deletion, commented]);
    expect(deleted.status, deleted.text).toBe(200);
    expect(comment.status, comment.text).toBe(200);
  });

  it('needs the requester own password; the account becomes the ghost and its name stays taken', async () => {
    const leaver = await member(t);
    await leaver.client.post('/api/_joinCommunity', { communityId: community.id, leave: false });
    const joinedBefore = (await guest.get(`/api/communities/${community.id}`)).json.noMembers;
    const target = await post(leaver.client, 'Goodbye post');
    const said = await comment(leaver.client, target, 'Goodbye comment');
    const url = `/api/users/${leaver.user.username}`;

    expect((await guest.delete(url, { password: 'password123' })).json).toEqual(NOT_LOGGED_IN);
    expect((await leaver.client.delete(url, { password: 'wrong' })).json).toMatchObject({
      status: 403,
      code: 'wrong_password',
    });
    const other = await member(t);
    expect((await other.client.delete(url, { password: 'password123' })).json).toEqual(NOT_ADMIN);

    const res = await leaver.client.delete(url, { password: 'password123' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    const row = await userRow(leaver.user.id);
    expect(row).toMatchObject({ email: null, about_me: null, is_admin: false });
    expect(row.deleted_at).not.toBeNull();
    expect((await leaver.client.get('/api/_user')).status).toBe(401);
    expect((await t.client().login(leaver.user.username)).status).not.toBe(200);
    expect((await guest.get(`/api/communities/${community.id}`)).json.noMembers).toBe(joinedBefore - 1);

    const profile = (await guest.get(url)).json;
    expect(profile).toMatchObject({ username: leaver.user.username, id: ZERO_ID, deleted: true });
    const shown = (await guest.get(`/api/comments/${said.id}`)).json;
    expect(shown).toMatchObject({
      username: 'ghost',
      userId: ZERO_ID,
      userDeleted: true,
      body: 'Goodbye comment',
    });
    expect((await t.client().signup(leaver.user.username)).status).toBe(409);

    // An admin deletes someone else's account with the admin's own password.
    const victim = await member(t);
    expect(
      (await admin.client.delete(`/api/users/${victim.user.username}`, { password: 'password123' })).status,
    ).toBe(200);
    expect(
      (await admin.client.delete(`/api/users/${victim.user.username}`, { password: 'password123' })).json,
    ).toMatchObject({
      status: 403,
      code: 'user-deleted',
    });
    const banned = await member(t);
    await admin.client.post('/api/_admin', { action: 'ban_user', username: banned.user.username });
    expect(
      (await admin.client.delete(`/api/users/${banned.user.username}`, { password: 'password123' })).json,
    ).toEqual({
      status: 403,
      code: 'user_banned',
      message: 'A banned account cannot be deleted.',
    });
  });
});

describe('the admin user list', () => {
  it('pages every account newest first, for admins only', async () => {
    expect((await guest.get('/api/users')).json).toEqual(NOT_LOGGED_IN);
    expect((await mod.client.get('/api/users')).json).toEqual(NOT_ADMIN);
    const res = await admin.client.get('/api/users');
    expect(res.status).toBe(200);
    const ids = res.json.users.map((u: any) => u.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(res.json.users[0]).toHaveProperty('createdIP');
    expect((await admin.client.get(`/api/users?next=${newId()}`)).status).toBe(200);
    expect((await admin.client.get('/api/users?next=zz')).json).toEqual(INVALID_CURSOR);
  });
});
