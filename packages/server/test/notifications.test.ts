import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteJobs } from '../src/jobs/jobs.js';
import { runIfDue } from '../src/jobs/scheduler.js';
import { newId } from '../src/lib/ids.js';
import { systemClock } from '../src/lib/time.js';
import { startDeliveryRunner } from '../src/notifications/delivery-runner.js';
import { deliverPendingEvents } from '../src/notifications/notification-delivery.service.js';
import {
  DENIED_COMMUNITY_DEFAULT,
  recordDeniedCommunityEvent,
  recordModAddEvent,
  recordUpvoteEvent,
} from '../src/notifications/notification-events.service.js';
import {
  sendAnnouncements,
  sendWelcomeNotifications,
} from '../src/notifications/notification-jobs.service.js';
import type { PushPayload, PushSender } from '../src/notifications/push-sender.js';
import { type Member, makeUser, member, uniqueName } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';
import { INVALID_CURSOR, INVALID_ID, NOT_LOGGED_IN } from './api-errors.js';

/**
 * Notifications (DOMAIN §5, API.md §12): every type with its recipient and skip rules, merges over the
 * latest 10, the cap of 200, the new count, the routes with their bad input and ownership, escaping,
 * the jobs, account deletion, and delivery through the event outbox: exactly once with two runners,
 * and an event whose delivery failed delivered on the next run.
 */

const NOT_FOUND = { status: 404, code: 'notif_not_found', message: 'Notification not found.' };
const NOT_OWNER = { status: 403, code: 'not_owner', message: 'Forbidden.' };
const BAD_FORMAT = { status: 400, code: 'invalid-render-format', message: 'Invalid render format.' };
const INVALID_ACTION = { status: 400, code: 'invalid_action', message: 'Invalid action.' };

/** A push sender that records what it is asked to send: a double of the PushSender interface. */
class RecordingPush implements PushSender {
  sent: { userId: string; payload: PushPayload }[] = [];
  async send(userId: string, payload: PushPayload): Promise<void> {
    this.sent.push({ userId, payload });
  }
}

let t: TestApp;
let push: RecordingPush;
let admin: Member;
let author: Member;
let alice: Member;
let bob: Member;
let community: any;

const deps = () => ({ db: t.db, push, clock: systemClock });
const deliver = () => deliverPendingEvents(deps());
const RENDERED = 'render=true&format=html';

async function newPost(client: TestClient = author.client, title = `Post ${uniqueName('t')}`): Promise<any> {
  const res = await client.post('/api/posts', {
    type: 'text',
    title,
    body: 'Text.',
    community: community.name,
  });
  if (res.status !== 200) throw new Error(`post: ${res.status} ${res.text}`);
  return res.json;
}

async function comment(client: TestClient, post: any, parent: any = null): Promise<any> {
  const res = await client.post(`/api/posts/${post.publicId}/comments`, {
    body: 'A comment.',
    parentCommentId: parent?.id ?? null,
  });
  if (res.status !== 200) throw new Error(`comment: ${res.status} ${res.text}`);
  return res.json;
}

async function votePost(client: TestClient, post: any, up = true): Promise<void> {
  const res = await client.post('/api/_postVote', { postId: post.id, up });
  if (res.status !== 200) throw new Error(`vote: ${res.status} ${res.text}`);
}

async function voteComment(client: TestClient, c: any, up = true): Promise<void> {
  const res = await client.post('/api/_commentVote', { commentId: c.id, up });
  if (res.status !== 200) throw new Error(`vote: ${res.status} ${res.text}`);
}

/** The user's notifications, newest id first. */
const rowsOf = (userId: string) =>
  t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();

const newCountOf = async (userId: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('notifications_new_count')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).notifications_new_count;

const pendingEvents = async () =>
  Number(
    (
      await t.db
        .selectFrom('notification_events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('done_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function page(client: TestClient, query = RENDERED): Promise<any> {
  const res = await client.get(`/api/notifications?${query}`);
  if (res.status !== 200) throw new Error(`list: ${res.status} ${res.text}`);
  return res.json;
}

async function clear(...members: Member[]): Promise<void> {
  await deliver();
  for (const m of members) {
    await t.db.deleteFrom('notifications').where('user_id', '=', m.user.id).execute();
    await t.db.updateTable('users').set({ notifications_new_count: 0 }).where('id', '=', m.user.id).execute();
  }
  push.sent = [];
}

beforeAll(async () => {
  t = await createTestApp();
  push = new RecordingPush();
  admin = await member(t, { isAdmin: true });
  author = await member(t, { points: 1000 });
  alice = await member(t);
  bob = await member(t);
  const res = await author.client.post('/api/communities', { name: uniqueName('c') });
  if (res.status !== 200) throw new Error(res.text);
  community = res.json;
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await clear(author, alice, bob, admin);
});

describe('comments and replies', () => {
  it('records the event with the write, and the runner creates new_comment, the count and the push', async () => {
    const post = await newPost();
    await clear(author);
    const c = await comment(bob.client, post);
    // The write did not wait for delivery: the event is pending, nothing is created yet.
    expect(await rowsOf(author.user.id)).toEqual([]);
    expect(await pendingEvents()).toBe(1);

    expect(await deliver()).toBe(1);
    expect(await pendingEvents()).toBe(0);
    const [row] = await rowsOf(author.user.id);
    expect(row).toMatchObject({
      type: 'new_comment',
      seen: false,
      seen_at: null,
      notif: {
        postId: post.id,
        commentId: c.id,
        noComments: 1,
        commentAuthor: bob.user.username,
        firstCreatedAt: c.createdAt,
      },
    });
    expect(await newCountOf(author.user.id)).toBe(1);
    expect(await rowsOf(bob.user.id)).toEqual([]);
    expect(push.sent).toEqual([
      {
        userId: author.user.id,
        payload: {
          id: row!.id,
          type: 'new_comment',
          notif: null,
          seen: false,
          seenAt: null,
          createdAt: row!.created_at.toISOString(),
        },
      },
    ]);

    const list = await page(author.client);
    expect(list).toMatchObject({ count: 1, newCount: 1, next: '' });
    expect(list.items).toEqual([
      {
        id: row!.id,
        version: 1,
        type: 'new_comment',
        textFormat: 'html',
        title: `<b>${bob.user.username}</b> commented on your post <b>${post.title}</b>`,
        body: '',
        icons: ['/favicon.png?v=2'],
        toURL: `/${community.name}/post/${post.publicId}/${c.id}`,
        seen: false,
        seenAt: null,
        createdAt: row!.created_at.toISOString(),
        updatedAt: row!.updated_at.toISOString(),
      },
    ]);
  });

  it('merges a second comment into the unseen one, pushes again, and links with the highlight range', async () => {
    const post = await newPost();
    await clear(author);
    const first = await comment(bob.client, post);
    await deliver();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a later second for the range
    await comment(alice.client, post);
    await deliver();
    const rows = await rowsOf(author.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.notif).toMatchObject({
      noComments: 2,
      commentId: first.id,
      commentAuthor: bob.user.username,
    });
    expect(rows[0]!.updated_at.getTime()).toBeGreaterThan(rows[0]!.created_at.getTime());
    expect(push.sent.map((p) => p.payload.id)).toEqual([rows[0]!.id, rows[0]!.id]);
    expect(await newCountOf(author.user.id)).toBe(1);

    const [item] = (await page(author.client)).items;
    const from = Math.floor(rows[0]!.created_at.getTime() / 1000);
    const to = Math.floor(rows[0]!.updated_at.getTime() / 1000);
    expect(item.title).toBe(`2 new comments on your post <b>${post.title}</b>`);
    expect(item.toURL).toBe(
      `/${community.name}/post/${post.publicId}?highlightFrom=${from}&highlightTo=${to}`,
    );
    expect(to).toBeGreaterThan(from);
  });

  it('does not merge into a seen one', async () => {
    const post = await newPost();
    await clear(author);
    await comment(bob.client, post);
    await deliver();
    const [row] = await rowsOf(author.user.id);
    await author.client.put(`/api/notifications/${row!.id}?action=markAsSeen`);
    await comment(alice.client, post);
    await deliver();
    expect((await rowsOf(author.user.id)).map((r) => r.notif.noComments)).toEqual([1, 1]);
  });

  it('sends comment_reply to the parent author, and new_comment to the post author', async () => {
    const post = await newPost();
    const parent = await comment(bob.client, post);
    await clear(author, bob);
    const reply = await comment(alice.client, post, parent);
    await deliver();
    const [toBob] = await rowsOf(bob.user.id);
    expect(toBob).toMatchObject({
      type: 'comment_reply',
      notif: {
        postId: post.id,
        parentCommentId: parent.id,
        commentId: reply.id,
        commentAuthor: alice.user.username,
        noComments: 1,
      },
    });
    expect((await rowsOf(author.user.id)).map((r) => r.type)).toEqual(['new_comment']);
    const [item] = (await page(bob.client)).items;
    expect(item.title).toBe(
      `<b>${alice.user.username}</b> replied to your comment on post <b>${post.title}</b>`,
    );
    expect(item.toURL).toBe(`/${community.name}/post/${post.publicId}/${reply.id}`);

    // A second reply to the same parent merges.
    await comment(author.client, post, parent);
    await deliver();
    const merged = await rowsOf(bob.user.id);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.notif.noComments).toBe(2);
    expect((await page(bob.client)).items[0].title).toBe(
      `2 new replies to your comment on post <b>${post.title}</b>`,
    );
  });

  it('gives the post author only comment_reply for a reply to their own comment', async () => {
    const post = await newPost();
    const own = await comment(author.client, post);
    await clear(author);
    await comment(bob.client, post, own);
    await deliver();
    expect((await rowsOf(author.user.id)).map((r) => r.type)).toEqual(['comment_reply']);
  });

  it('skips own comments, replyNotificationsOff, and commenters the recipient muted', async () => {
    const post = await newPost();
    const own = await comment(author.client, post);
    await comment(author.client, post, own);
    await deliver();
    expect(await rowsOf(author.user.id)).toEqual([]);

    await t.db
      .updateTable('users')
      .set({ reply_notifications_off: true })
      .where('id', '=', author.user.id)
      .execute();
    await comment(bob.client, post);
    await deliver();
    expect(await rowsOf(author.user.id)).toEqual([]);
    await t.db
      .updateTable('users')
      .set({ reply_notifications_off: false })
      .where('id', '=', author.user.id)
      .execute();

    expect((await author.client.post('/api/mutes', { userId: bob.user.id })).status).toBe(200);
    await comment(bob.client, post, own);
    await deliver();
    expect(await rowsOf(author.user.id)).toEqual([]);
    await t.db.deleteFrom('muted_users').where('user_id', '=', author.user.id).execute();
    expect(push.sent).toEqual([]);
  });

  it('evaluates the skip rules at delivery, with the settings of that moment', async () => {
    const post = await newPost();
    await clear(author);
    await comment(bob.client, post);
    await t.db
      .updateTable('users')
      .set({ reply_notifications_off: true })
      .where('id', '=', author.user.id)
      .execute();
    await deliver();
    expect(await rowsOf(author.user.id)).toEqual([]);
    expect(await pendingEvents()).toBe(0);
    await t.db
      .updateTable('users')
      .set({ reply_notifications_off: false })
      .where('id', '=', author.user.id)
      .execute();
  });
});

describe('upvotes', () => {
  it('notifies a new upvote, merges the next, and never pushes', async () => {
    const post = await newPost();
    await clear(author);
    await votePost(bob.client, post);
    await deliver();
    await votePost(alice.client, post);
    await deliver();
    const rows = await rowsOf(author.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'new_votes',
      notif: { targetType: 'post', targetId: post.id, noVotes: 2 },
    });
    expect(push.sent).toEqual([]);
    expect(await newCountOf(author.user.id)).toBe(1);
    const [item] = (await page(author.client)).items;
    expect(item.title).toBe(`2 new upvotes on your post <b>${post.title}</b>`);
    expect(item.toURL).toBe(`/${community.name}/post/${post.publicId}`);
  });

  it('ignores a switch from down to up, a removal, and self votes', async () => {
    const post = await newPost();
    await clear(author);
    await votePost(bob.client, post, false);
    await votePost(bob.client, post, true); // down -> up
    await votePost(alice.client, post, true);
    await votePost(alice.client, post, true); // removes it
    await votePost(author.client, post, true); // the author's own, already there: removes it
    await votePost(author.client, post, true); // and a self upvote again
    await deliver();
    const rows = await rowsOf(author.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.notif.noVotes).toBe(1);
  });

  it('notifies upvotes on comments, singular for one', async () => {
    const post = await newPost();
    const c = await comment(alice.client, post);
    await clear(alice);
    await voteComment(bob.client, c);
    await deliver();
    const [row] = await rowsOf(alice.user.id);
    expect(row).toMatchObject({
      type: 'new_votes',
      notif: { targetType: 'comment', targetId: c.id, noVotes: 1 },
    });
    const [item] = (await page(alice.client)).items;
    expect(item.title).toBe(`1 new upvote on your comment in <b>${post.title}</b>`);
    expect(item.toURL).toBe(`/${community.name}/post/${post.publicId}/${c.id}`);
  });

  it('skips upvotes when upvoteNotificationsOff, even from someone not muted', async () => {
    const post = await newPost();
    await clear(author);
    await t.db
      .updateTable('users')
      .set({ upvote_notifications_off: true })
      .where('id', '=', author.user.id)
      .execute();
    await votePost(bob.client, post);
    await deliver();
    expect(await rowsOf(author.user.id)).toEqual([]);
    await t.db
      .updateTable('users')
      .set({ upvote_notifications_off: false })
      .where('id', '=', author.user.id)
      .execute();
  });

  it('merges only within the latest 10: one pushed further away gets a new notification', async () => {
    const posts: any[] = [];
    for (let i = 0; i < 11; i++) posts.push(await newPost());
    await clear(author);
    await votePost(bob.client, posts[0]);
    await deliver();
    for (let i = 1; i <= 10; i++) {
      await votePost(bob.client, posts[i]);
      await deliver();
    }
    await votePost(alice.client, posts[0]);
    await deliver();
    const onFirst = (await rowsOf(author.user.id)).filter((r) => r.notif.targetId === posts[0].id);
    expect(onFirst.map((r) => r.notif.noVotes)).toEqual([1, 1]);

    // posts[10]'s is second in list order now: within the 10, merged.
    await votePost(alice.client, posts[10]);
    await deliver();
    const onLast = (await rowsOf(author.user.id)).filter((r) => r.notif.targetId === posts[10].id);
    expect(onLast.map((r) => r.notif.noVotes)).toEqual([2]);
  });
});

describe('moderation, badges, moderators, denials', () => {
  it('tells the author when mods or admins delete their post, not when they delete it themselves', async () => {
    const mine = await newPost(alice.client);
    await alice.client.delete(`/api/posts/${mine.publicId}?deleteAs=normal`);
    const byMods = await newPost(alice.client);
    expect((await author.client.delete(`/api/posts/${byMods.publicId}?deleteAs=mods`)).status).toBe(200);
    const byAdmins = await newPost(alice.client);
    expect((await admin.client.delete(`/api/posts/${byAdmins.publicId}?deleteAs=admins`)).status).toBe(200);
    await deliver();
    const rows = await rowsOf(alice.user.id);
    expect(rows.map((r) => [r.type, r.notif.targetId, r.notif.deletedAs])).toEqual([
      ['deleted_post', byAdmins.id, 'admins'],
      ['deleted_post', byMods.id, 'mods'],
    ]);
    expect(push.sent).toHaveLength(2);
    const titles = (await page(alice.client)).items.map((i: any) => i.title);
    expect(titles).toEqual([
      `Your post <b>${byAdmins.title}</b> has been removed by the admins`,
      `Your post <b>${byMods.title}</b> has been removed by moderators of <b>${community.name}</b>`,
    ]);

    // DOMAIN §5.2 skips nobody here: a moderator removing their own post as a moderator is told too.
    await clear(author);
    const ownAsMods = await newPost(author.client);
    expect((await author.client.delete(`/api/posts/${ownAsMods.publicId}?deleteAs=mods`)).status).toBe(200);
    await deliver();
    expect((await rowsOf(author.user.id)).map((r) => [r.type, r.notif.targetId])).toEqual([
      ['deleted_post', ownAsMods.id],
    ]);
    await clear(author);
  });

  it('does not notify the posts a site ban purges', async () => {
    const victim = await member(t);
    await newPost(victim.client);
    await clear(victim);
    const res = await admin.client.post('/api/_admin', {
      action: 'ban_user',
      username: victim.user.username,
      deleteContentDays: 0,
    });
    expect(res.status).toBe(200);
    await deliver();
    expect(await rowsOf(victim.user.id)).toEqual([]);
  });

  it('notifies a badge given by an admin, once', async () => {
    const give = () => admin.client.post(`/api/users/${alice.user.username}/badges`, { type: 'supporter' });
    expect((await give()).status).toBe(200);
    expect((await give()).status).toBe(200);
    await deliver();
    const rows = await rowsOf(alice.user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'new_badge',
        notif: { userId: alice.user.id, badgeType: 'supporter' },
      }),
    ]);
    expect(push.sent.map((p) => p.payload.type)).toEqual(['new_badge']);
    const [item] = (await page(alice.client)).items;
    expect(item).toMatchObject({
      title: `You are awarded the <b>supporter</b> badge for your contribution to ${t.config.siteName} and for sheer awesomeness!`,
      toURL: `/@${alice.user.username}`,
      icons: ['/badge-supporter.png'],
    });
    await t.db.deleteFrom('user_badges').where('user_id', '=', alice.user.id).execute();
  });

  it('renders mod_add (pushed) and denied_comm (not pushed, default text, escaped)', async () => {
    await t.db.transaction().execute(async (trx) => {
      await recordModAddEvent(
        trx,
        alice.user.id,
        community,
        { id: author.user.id, username: author.user.username },
        new Date(),
      );
      await recordDeniedCommunityEvent(trx, alice.user.id, '', admin.user.id, new Date());
      await recordDeniedCommunityEvent(
        trx,
        alice.user.id,
        'No <script>x</script> & co',
        admin.user.id,
        new Date(),
      );
    });
    await deliver();
    expect(push.sent.map((p) => p.payload.type)).toEqual(['mod_add']);
    const items = (await page(alice.client)).items;
    expect(items.map((i: any) => [i.type, i.title, i.toURL])).toEqual([
      ['denied_comm', 'No &lt;script&gt;x&lt;/script&gt; &amp; co', '#'],
      ['denied_comm', DENIED_COMMUNITY_DEFAULT, '#'],
      [
        'mod_add',
        `You are added as a moderator of ${community.name} by <b>@${author.user.username}</b>`,
        `/${community.name}`,
      ],
    ]);
    const plain = (await page(alice.client, 'render=true')).items;
    expect(plain[0].title).toBe('No <script>x</script> & co');
    expect(plain[2].title).toBe(
      `You are added as a moderator of ${community.name} by @${author.user.username}`,
    );
  });
});

describe('escaping', () => {
  it('escapes every user-written value with html, and leaves plain text plain', async () => {
    const title = '<img src=x onerror=alert(1)>';
    const post = await newPost(author.client, title);
    await clear(author);
    await comment(bob.client, post);
    await deliver();
    const [item] = (await page(author.client)).items;
    expect(item.title).toBe(
      `<b>${bob.user.username}</b> commented on your post <b>&lt;img src=x onerror=alert(1)&gt;</b>`,
    );
    expect(item.title).not.toContain('<img');
    const [plain] = (await page(author.client, 'render=true&format=')).items;
    expect(plain.textFormat).toBe('');
    expect(plain.title).toBe(`${bob.user.username} commented on your post ${title}`);
  });
});

describe('announcements and welcome (jobs)', () => {
  it('sends an announcement to every active user once, keeping one unseen announcement among the last 10', async () => {
    const banned = { user: await makeUser(t.db, { banned: true }) };
    const gone = { user: await makeUser(t.db, { deleted: true }) };
    const posts = [await newPost(admin.client), await newPost(admin.client), await newPost(admin.client)];
    expect((await admin.client.put(`/api/posts/${posts[0].publicId}?action=announce`)).status).toBe(200);
    const job = siteJobs(t.config).find((j) => j.name === 'announcement-notifications')!;
    expect(job.everyMs).toBe(10_000);
    expect(await runIfDue(t.db, job)).toEqual({ result: expect.any(Number) });
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('banned_at', 'is', null)
      .execute();
    const announced = await t.db
      .selectFrom('announcement_posts')
      .selectAll()
      .where('post_id', '=', posts[0].id)
      .executeTakeFirstOrThrow();
    expect(announced.total_sent).toBe(users.length);
    expect(announced.sending_started_at).not.toBeNull();
    expect(announced.sending_finished_at).not.toBeNull();
    // Run again: nobody gets it twice.
    expect(await sendAnnouncements({ db: t.db, clock: systemClock })).toBe(0);
    await deliver();
    expect((await rowsOf(alice.user.id)).map((r) => r.type)).toEqual(['announcement']);
    expect(await rowsOf(banned.user.id)).toEqual([]);
    expect(await rowsOf(gone.user.id)).toEqual([]);
    const [item] = (await page(alice.client)).items;
    expect(item).toMatchObject({
      title: `<b>${posts[0].title}</b>`,
      toURL: `/${community.name}/post/${posts[0].publicId}`,
    });

    for (const post of posts.slice(1)) {
      await admin.client.put(`/api/posts/${post.publicId}?action=announce`);
      await sendAnnouncements({ db: t.db, clock: systemClock });
      await deliver();
    }
    // Before the third: the second (first in list order) kept, the first deleted; then the third added.
    expect((await rowsOf(alice.user.id)).map((r) => r.notif.postId)).toEqual([posts[2].id, posts[1].id]);
  });

  it('welcomes accounts older than 6 h once, only while welcomeCommunity names a community', async () => {
    const fresh = await member(t);
    const old = await member(t);
    // Everyone else is marked first, so only these two are considered.
    await t.db
      .updateTable('users')
      .set({ welcome_notification_sent: true })
      .where('id', 'not in', [fresh.user.id, old.user.id])
      .execute();
    await t.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 7 * 3600 * 1000) })
      .where('id', '=', old.user.id)
      .execute();
    const jobDeps = (welcomeCommunity: string | null) => ({
      db: t.db,
      clock: systemClock,
      config: { welcomeCommunity },
    });
    expect(await sendWelcomeNotifications(jobDeps(null))).toBe(0);
    expect(await sendWelcomeNotifications(jobDeps('no_such_community'))).toBe(0);
    expect(await sendWelcomeNotifications(jobDeps(community.name.toUpperCase()))).toBe(1);
    expect(await sendWelcomeNotifications(jobDeps(community.name))).toBe(0);
    await deliver();
    expect(await rowsOf(fresh.user.id)).toEqual([]);
    const [item] = (await page(old.client)).items;
    expect(item).toMatchObject({
      type: 'welcome',
      title: `<b>Welcome to ${t.config.siteName}</b>. Make a post in our <b>${community.name}</b> community to say hello!`,
      toURL: `/${community.name}`,
    });
    expect(push.sent.filter((p) => p.userId === old.user.id)).toHaveLength(1);
  });
});

describe('the list', () => {
  async function seed(userId: string, n: number, type = 'denied_comm'): Promise<void> {
    const base = Date.now() - 1000 * n;
    await t.db
      .insertInto('notifications')
      .values(
        Array.from({ length: n }, (_, i) => ({
          user_id: userId,
          type: type as 'denied_comm',
          notif: JSON.stringify({ body: `n${i}` }),
          seen: i % 3 === 0,
          created_at: new Date(base + i * 1000),
          updated_at: new Date(base + i * 1000),
        })),
      )
      .execute();
  }

  it('pages by 10, unseen first then newest, with an opaque cursor and "" at the end', async () => {
    const m = await member(t);
    await seed(m.user.id, 25);
    const seen: string[] = [];
    let next = '';
    const sizes: number[] = [];
    do {
      const res = await page(m.client, `${RENDERED}${next ? `&next=${encodeURIComponent(next)}` : ''}`);
      expect(res.count).toBe(25);
      sizes.push(res.items.length);
      seen.push(...res.items.map((i: any) => i.title));
      next = res.next;
    } while (next);
    expect(sizes).toEqual([10, 10, 5]);
    const expected = Array.from({ length: 25 }, (_, i) => i)
      .sort((a, b) => Number(a % 3 === 0) - Number(b % 3 === 0) || b - a)
      .map((i) => `n${i}`);
    expect(seen).toEqual(expected);
  });

  it('answers items [] and next "" when empty, and raw items with live objects without render', async () => {
    const m = await member(t);
    expect(await page(m.client)).toEqual({ count: 0, newCount: 0, items: [], next: '' });
    const post = await newPost();
    await clear(author);
    await comment(bob.client, post);
    await deliver();
    const raw = await page(author.client, '');
    expect(Object.keys(raw.items[0])).toEqual(['id', 'type', 'notif', 'seen', 'seenAt', 'createdAt']);
    expect(raw.items[0].notif).toMatchObject({
      postId: post.id,
      noComments: 1,
      post: { id: post.id, title: post.title },
    });
  });

  it('gives every type its live objects in the raw form, on one page', async () => {
    const m = await member(t);
    const post = await newPost();
    const c = await comment(bob.client, post);
    const insert = (type: string, notif: Record<string, unknown>) =>
      t.db
        .insertInto('notifications')
        .values({ user_id: m.user.id, type: type as never, notif: JSON.stringify(notif) })
        .execute();
    await insert('new_comment', { postId: post.id, noComments: 1 });
    await insert('new_votes', { targetType: 'post', targetId: post.id, noVotes: 2 });
    await insert('new_votes', { targetType: 'comment', targetId: c.id, noVotes: 1 });
    await insert('deleted_post', { targetType: 'comment', targetId: c.id, deletedAs: 'mods' });
    await insert('mod_add', { communityName: community.name.toUpperCase(), addedBy: author.user.id });
    await insert('new_badge', { userId: alice.user.id, badgeType: 'supporter' });
    await insert('announcement', { postId: post.id });
    await insert('denied_comm', { body: 'No.' });
    const items: any[] = (await page(m.client, '')).items;
    const byType = (type: string, nth = 0) => items.filter((i) => i.type === type)[nth].notif;
    expect(items).toHaveLength(8);
    expect(byType('new_comment').post).toMatchObject({ id: post.id, title: post.title });
    // Newest first: the comment's vote was inserted after the post's.
    expect(byType('new_votes', 0)).toMatchObject({ post: { id: post.id }, comment: { id: c.id } });
    expect(byType('new_votes', 1)).toMatchObject({ post: { id: post.id } });
    expect(byType('new_votes', 1).comment).toBeUndefined();
    expect(byType('deleted_post')).toMatchObject({ comment: { id: c.id } });
    expect(byType('mod_add').community).toMatchObject({ id: community.id, name: community.name });
    expect(byType('new_badge')).toEqual({
      badgeType: 'supporter',
      user: expect.objectContaining({ id: alice.user.id, username: alice.user.username }),
    });
    expect(byType('announcement')).toMatchObject({ post: { id: post.id }, community: { id: community.id } });
    expect(byType('denied_comm')).toEqual({ body: 'No.' });
    // Keys in the contract's order (API.md §5 lists them in emission order), whatever jsonb kept.
    expect(Object.keys(byType('new_votes', 0))).toEqual([
      'targetType',
      'targetId',
      'noVotes',
      'post',
      'comment',
    ]);
    expect(Object.keys(byType('deleted_post'))).toEqual(['targetType', 'targetId', 'deletedAs', 'comment']);
    expect(Object.keys(byType('mod_add'))).toEqual(['communityName', 'addedBy', 'community']);
  });

  it('gives a reply notification its keys in the order of the contract', async () => {
    const post = await newPost();
    const parent = await comment(alice.client, post);
    await clear(alice);
    await bob.client.post(`/api/posts/${post.publicId}/comments`, {
      body: 'A reply.',
      parentCommentId: parent.id,
    });
    await deliver();
    const reply = (await page(alice.client, '')).items.find((i: any) => i.type === 'comment_reply');
    expect(Object.keys(reply.notif)).toEqual([
      'postId',
      'parentCommentId',
      'commentId',
      'commentAuthor',
      'noComments',
      'firstCreatedAt',
      'post',
    ]);
  });

  it('skips what cannot be rendered (its post is gone), and gives null notif in the raw form', async () => {
    const m = await member(t);
    await t.db
      .insertInto('notifications')
      .values({ user_id: m.user.id, type: 'announcement', notif: JSON.stringify({ postId: newId() }) })
      .execute();
    await seed(m.user.id, 1);
    const res = await page(m.client);
    expect(res.count).toBe(2);
    expect(res.items.map((i: any) => i.type)).toEqual(['denied_comm']);
    expect((await page(m.client, '')).items.find((i: any) => i.type === 'announcement').notif).toBeNull();
  });

  it('keeps the newest 200 after a delivery', async () => {
    const m = await member(t);
    await seed(m.user.id, 200);
    const oldest = (await rowsOf(m.user.id)).at(-1)!.id;
    await t.db
      .transaction()
      .execute((trx) => recordDeniedCommunityEvent(trx, m.user.id, 'x', admin.user.id, new Date()));
    await deliver();
    const rows = await rowsOf(m.user.id);
    expect(rows).toHaveLength(200);
    expect(rows.some((r) => r.id === oldest)).toBe(false);
    expect(rows[0]!.notif).toEqual({ body: 'x' });
    expect(await newCountOf(m.user.id)).toBe(rows.filter((r) => !r.seen).length);
  });

  it('refuses bad formats and cursors with 400, and guests with 401', async () => {
    expect((await alice.client.get('/api/notifications?render=true&format=md')).json).toEqual(BAD_FORMAT);
    for (const next of [
      'garbage!',
      'e30',
      Buffer.from('{"s":1,"u":"1","i":1}').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
    ]) {
      expect((await alice.client.get(`/api/notifications?next=${encodeURIComponent(next)}`)).json).toEqual(
        INVALID_CURSOR,
      );
    }
    const guest = t.client();
    await guest.start();
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications?action=deleteAll'],
      ['GET', '/api/notifications/1'],
      ['PUT', '/api/notifications/1?action=markAsSeen'],
      ['DELETE', '/api/notifications/1'],
    ] as const) {
      expect((await guest.request(method, url)).json).toEqual(NOT_LOGGED_IN);
    }
  });
});

describe('actions', () => {
  async function twoKinds(m: Member): Promise<void> {
    await t.db
      .insertInto('notifications')
      .values([
        {
          user_id: m.user.id,
          type: 'new_votes',
          notif: JSON.stringify({ targetType: 'post', targetId: newId(), noVotes: 1 }),
        },
        { user_id: m.user.id, type: 'denied_comm', notif: JSON.stringify({ body: 'b' }) },
      ])
      .execute();
    await t.db.updateTable('users').set({ notifications_new_count: 2 }).where('id', '=', m.user.id).execute();
  }

  it('resets the new count, marks all (or one type) seen without touching it, deletes all', async () => {
    const m = await member(t);
    await twoKinds(m);
    const act = (q: string) => m.client.post(`/api/notifications?${q}&render=true&format=html`);
    expect((await act('action=markAllAsSeen&type=new_votes')).json).toEqual({ success: true });
    expect((await rowsOf(m.user.id)).map((r) => [r.type, r.seen, r.seen_at !== null])).toEqual([
      ['denied_comm', false, false],
      ['new_votes', true, true],
    ]);
    expect(await newCountOf(m.user.id)).toBe(2);
    await act('action=markAllAsSeen&type=');
    expect((await rowsOf(m.user.id)).every((r) => r.seen)).toBe(true);
    await act('action=resetNewCount');
    expect(await newCountOf(m.user.id)).toBe(0);
    await act('action=deleteAll');
    expect(await rowsOf(m.user.id)).toEqual([]);
  });

  it('refuses unknown actions and types with 400 and changes nothing', async () => {
    const m = await member(t);
    await twoKinds(m);
    for (const q of ['', 'action=nope', 'action=markAllAsSeen&type=nope', 'action=DELETEALL']) {
      expect((await m.client.post(`/api/notifications?${q}`)).json).toEqual(INVALID_ACTION);
    }
    expect((await m.client.post('/api/notifications?action=deleteAll&action=deleteAll')).status).toBe(400);
    expect(await rowsOf(m.user.id)).toHaveLength(2);
    expect((await rowsOf(m.user.id)).every((r) => !r.seen)).toBe(true);
  });

  it('reads, marks and deletes one, for its owner only', async () => {
    const m = await member(t);
    await twoKinds(m);
    const [row] = await rowsOf(m.user.id);
    const url = `/api/notifications/${row!.id}`;
    expect((await m.client.get(`${url}?${RENDERED}`)).json).toMatchObject({
      id: row!.id,
      title: 'b',
      toURL: '#',
    });
    expect((await m.client.get(url)).json).toEqual({
      id: row!.id,
      type: 'denied_comm',
      notif: { body: 'b' },
      seen: false,
      seenAt: null,
      createdAt: row!.created_at.toISOString(),
    });

    for (const [method, path] of [
      ['GET', url],
      ['PUT', `${url}?action=markAsSeen`],
      ['DELETE', url],
    ] as const) {
      expect((await alice.client.request(method, path)).json).toEqual(NOT_OWNER);
      expect(
        (await m.client.request(method, '/api/notifications/2147483647?action=markAsSeen')).json,
      ).toEqual(NOT_FOUND);
      expect(
        (await m.client.request(method, '/api/notifications/99999999999?action=markAsSeen')).json,
      ).toEqual(NOT_FOUND);
      expect((await m.client.request(method, '/api/notifications/abc?action=markAsSeen')).json).toEqual(
        INVALID_ID,
      );
      expect(
        (await m.client.request(method, `${path}${path.includes('?') ? '&' : '?'}render=true&format=md`))
          .json,
      ).toEqual(BAD_FORMAT);
    }
    expect((await m.client.put(url)).json).toEqual(INVALID_ACTION);
    expect((await m.client.put(`${url}?action=markAsUnseen`)).json).toEqual(INVALID_ACTION);
    expect((await rowsOf(m.user.id)).find((r) => r.id === row!.id)!.seen).toBe(false);

    const seen = await m.client.put(`${url}?${RENDERED}&action=markAsSeen&seen=true`);
    expect(seen.json).toMatchObject({ id: row!.id, seen: true, seenAt: expect.any(String) });
    expect(await newCountOf(m.user.id)).toBe(2);
    const unseen = await m.client.put(`${url}?action=markAsSeen&seen=false`);
    expect(unseen.json).toMatchObject({ seen: false, seenAt: null });
    await m.client.put(`${url}?action=markAsSeen&seenFrom=webpush`);
    expect(await newCountOf(m.user.id)).toBe(1);

    const deleted = await m.client.delete(`${url}?${RENDERED}`);
    expect(deleted.json).toMatchObject({ id: row!.id, title: 'b' });
    expect((await rowsOf(m.user.id)).map((r) => r.id)).not.toContain(row!.id);
    expect((await m.client.get(url)).json).toEqual(NOT_FOUND);
  });
});

describe('account deletion', () => {
  it('deletes the account’s notifications and the events still on their way to it', async () => {
    const m = await member(t);
    const post = await newPost(m.client);
    await comment(bob.client, post);
    await deliver();
    expect(await rowsOf(m.user.id)).toHaveLength(1);
    await comment(alice.client, post); // pending
    expect(
      (
        await m.client.request('DELETE', `/api/users/${m.user.username}`, {
          body: { password: 'password123' },
        })
      ).status,
    ).toBe(200);
    expect(await rowsOf(m.user.id)).toEqual([]);
    const pending = await t.db
      .selectFrom('notification_events')
      .select('id')
      .where('recipient_id', '=', m.user.id)
      .where('done_at', 'is', null)
      .execute();
    expect(pending).toEqual([]);
    // An event recorded for the account after its deletion creates nothing.
    await t.db
      .transaction()
      .execute((trx) => recordDeniedCommunityEvent(trx, m.user.id, 'x', admin.user.id, new Date()));
    await deliver();
    expect(await rowsOf(m.user.id)).toEqual([]);
  });

  it('names a commenter whose account was since deleted as the ghost, but to an admin', async () => {
    const gone = await member(t);
    const post = await newPost();
    const adminsPost = await newPost(admin.client);
    const parent = await comment(bob.client, post);
    await clear(author, bob, admin);
    await comment(gone.client, post, parent);
    await comment(gone.client, adminsPost);
    await deliver();
    expect(
      (
        await gone.client.request('DELETE', `/api/users/${gone.user.username}`, {
          body: { password: 'password123' },
        })
      ).status,
    ).toBe(200);
    for (const m of [author, bob]) {
      const [rendered] = (await page(m.client)).items;
      expect(rendered.title, m.user.username).toMatch(/^<b>ghost<\/b> (commented on|replied to)/u);
      expect(rendered.title).not.toContain(gone.user.username);
      const [raw] = (await page(m.client, '')).items;
      expect(raw.notif.commentAuthor).toBe('ghost');
      const one = await m.client.get(`/api/notifications/${raw.id}?render=true`);
      expect(one.json.title).toMatch(/^ghost /u);
    }
    // Admins see deleted accounts' names everywhere (core §6), here too.
    expect((await page(admin.client)).items[0].title).toContain(`<b>${gone.user.username}</b> commented`);
  });
});

describe('delivery', () => {
  it('delivers each event exactly once with two runners at the same time', async () => {
    const post = await newPost();
    const receiver = await member(t);
    await clear(author);
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 40; i++) {
        await recordUpvoteEvent(
          trx,
          { type: 'post', id: post.id, authorId: author.user.id },
          newId(),
          new Date(),
        );
      }
      for (let i = 0; i < 15; i++) {
        await recordModAddEvent(
          trx,
          receiver.user.id,
          { name: `c${i}` },
          { id: author.user.id, username: 'x' },
          new Date(),
        );
      }
    });
    const [a, b] = await Promise.all([deliver(), deliver()]);
    expect(a + b).toBe(55);
    expect(await pendingEvents()).toBe(0);
    expect((await rowsOf(author.user.id)).map((r) => r.notif.noVotes)).toEqual([40]);
    expect(await rowsOf(receiver.user.id)).toHaveLength(15);
    expect(push.sent).toHaveLength(15);
    expect(new Set(push.sent.map((p) => p.payload.id)).size).toBe(15);
  });

  it('leaves an event whose delivery failed pending, and delivers it on the next run', async () => {
    const m = await member(t);
    await sql`CREATE FUNCTION notifications_test_fail() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'delivery broke'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER notifications_test_fail BEFORE INSERT ON notifications
      FOR EACH ROW EXECUTE FUNCTION notifications_test_fail()`.execute(t.db);
    try {
      await t.db
        .transaction()
        .execute((trx) => recordDeniedCommunityEvent(trx, m.user.id, 'late', admin.user.id, new Date()));
      await expect(deliver()).rejects.toThrow(/delivery broke/);
      expect(await pendingEvents()).toBe(1);
      expect(await rowsOf(m.user.id)).toEqual([]);
      expect(await newCountOf(m.user.id)).toBe(0);
    } finally {
      await sql`DROP TRIGGER notifications_test_fail ON notifications`.execute(t.db);
      await sql`DROP FUNCTION notifications_test_fail()`.execute(t.db);
    }
    expect(await deliver()).toBe(1);
    expect((await rowsOf(m.user.id)).map((r) => r.notif)).toEqual([{ body: 'late' }]);
    expect(await newCountOf(m.user.id)).toBe(1);
    const event = await t.db
      .selectFrom('notification_events')
      .selectAll()
      .where('recipient_id', '=', m.user.id)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ attempts: 1, done_at: expect.any(Date) });
  });

  it('gives back the event of a delivery whose process died, and delivers it on the next run', async () => {
    const m = await member(t);
    await t.db
      .transaction()
      .execute((trx) => recordDeniedCommunityEvent(trx, m.user.id, 'orphan', admin.user.id, new Date()));
    // Another process in the middle of delivering it: the event claimed, the transaction open.
    const other = new pg.Client(t.database.connection);
    await other.connect();
    other.on('error', () => {});
    await other.query('BEGIN');
    const claimed = await other.query(
      'SELECT id FROM notification_events WHERE done_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED',
    );
    expect(claimed.rows).toHaveLength(1);
    // Meanwhile other runners skip it rather than deliver it a second time.
    expect(await deliver()).toBe(0);
    // The process dies: its connection goes, PostgreSQL rolls its transaction back.
    const { rows } = await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(t.db);
    await other.end().catch(() => {});
    let delivered = 0;
    for (let i = 0; i < 100 && delivered === 0; i++) {
      delivered = await deliver();
      if (delivered === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(delivered).toBe(1);
    expect((await rowsOf(m.user.id)).map((r) => r.notif)).toEqual([{ body: 'orphan' }]);
  });

  it('runs in the server process, woken by the commit of the write without waiting for its poll', async () => {
    const post = await newPost();
    await clear(author);
    const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as any;
    const runner = startDeliveryRunner(deps(), t.database.connection, log, { pollMs: 3_600_000 });
    try {
      // Its LISTEN connection is up (the listener's last statement), before the write.
      let listening = false;
      for (let i = 0; i < 200 && !listening; i++) {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN %commons_notification_events%'`.execute(
          t.db,
        );
        listening = rows[0]!.n > 0;
        if (!listening) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(listening).toBe(true);
      await comment(bob.client, post);
      let rows: unknown[] = [];
      for (let i = 0; i < 200 && rows.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        rows = await rowsOf(author.user.id);
      }
      expect(rows).toHaveLength(1);
    } finally {
      await runner.stop();
    }
  });
});

describe('rate limit', () => {
  it('allows 5 bulk actions a second', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const m = await member(limited);
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await m.client.post('/api/notifications?action=resetNewCount')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
