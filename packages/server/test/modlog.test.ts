import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modLogLimits } from '@commons/shared/modlog';
import { systemClock } from '../src/lib/time.js';
import { deliverPendingEvents } from '../src/notifications/notification-delivery.service.js';
import type { PushPayload, PushSender } from '../src/notifications/push-sender.js';
import { banUser, unbanUser } from '../src/users/users.service.js';
import { guest, makeUser, member, newCommunity, type Member } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';

/**
 * The public moderation log (issue 16; README "API notes"): every moderation and admin action is
 * recorded once, in its own transaction; removals carry a reason to the log, the post and the
 * author's notification; a community may hide its moderators' names from everyone but its moderators
 * and the admins, and the moderator filter does not give them away.
 */

class NoPush implements PushSender {
  async send(_userId: string, _payload: PushPayload): Promise<void> {}
}

let t: TestApp;
let admin: Member;
let mod: Member;
let author: Member;
let outsider: Member;
let visitor: TestClient;
let community: any;
let ruleId: number;

async function newPost(title = `Post ${Math.random().toString(36).slice(2, 8)}`): Promise<any> {
  const res = await author.client.post('/api/posts', {
    type: 'text',
    title,
    body: 'Text.',
    community: community.name,
  });
  if (res.status !== 200) throw new Error(`post: ${res.status} ${res.text}`);
  return res.json;
}

async function newComment(post: any): Promise<any> {
  const res = await author.client.post(`/api/posts/${post.publicId}/comments`, { body: 'A comment.' });
  if (res.status !== 200) throw new Error(`comment: ${res.status} ${res.text}`);
  return res.json;
}

const logPath = (query = '') => `/api/communities/${community.name}/modlog${query}`;

async function logOf(client: TestClient, query = ''): Promise<any> {
  const res = await client.get(logPath(query));
  expect(res.status).toBe(200);
  return res.json;
}

async function entryCount(): Promise<number> {
  const row = await sql<{ n: number }>`SELECT count(*)::int AS n FROM mod_log`.execute(t.db);
  return row.rows[0]!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, { isAdmin: true });
  mod = await member(t, { points: 1000 });
  author = await member(t);
  outsider = await member(t, { points: 1000 });
  visitor = await guest(t);
  community = await newCommunity(mod.client);
  const rules = await mod.client.post(`/api/communities/${community.id}/rules`, { rule: 'Be kind' });
  ruleId = rules.json[0].id;
  await author.client.post('/api/_joinCommunity', { communityId: community.id });
});

afterAll(async () => {
  await t?.close();
});

describe('recording', () => {
  it('records each moderation action once, with who, as which group, and the target', async () => {
    const c = community.id;
    const post = await newPost('Logged post');
    const comment = await newComment(post);
    const before = (await logOf(visitor)).entries.length;
    const steps: [TestClient, () => Promise<{ status: number }>][] = [
      [mod.client, () => mod.client.put(`/api/posts/${post.publicId}?action=lock&lockAs=mods`)],
      [mod.client, () => mod.client.put(`/api/posts/${post.publicId}?action=unlock&lockAs=mods`)],
      [mod.client, () => mod.client.put(`/api/posts/${post.publicId}?action=pin`)],
      [mod.client, () => mod.client.put(`/api/posts/${post.publicId}?action=unpin`)],
      [admin.client, () => admin.client.put(`/api/posts/${post.publicId}?action=pin&siteWide=true`)],
      [admin.client, () => admin.client.put(`/api/posts/${post.publicId}?action=unpin&siteWide=true`)],
      [mod.client, () => mod.client.put(`/api/posts/x/comments/${comment.id}?action=lock&lockAs=mods`)],
      [mod.client, () => mod.client.put(`/api/posts/x/comments/${comment.id}?action=unlock&lockAs=mods`)],
      [
        mod.client,
        () => mod.client.post(`/api/communities/${c}/banned`, { username: outsider.user.username }),
      ],
      [
        mod.client,
        () => mod.client.delete(`/api/communities/${c}/banned`, { username: outsider.user.username }),
      ],
      [mod.client, () => mod.client.post(`/api/communities/${c}/mods`, { username: outsider.user.username })],
      [mod.client, () => mod.client.delete(`/api/communities/${c}/mods/${outsider.user.username}`)],
      [mod.client, () => mod.client.post(`/api/communities/${c}/rules`, { rule: 'Temporary' })],
      [
        mod.client,
        () => mod.client.put(`/api/communities/${c}/rules/${ruleId}`, { rule: 'Be kind', zIndex: 5 }),
      ],
      [mod.client, () => mod.client.put(`/api/communities/${c}/rules/${ruleId}`, { rule: 'Be kind!' })],
      [mod.client, () => mod.client.put(`/api/communities/${c}/rules/${ruleId}`, { rule: 'Be kind' })],
      [mod.client, () => mod.client.put(`/api/communities/${c}`, { about: 'About us', nsfw: false })],
      [mod.client, () => mod.client.delete(`/api/posts/x/comments/${comment.id}?deleteAs=mods`)],
      [admin.client, () => admin.client.delete(`/api/posts/${post.publicId}?deleteAs=admins`)],
    ];
    for (const [, step] of steps) expect((await step()).status).toBe(200);
    const temporary = (await mod.client.get(`/api/communities/${c}/rules`)).json.find(
      (r: any) => r.rule === 'Temporary',
    );
    expect((await mod.client.delete(`/api/communities/${c}/rules/${temporary.id}`)).status).toBe(200);
    // Changing nothing is no action: the same settings again, and unbanning someone not banned.
    expect((await mod.client.put(`/api/communities/${c}`, { about: 'About us' })).status).toBe(200);
    expect(
      (await mod.client.delete(`/api/communities/${c}/banned`, { username: outsider.user.username })).status,
    ).toBe(200);

    const entries = (await logOf(mod.client)).entries.slice(0, -before || undefined).reverse();
    expect(entries.map((e: any) => [e.action, e.actedAs, e.moderator])).toEqual([
      ['lock_post', 'mods', mod.user.username],
      ['unlock_post', 'mods', mod.user.username],
      ['pin_post', 'mods', mod.user.username],
      ['unpin_post', 'mods', mod.user.username],
      ['pin_post_site', 'admins', admin.user.username],
      ['unpin_post_site', 'admins', admin.user.username],
      ['lock_comment', 'mods', mod.user.username],
      ['unlock_comment', 'mods', mod.user.username],
      ['ban_user', 'mods', mod.user.username],
      ['unban_user', 'mods', mod.user.username],
      ['add_moderator', 'mods', mod.user.username],
      ['remove_moderator', 'mods', mod.user.username],
      ['add_rule', 'mods', mod.user.username],
      ['reorder_rule', 'mods', mod.user.username],
      ['edit_rule', 'mods', mod.user.username],
      ['edit_rule', 'mods', mod.user.username],
      ['edit_settings', 'mods', mod.user.username],
      ['remove_comment', 'mods', mod.user.username],
      ['remove_post', 'admins', admin.user.username],
      ['remove_rule', 'mods', mod.user.username],
    ]);
    const byAction = (a: string) => entries.find((e: any) => e.action === a);
    expect(byAction('remove_post')).toMatchObject({
      community: community.name,
      target: { type: 'post', postId: post.publicId, username: author.user.username, title: 'Logged post' },
      reason: null,
      reasonRule: null,
    });
    expect(byAction('remove_comment').target).toEqual({
      type: 'comment',
      postId: post.publicId,
      commentId: comment.id,
      username: author.user.username,
      title: 'Logged post',
    });
    expect(byAction('ban_user')).toMatchObject({
      target: { type: 'user', username: outsider.user.username },
      expiresAt: null,
    });
    expect(byAction('add_rule').target).toMatchObject({ type: 'rule', title: 'Temporary' });
    expect(byAction('edit_settings').changes).toEqual(['about']);
  });

  it('does not record an author deleting their own post or comment', async () => {
    const post = await newPost();
    const comment = await newComment(post);
    const count = await entryCount();
    expect((await author.client.delete(`/api/posts/x/comments/${comment.id}`)).status).toBe(200);
    expect(
      (await author.client.delete(`/api/posts/${post.publicId}?deleteAs=normal&reason=mine`)).status,
    ).toBe(200);
    expect(await entryCount()).toBe(count);
  });

  it('records site bans and unbans, by an admin or the operator, in the site-wide log', async () => {
    const target = await makeUser(t.db);
    expect(
      (await admin.client.post('/api/_admin', { action: 'ban_user', username: target.username })).status,
    ).toBe(200);
    expect(
      (await admin.client.post('/api/_admin', { action: 'unban_user', username: target.username })).status,
    ).toBe(200);
    await banUser(t.db, target.username, new Date());
    await unbanUser(t.db, target.username);
    const site = (await visitor.get('/api/modlog')).json.entries.slice(0, 4).reverse();
    expect(site.map((e: any) => [e.action, e.moderator, e.community, e.target.username])).toEqual([
      ['site_ban_user', admin.user.username, null, target.username],
      ['site_unban_user', admin.user.username, null, target.username],
      ['site_ban_user', null, null, target.username],
      ['site_unban_user', null, null, target.username],
    ]);
  });

  it('records nothing when the action fails, and no action stands without its entry', async () => {
    const post = await newPost();
    const count = await entryCount();
    // Refused before anything is written.
    expect((await outsider.client.put(`/api/posts/${post.publicId}?action=lock&lockAs=mods`)).status).toBe(
      403,
    );
    const banned = await makeUser(t.db);
    const ban = () =>
      mod.client.post(`/api/communities/${community.id}/banned`, { username: banned.username });
    expect((await ban()).status).toBe(200);
    // Refused inside the transaction (already banned): the entry is rolled back with it.
    expect((await ban()).status).toBe(409);
    expect(await entryCount()).toBe(count + 1);

    // The entry is written in the action's transaction: when it cannot be, the action does not happen.
    await sql`ALTER TABLE mod_log ADD CONSTRAINT no_locks CHECK (action <> 'lock_post') NOT VALID`.execute(
      t.db,
    );
    try {
      expect((await mod.client.put(`/api/posts/${post.publicId}?action=lock&lockAs=mods`)).status).toBe(500);
    } finally {
      await sql`ALTER TABLE mod_log DROP CONSTRAINT no_locks`.execute(t.db);
    }
    expect((await visitor.get(`/api/posts/${post.publicId}`)).json.locked).toBe(false);
    expect(await entryCount()).toBe(count + 1);
  });
});

describe('reasons', () => {
  it('carries a rule and words to the log, the post and the author notification', async () => {
    const post = await newPost('Rule breaker');
    const res = await mod.client.delete(
      `/api/posts/${post.publicId}?deleteAs=mods&reasonRule=${ruleId}&reason=${encodeURIComponent('  Twice  ')}`,
    );
    expect(res.status).toBe(200);
    expect(res.json.deletedReason).toBe('Be kind: Twice');
    expect((await visitor.get(`/api/posts/${post.publicId}`)).json.deletedReason).toBe('Be kind: Twice');
    const [entry] = (await logOf(visitor, '?action=remove_post')).entries;
    expect(entry).toMatchObject({
      reasonRule: 'Be kind',
      reason: 'Twice',
      target: { postId: post.publicId },
    });

    await deliverPendingEvents({ db: t.db, push: new NoPush(), clock: systemClock });
    const raw = (await author.client.get('/api/notifications')).json.items[0];
    expect(raw.notif).toMatchObject({ targetId: post.id, deletedAs: 'mods', reason: 'Be kind: Twice' });
    const rendered = (await author.client.get('/api/notifications?render=true&format=html')).json.items[0];
    expect(rendered.title).toBe(
      `Your post <b>Rule breaker</b> has been removed by moderators of <b>${community.name}</b>. Reason: Be kind: Twice`,
    );
  });

  it('takes a rule alone, or words alone, for comments too; a post without a reason has none', async () => {
    const post = await newPost();
    const comment = await newComment(post);
    expect(
      (await mod.client.delete(`/api/posts/x/comments/${comment.id}?deleteAs=mods&reasonRule=${ruleId}`))
        .status,
    ).toBe(200);
    expect(
      (await admin.client.delete(`/api/posts/${post.publicId}?deleteAs=admins&reason=Spam`)).json
        .deletedReason,
    ).toBe('Spam');
    const [postEntry, commentEntry] = (await logOf(visitor)).entries;
    expect([postEntry.reasonRule, postEntry.reason]).toEqual([null, 'Spam']);
    expect([commentEntry.action, commentEntry.reasonRule, commentEntry.reason]).toEqual([
      'remove_comment',
      'Be kind',
      null,
    ]);
    const plain = await newPost();
    expect((await mod.client.delete(`/api/posts/${plain.publicId}?deleteAs=mods`)).json).not.toHaveProperty(
      'deletedReason',
    );
  });

  it('refuses a reason too long or a rule not of the community, and changes nothing', async () => {
    const post = await newPost();
    const comment = await newComment(post);
    const other = await newCommunity(outsider.client);
    const otherRule = (
      await outsider.client.post(`/api/communities/${other.id}/rules`, { rule: 'Elsewhere' })
    ).json[0].id;
    const count = await entryCount();
    const long = 'x'.repeat(modLogLimits.reasonMax + 1);
    const cases: [string, string][] = [
      [`reason=${long}`, 'reason-too-long'],
      [`reasonRule=${otherRule}`, 'invalid-reason-rule'],
      ['reasonRule=999999', 'invalid-reason-rule'],
      ['reasonRule=-1', 'invalid-reason-rule'],
      ['reasonRule=abc', 'invalid-reason-rule'],
      ['reasonRule=99999999999', 'invalid-reason-rule'],
    ];
    for (const [query, code] of cases) {
      const p = await mod.client.delete(`/api/posts/${post.publicId}?deleteAs=mods&${query}`);
      expect([p.status, p.json.code]).toEqual([400, code]);
      const c = await mod.client.delete(`/api/posts/x/comments/${comment.id}?deleteAs=mods&${query}`);
      expect([c.status, c.json.code]).toEqual([400, code]);
    }
    expect(
      (
        await mod.client.delete(
          `/api/posts/${post.publicId}?deleteAs=mods&reason=${'y'.repeat(modLogLimits.reasonMax)}`,
        )
      ).status,
    ).toBe(200);
    expect((await visitor.get(`/api/comments/${comment.id}`)).json.deletedAt).toBeNull();
    expect(await entryCount()).toBe(count + 1);
  });
});

describe('reading the log', () => {
  let hiding: any;
  let hidingMod: Member;
  let hidingPost: any;

  beforeAll(async () => {
    hidingMod = await member(t, { points: 1000 });
    hiding = await newCommunity(hidingMod.client);
    // The reference client sends its whole community without the new field: the setting stays.
    expect(
      (await hidingMod.client.put(`/api/communities/${hiding.id}`, { modlogHideNames: true })).json
        .modlogHideNames,
    ).toBe(true);
    expect(
      (await hidingMod.client.put(`/api/communities/${hiding.id}`, { about: 'Quiet' })).json.modlogHideNames,
    ).toBe(true);
    await author.client.post('/api/_joinCommunity', { communityId: hiding.id });
    const res = await author.client.post('/api/posts', {
      type: 'text',
      title: 'In the quiet one',
      body: 'x',
      community: hiding.name,
    });
    hidingPost = res.json;
    expect(
      (await hidingMod.client.put(`/api/posts/${hidingPost.publicId}?action=lock&lockAs=mods`)).status,
    ).toBe(200);
  });

  it('hides the names of a hiding community from non-moderators, not from its moderators and admins', async () => {
    const path = `/api/communities/${hiding.name}/modlog`;
    for (const reader of [visitor, author.client, mod.client]) {
      const [lock] = (await reader.get(path)).json.entries;
      expect(lock).toMatchObject({
        action: 'lock_post',
        moderator: null,
        moderatorHidden: true,
        actedAs: 'mods',
      });
      expect(JSON.stringify((await reader.get('/api/modlog')).json)).not.toContain(hidingMod.user.username);
    }
    for (const reader of [hidingMod.client, admin.client]) {
      const [lock] = (await reader.get(path)).json.entries;
      expect(lock).toMatchObject({ moderator: hidingMod.user.username, moderatorHidden: false });
      const site = (await reader.get('/api/modlog')).json.entries;
      expect(site.find((e: any) => e.community === hiding.name).moderator).toBe(hidingMod.user.username);
    }
    // The community's id works as well as its name.
    expect((await visitor.get(`/api/communities/${hiding.id}/modlog`)).json.entries).toHaveLength(3);
  });

  it('never matches hidden entries by the moderator filter for those who may not see the names', async () => {
    const query = `?moderator=${hidingMod.user.username}`;
    for (const reader of [visitor, author.client, mod.client]) {
      expect((await reader.get(`/api/communities/${hiding.name}/modlog${query}`)).json).toEqual({
        entries: [],
        next: null,
      });
      expect((await reader.get(`/api/modlog${query}`)).json.entries).toEqual([]);
    }
    for (const reader of [hidingMod.client, admin.client]) {
      const entries = (
        await reader.get(`/api/modlog${query.toUpperCase().replace('?MODERATOR', '?moderator')}`)
      ).json.entries;
      expect(entries.map((e: any) => e.action)).toEqual(['lock_post', 'edit_settings', 'edit_settings']);
    }
    // Where names show, the filter works for everyone.
    const mine = (await visitor.get(logPath(`?moderator=${mod.user.username}`))).json.entries;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e: any) => e.moderator === mod.user.username)).toBe(true);
    expect((await visitor.get(logPath('?moderator=nobody_at_all'))).json).toEqual({
      entries: [],
      next: null,
    });
  });

  it('filters by action and pages by cursor, newest first', async () => {
    const post = await newPost();
    for (let i = 0; i < 2 * modLogLimits.pageSize + 2; i++) {
      const action = i % 2 === 0 ? 'lock&lockAs=mods' : 'unlock&lockAs=mods';
      expect((await mod.client.put(`/api/posts/${post.publicId}?action=${action}`)).status).toBe(200);
    }
    const first = await logOf(visitor, '?action=lock_post');
    expect(first.entries).toHaveLength(modLogLimits.pageSize);
    expect(first.entries.every((e: any) => e.action === 'lock_post')).toBe(true);
    expect(first.next).toMatch(/^\d+$/);
    const second = await logOf(visitor, `?action=lock_post&next=${first.next}`);
    expect(second.next).toBeNull();
    expect(second.entries[0].id).toBe(first.next);
    const ids = [...first.entries, ...second.entries].map((e: any) => Number(e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // The literal null and undefined are an absent cursor, as elsewhere in the contract.
    expect((await logOf(visitor, '?action=lock_post&next=null')).entries[0].id).toBe(first.entries[0].id);
  });

  it('refuses an unknown action, a bad cursor and an unknown community', async () => {
    const bad: [string, number, string][] = [
      [logPath('?action=explode'), 400, 'invalid-modlog-action'],
      ['/api/modlog?action=REMOVE_POST', 400, 'invalid-modlog-action'],
      [logPath('?next=abc'), 400, 'invalid_cursor'],
      ['/api/modlog?next=-5', 400, 'invalid_cursor'],
      ['/api/modlog?next=1234567890123456789012', 400, 'invalid_cursor'],
      ['/api/communities/no_such_place/modlog', 404, 'community/not-found'],
    ];
    for (const [path, status, code] of bad) {
      const res = await visitor.get(path);
      expect([path, res.status, res.json.code]).toEqual([path, status, code]);
    }
  });
});
