import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOD_LOG_ACTIONS, modLogLimits } from '@commons/shared/modlog';
import { systemClock } from '../src/lib/time.js';
import { runOperation, type Operation } from '../src/operations/operations.js';
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

/** Runs an operator's command (the CLI's) against the test app's database. */
const operator = (operation: Operation) =>
  runOperation(
    { db: t.db, config: t.config, engine: t.database.engine, clock: systemClock, runner: 'this test' },
    operation,
  );

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
    // Everyone else reads the log without the removed comment's author (DOMAIN §4.7: hidden).
    const publicRemoval = (await logOf(author.client)).entries.find(
      (e: any) => e.action === 'remove_comment' && e.target.commentId === comment.id,
    );
    expect(publicRemoval.target.username).toBeNull();
    expect(publicRemoval.target.postId).toBe(post.publicId);
    // Removed as admins, it hides its author from the community's moderators too.
    const another = (
      await author.client.post(`/api/posts/${post.publicId}/comments`, { body: 'Another to remove' })
    ).json;
    await admin.client.delete(`/api/posts/${post.publicId}/comments/${another.id}?deleteAs=admins`);
    const removedByAdmins = (await logOf(mod.client)).entries.find(
      (e: any) => e.action === 'remove_comment' && e.target.commentId === another.id,
    );
    expect(removedByAdmins.actedAs).toBe('admins');
    expect(removedByAdmins.target.username).toBeNull();
    const forAdmins = (await logOf(admin.client)).entries.find(
      (e: any) => e.action === 'remove_comment' && e.target.commentId === another.id,
    );
    expect(forAdmins.target.username).toBe(author.user.username);
    expect(byAction('ban_user')).toMatchObject({
      target: { type: 'user', username: outsider.user.username },
      expiresAt: null,
    });
    expect(byAction('add_rule').target).toMatchObject({ type: 'rule', title: 'Temporary' });
    expect(byAction('edit_settings').changes).toEqual(['about']);
  });

  it('records no unlock of what is not locked, and an unlock as the group it names when held', async () => {
    const post = await newPost('Unlocked twice');
    const comment = await newComment(post);
    const count = await entryCount();
    expect((await mod.client.put(`/api/posts/${post.publicId}?action=unlock&lockAs=mods`)).status).toBe(200);
    expect(
      (await mod.client.put(`/api/posts/x/comments/${comment.id}?action=unlock&lockAs=mods`)).status,
    ).toBe(200);
    expect(await entryCount()).toBe(count);
    // An admin who also moderates the community unlocks as the admins, as they asked.
    const both = await member(t, { isAdmin: true });
    expect(
      (await mod.client.post(`/api/communities/${community.id}/mods`, { username: both.user.username }))
        .status,
    ).toBe(200);
    for (const [path, action] of [
      [`/api/posts/${post.publicId}`, 'unlock_post'],
      [`/api/posts/x/comments/${comment.id}`, 'unlock_comment'],
    ] as const) {
      expect((await mod.client.put(`${path}?action=lock&lockAs=mods`)).status).toBe(200);
      expect((await both.client.put(`${path}?action=unlock&lockAs=admins`)).status).toBe(200);
      const [entry] = (await logOf(visitor, `?action=${action}`)).entries;
      expect(entry).toMatchObject({ actedAs: 'admins', moderator: both.user.username });
    }
    expect(
      (await mod.client.delete(`/api/communities/${community.id}/mods/${both.user.username}`)).status,
    ).toBe(200);
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

  it('names an admin acting as the admins and the operator where moderators are hidden', async () => {
    const path = `/api/communities/${hiding.name}/modlog`;
    const helper = await member(t);
    await operator({ op: 'mod', add: true, community: hiding.name, username: helper.user.username });
    expect(
      (await admin.client.put(`/api/posts/${hidingPost.publicId}?action=pin&siteWide=true`)).status,
    ).toBe(200);
    for (const reader of [visitor, author.client]) {
      const [pin, added] = (await reader.get(path)).json.entries;
      expect(pin).toMatchObject({
        action: 'pin_post_site',
        actedAs: 'admins',
        moderator: admin.user.username,
        moderatorHidden: false,
      });
      expect(added).toMatchObject({ action: 'add_moderator', moderator: null, moderatorHidden: false });
      // The admin's name finds their entry as the admins there, as it shows.
      const byAdmin = (await reader.get(`${path}?moderator=${admin.user.username}`)).json.entries;
      expect(byAdmin.map((e: any) => e.action)).toEqual(['pin_post_site']);
    }
    expect(
      (await admin.client.put(`/api/posts/${hidingPost.publicId}?action=unpin&siteWide=true`)).status,
    ).toBe(200);
    await operator({ op: 'mod', add: false, community: hiding.name, username: helper.user.username });
  });

  it("names a deleted comment's author in no entry about it, to those who may not see them", async () => {
    const post = await newPost();
    const removed = await newComment(post);
    const comment = (id: string) => `/api/posts/x/comments/${id}`;
    expect((await mod.client.put(`${comment(removed.id)}?action=lock&lockAs=mods`)).status).toBe(200);
    const entriesAbout = async (client: TestClient, id: string) =>
      (await logOf(client)).entries.filter((e: any) => e.target.commentId === id);
    // While the comment stands, its author is public, and so is the entry's target.
    expect((await entriesAbout(visitor, removed.id))[0].target.username).toBe(author.user.username);
    expect((await mod.client.put(`${comment(removed.id)}?action=unlock&lockAs=mods`)).status).toBe(200);
    expect((await mod.client.delete(`${comment(removed.id)}?deleteAs=mods`)).status).toBe(200);
    const names = async (client: TestClient, id: string): Promise<[string, string | null][]> =>
      (await entriesAbout(client, id)).map((e: any) => [e.action, e.target.username]);
    for (const reader of [visitor, author.client, outsider.client]) {
      expect(await names(reader, removed.id)).toEqual([
        ['remove_comment', null],
        ['unlock_comment', null],
        ['lock_comment', null],
      ]);
    }
    for (const reader of [mod.client, admin.client]) {
      expect((await names(reader, removed.id)).map(([, name]) => name)).toEqual(
        Array(3).fill(author.user.username),
      );
    }
    // Deleted by its author after a lock: hidden from the community's moderators too (DOMAIN §4.7).
    const own = await newComment(post);
    expect((await mod.client.put(`${comment(own.id)}?action=lock&lockAs=mods`)).status).toBe(200);
    expect((await author.client.delete(comment(own.id))).status).toBe(200);
    expect(await names(mod.client, own.id)).toEqual([['lock_comment', null]]);
    expect(await names(admin.client, own.id)).toEqual([['lock_comment', author.user.username]]);
  });

  it('does not give a hidden moderator away by the ids of locks and rules, where names are shown it does', async () => {
    const owner = await member(t, { points: 1000 });
    const quiet = await newCommunity(owner.client);
    expect((await owner.client.put(`/api/communities/${quiet.id}`, { modlogHideNames: true })).status).toBe(
      200,
    );
    await owner.client.post(`/api/communities/${quiet.id}/rules`, { rule: 'Hush' });
    await author.client.post('/api/_joinCommunity', { communityId: quiet.id });
    const target = (
      await author.client.post('/api/posts', { type: 'text', title: 'Soon locked', community: quiet.name })
    ).json;
    const comment = (await author.client.post(`/api/posts/${target.publicId}/comments`, { body: 'Me too.' }))
      .json;
    for (const path of [`/api/posts/${target.publicId}`, `/api/posts/x/comments/${comment.id}`]) {
      expect((await owner.client.put(`${path}?action=lock&lockAs=mods`)).status).toBe(200);
    }
    // The community's moderators are public by their ids: a lock's or a rule's id would name its author.
    for (const reader of [visitor, author.client, owner.client, admin.client]) {
      const post = (await reader.get(`/api/posts/${target.publicId}`)).json;
      expect(post).toMatchObject({ locked: true, lockedBy: null, lockedByGroup: 'mods' });
      expect(post.comments.find((c: any) => c.id === comment.id)).toMatchObject({
        lockedBy: null,
        lockedByGroup: 'mods',
      });
      expect(post.community.rules[0].createdBy).toBe(quiet.id);
      const rules = (await reader.get(`/api/communities/${quiet.id}/rules`)).json;
      expect(rules.map((r: any) => r.createdBy)).toEqual([quiet.id]);
      expect((await reader.get(`/api/communities/${quiet.id}/rules/${rules[0].id}`)).json.createdBy).toBe(
        quiet.id,
      );
    }
    const shown = await newPost('Locked where names show');
    expect((await mod.client.put(`/api/posts/${shown.publicId}?action=lock&lockAs=mods`)).status).toBe(200);
    const open = (await visitor.get(`/api/posts/${shown.publicId}`)).json;
    expect(open.lockedBy).toBe(mod.user.id);
    expect(open.community.rules[0].createdBy).toBe(mod.user.id);
  });

  it('records a moderator who leaves, and hides them as its target where names are hidden', async () => {
    const owner = await member(t, { points: 1000 });
    const place = await newCommunity(owner.client);
    expect((await owner.client.put(`/api/communities/${place.id}`, { modlogHideNames: true })).status).toBe(
      200,
    );
    const second = await member(t);
    const join = (leave: boolean) =>
      second.client.post('/api/_joinCommunity', { communityId: place.id, ...(leave ? { leave } : {}) });
    expect((await join(false)).status).toBe(200);
    const added = await owner.client.post(`/api/communities/${place.id}/mods`, {
      username: second.user.username,
    });
    expect(added.status).toBe(200);
    expect((await join(true)).status).toBe(200);
    const path = `/api/communities/${place.name}/modlog?action=remove_moderator`;
    const forGuest = (await visitor.get(path)).json;
    expect(forGuest.entries).toHaveLength(1);
    expect(forGuest.entries[0]).toMatchObject({
      moderator: null,
      moderatorHidden: true,
      target: { type: 'user', username: null },
    });
    expect(JSON.stringify(forGuest)).not.toContain(second.user.username);
    expect((await owner.client.get(path)).json.entries[0]).toMatchObject({
      moderator: second.user.username,
      actedAs: 'mods',
      target: { username: second.user.username },
    });
    // Joining and leaving again as a member only is no moderation.
    expect((await join(false)).status).toBe(200);
    expect((await join(true)).status).toBe(200);
    expect((await owner.client.get(path)).json.entries).toHaveLength(1);
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
    // Names a member may have, not the cursors' words for "absent".
    for (const name of ['null', 'undefined']) {
      expect((await visitor.get(logPath(`?moderator=${name}`))).json).toEqual({ entries: [], next: null });
    }
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

describe('administration', () => {
  /** The newest site-wide entries of one action, newest first. */
  async function siteEntries(action: string): Promise<any[]> {
    const res = await visitor.get(`/api/modlog?action=${action}`);
    expect(res.status).toBe(200);
    return res.json.entries;
  }

  it("records default-community changes, each once, in the site log and the community's", async () => {
    const place = await newCommunity(mod.client);
    const set = (action: string) => admin.client.post('/api/_admin', { action, name: place.name });
    const count = await entryCount();
    expect((await set('add_default_forum')).status).toBe(200);
    // Asking again changes nothing and records nothing.
    expect((await set('add_default_forum')).status).toBe(200);
    expect((await set('remove_default_forum')).status).toBe(200);
    expect((await set('remove_default_forum')).status).toBe(200);
    expect(await entryCount()).toBe(count + 2);
    const [added] = await siteEntries('add_default_community');
    expect(added).toMatchObject({
      moderator: admin.user.username,
      actedAs: 'admins',
      community: place.name,
      target: { type: 'community', username: null, title: null },
    });
    const own = (await visitor.get(`/api/communities/${place.name}/modlog`)).json.entries;
    expect(own.map((e: any) => e.action)).toEqual(['remove_default_community', 'add_default_community']);
  });

  it('records announcements, and nothing for a refused second one', async () => {
    const post = await newPost('Announced post');
    expect((await admin.client.put(`/api/posts/${post.publicId}?action=announce`)).status).toBe(200);
    const count = await entryCount();
    expect((await admin.client.put(`/api/posts/${post.publicId}?action=announce`)).status).toBe(409);
    expect(await entryCount()).toBe(count);
    const [entry] = await siteEntries('announce_post');
    expect(entry).toMatchObject({
      moderator: admin.user.username,
      actedAs: 'admins',
      community: community.name,
      target: {
        type: 'post',
        postId: post.publicId,
        title: 'Announced post',
        username: author.user.username,
      },
    });
  });

  it('records badges given and taken, by type or by id, not the ones that change nothing', async () => {
    const fan = await makeUser(t.db);
    const url = `/api/users/${fan.username}/badges`;
    const count = await entryCount();
    const given = await admin.client.post(url, { type: 'supporter' });
    expect((await admin.client.post(url, { type: 'supporter' })).status).toBe(200);
    expect((await admin.client.delete(`${url}/${given.json[0].id}`)).status).toBe(200);
    expect((await admin.client.delete(`${url}/${given.json[0].id}`)).status).toBe(200);
    await admin.client.post(url, { type: 'supporter' });
    expect((await admin.client.delete(`${url}/supporter?byType=true`)).status).toBe(200);
    expect((await admin.client.delete(`${url}/supporter?byType=true`)).status).toBe(200);
    expect(await entryCount()).toBe(count + 4);
    const taken = await siteEntries('remove_badge');
    const givenEntries = await siteEntries('add_badge');
    for (const entry of [...taken.slice(0, 2), ...givenEntries.slice(0, 2)]) {
      expect(entry).toMatchObject({
        moderator: admin.user.username,
        actedAs: 'admins',
        community: null,
        target: { type: 'user', username: fan.username, title: 'supporter' },
      });
    }
  });

  it('records IP blocks and their lifting without the address, the note or the users seen there', async () => {
    const block = await admin.client.post('/api/ipblocks', {
      address: '10.77.0.0/16',
      expiresIn: 2,
      note: 'Spam wave from example',
    });
    expect(block.status).toBe(200);
    const [blocked] = await siteEntries('block_ip');
    expect(blocked).toMatchObject({
      moderator: admin.user.username,
      actedAs: 'admins',
      community: null,
      target: { type: 'site', postId: null, commentId: null, username: null, title: null },
      expiresAt: block.json.expiresAt,
    });
    expect(JSON.stringify(blocked)).not.toMatch(/10\.77|Spam wave/);
    expect((await admin.client.delete(`/api/ipblocks/${block.json.id}`)).status).toBe(200);
    // Lifting what is no longer in effect is refused, and records nothing.
    const count = await entryCount();
    expect((await admin.client.delete(`/api/ipblocks/${block.json.id}`)).status).toBe(409);
    expect(await entryCount()).toBe(count);
    // Every block lifted at once: one entry each; by the operator's command: no moderator.
    await admin.client.post('/api/ipblocks', { address: '10.78.0.1' });
    await admin.client.post('/api/ipblocks', { address: '10.79.0.1' });
    expect((await admin.client.delete('/api/ipblocks')).status).toBe(200);
    await admin.client.post('/api/ipblocks', { address: '10.80.0.1' });
    await operator({ op: 'ipblocks-lift', which: 'all' });
    const lifted = (await siteEntries('unblock_ip')).slice(0, 4);
    expect(lifted.map((e: any) => [e.moderator, e.target.type])).toEqual([
      [null, 'site'],
      [admin.user.username, 'site'],
      [admin.user.username, 'site'],
      [admin.user.username, 'site'],
    ]);
    expect(await entryCount()).toBe(count + 2 + 2 + 2);
  });

  it('records community requests approved, denied and deleted, with the name asked for only', async () => {
    const asker = await member(t);
    const ask = async (name: string) => {
      const res = await asker.client.post('/api/community_requests', { name, note: 'Private words' });
      expect(res.status).toBe(200);
      const row = await t.db
        .selectFrom('community_requests')
        .select('id')
        .where('community_name', '=', name)
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const denied = uniqueRequestName();
    const deleted = uniqueRequestName();
    const approved = uniqueRequestName();
    const byMember = uniqueRequestName();
    const deny = await ask(denied);
    const drop = await ask(deleted);
    await ask(approved);
    await ask(byMember);
    const count = await entryCount();
    expect(
      (await admin.client.post('/api/_admin', { action: 'deny_comm', id: deny, body: 'No thanks' })).status,
    ).toBe(200);
    expect((await admin.client.delete(`/api/community_requests/${drop}`)).status).toBe(200);
    await newCommunity(admin.client, approved);
    // A member who may create communities does not grant a request by creating one.
    await newCommunity(outsider.client, byMember);
    // Nor does an admin creating a community nobody asked for.
    await newCommunity(admin.client);
    expect(await entryCount()).toBe(count + 3);

    const [deniedEntry] = await siteEntries('deny_community_request');
    const [deletedEntry] = await siteEntries('delete_community_request');
    const [approvedEntry] = await siteEntries('approve_community_request');
    expect([deniedEntry, deletedEntry, approvedEntry].map((e) => [e.target, e.community])).toEqual([
      [{ type: 'community', postId: null, commentId: null, username: null, title: denied }, null],
      [{ type: 'community', postId: null, commentId: null, username: null, title: deleted }, null],
      [{ type: 'community', postId: null, commentId: null, username: null, title: approved }, approved],
    ]);
    expect(JSON.stringify([deniedEntry, deletedEntry])).not.toMatch(/Private words|No thanks/);
    expect(JSON.stringify([deniedEntry, deletedEntry])).not.toContain(asker.user.username);
    expect(deniedEntry.moderator).toBe(admin.user.username);
  });

  it('records site settings changed, by an admin or the operator, with the keys that changed', async () => {
    const count = await entryCount();
    expect((await admin.client.put('/api/site_settings', { signupsDisabled: true })).status).toBe(200);
    // Saved unchanged: nothing to record.
    expect((await admin.client.put('/api/site_settings', { signupsDisabled: true })).status).toBe(200);
    await operator({ op: 'signups', enabled: true });
    await operator({ op: 'signups', enabled: true });
    expect(await entryCount()).toBe(count + 2);
    const [byOperator, byAdmin] = await siteEntries('edit_site_settings');
    expect([byAdmin, byOperator].map((e) => [e.moderator, e.changes, e.target.type, e.community])).toEqual([
      [admin.user.username, ['signupsDisabled'], 'site', null],
      [null, ['signupsDisabled'], 'site', null],
    ]);
  });

  it("records an admin deleting a post's content beside the removal, and a purge of a removed post", async () => {
    const post = await newPost('Purged at once');
    const res = await admin.client.delete(`/api/posts/${post.publicId}?deleteAs=admins&deleteContent=true`);
    expect(res.status).toBe(200);
    const [purged] = await siteEntries('purge_post');
    const [removed] = await siteEntries('remove_post');
    expect([purged.target.postId, removed.target.postId]).toEqual([post.publicId, post.publicId]);
    expect(purged).toMatchObject({
      actedAs: 'admins',
      moderator: admin.user.username,
      community: community.name,
    });

    const later = await newPost('Purged later');
    expect((await mod.client.delete(`/api/posts/${later.publicId}?deleteAs=mods`)).status).toBe(200);
    const count = await entryCount();
    expect(
      (await admin.client.delete(`/api/posts/${later.publicId}?deleteAs=admins&deleteContent=true`)).status,
    ).toBe(200);
    expect(await entryCount()).toBe(count + 1);
    expect((await siteEntries('purge_post'))[0].target).toMatchObject({ postId: later.publicId });
  });

  it("records the operator's admin role changes and an admin deleting someone's account", async () => {
    const helper = await makeUser(t.db);
    await operator({ op: 'admin', add: true, username: helper.username });
    await operator({ op: 'admin', add: false, username: helper.username });
    const [removed] = await siteEntries('remove_admin');
    const [added] = await siteEntries('add_admin');
    for (const entry of [added, removed]) {
      expect(entry).toMatchObject({
        moderator: null,
        actedAs: 'admins',
        target: { type: 'user', username: helper.username },
      });
    }

    const victim = await makeUser(t.db);
    const leaver = await member(t);
    const count = await entryCount();
    const remove = (client: TestClient, name: string) =>
      client.delete(`/api/users/${name}`, { password: 'password123' });
    expect((await remove(admin.client, victim.username)).status).toBe(200);
    // Someone deleting their own account is not an admin's act.
    expect((await remove(leaver.client, leaver.user.username)).status).toBe(200);
    expect(await entryCount()).toBe(count + 1);
    // A deleted account is the ghost to all but the admins, here as everywhere (API.md §5.3).
    expect((await siteEntries('delete_account'))[0]).toMatchObject({
      moderator: admin.user.username,
      target: { type: 'user', username: 'ghost' },
    });
    const forAdmin = (await admin.client.get('/api/modlog?action=delete_account')).json.entries;
    expect(forAdmin[0]).toMatchObject({ target: { type: 'user', username: victim.username } });
  });

  it('shows the authors and moderators of entries whose accounts were deleted since as the ghost, but to admins', async () => {
    const writer = await member(t);
    const remover = await member(t, { points: 1000 });
    const place = await newCommunity(remover.client);
    const post = await writer.client.post('/api/posts', {
      type: 'text',
      title: 'Soon removed',
      community: place.name,
    });
    expect(post.status).toBe(200);
    const removal = await remover.client.delete(`/api/posts/${post.json.publicId}?deleteAs=mods`);
    expect(removal.status).toBe(200);
    const path = `/api/communities/${place.name}/modlog?action=remove_post`;
    expect((await visitor.get(path)).json.entries[0]).toMatchObject({
      moderator: remover.user.username,
      target: { username: writer.user.username },
    });
    for (const leaving of [writer, remover]) {
      const res = await leaving.client.delete(`/api/users/${leaving.user.username}`, {
        password: 'password123',
      });
      expect(res.status).toBe(200);
    }
    for (const client of [visitor, outsider.client]) {
      expect((await client.get(path)).json.entries[0]).toMatchObject({
        moderator: 'ghost',
        target: { username: 'ghost' },
      });
      // The deleted moderator's name finds nothing either: it would say whose the entries were.
      const byName = await client.get(`${path}&moderator=${remover.user.username}`);
      expect(byName.json.entries).toEqual([]);
    }
    expect((await admin.client.get(path)).json.entries[0]).toMatchObject({
      moderator: remover.user.username,
      target: { username: writer.user.username },
    });
    const byName = await admin.client.get(`${path}&moderator=${remover.user.username}`);
    expect(byName.json.entries).toHaveLength(1);
  });

  it('has recorded every action of the log by now (each has its place in the services)', async () => {
    const rows = await sql<{ action: string }>`SELECT DISTINCT action FROM mod_log`.execute(t.db);
    expect(rows.rows.map((r) => r.action).sort()).toEqual([...MOD_LOG_ACTIONS].sort());
  });
});

let requestCounter = 0;
function uniqueRequestName(): string {
  return `req${process.pid % 1000}_${++requestCounter}`;
}
