import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { type Member, member, uniqueName } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';
import { INVALID_ID, NOT_LOGGED_IN } from './api-errors.js';

/** `POST /api/_report` and what deletion does to reports (API.md §5.10, §11.11; DOMAIN §7.5). */

let t: TestApp;
let mod: Member;
let admin: Member;
let alice: Member;
let bob: Member;
let community: any;

async function newPost(client: TestClient): Promise<any> {
  const res = await client.post('/api/posts', {
    type: 'text',
    title: `Post ${uniqueName('t')}`,
    community: community.name,
  });
  if (res.status !== 200) throw new Error(res.text);
  return res.json;
}

async function newComment(client: TestClient, post: any): Promise<any> {
  const res = await client.post(`/api/posts/${post.publicId}/comments`, { body: 'A comment.' });
  if (res.status !== 200) throw new Error(res.text);
  return res.json;
}

const reportsOn = async (targetId: string) =>
  t.db.selectFrom('reports').selectAll().where('target_id', '=', targetId).execute();

beforeAll(async () => {
  t = await createTestApp();
  mod = await member(t, { points: 1000 });
  admin = await member(t, { isAdmin: true });
  alice = await member(t);
  bob = await member(t);
  const res = await mod.client.post('/api/communities', { name: uniqueName('c') });
  community = res.json;
});

afterAll(async () => {
  await t?.close();
});

describe('reporting', () => {
  it('stores a post report once per reason and answers with the Report', async () => {
    const post = await newPost(alice.client);
    const res = await bob.client.post('/api/_report', { targetId: post.id, reason: 3 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.any(Number),
      communityId: community.id,
      postId: post.id,
      reason: 'Spam',
      description: null,
      reasonId: 3,
      type: 'post',
      targetId: post.id,
      actionTaken: null,
      dealtAt: null,
      dealtBy: null,
      createdAt: expect.any(String),
      target: null,
    });
    expect(
      (await bob.client.post('/api/_report', { type: 'post', targetId: post.id, reason: 3 })).json,
    ).toEqual({
      status: 409,
      code: 'already-reported',
      message: 'You have already reported this post.',
    });
    // Another reason is another report.
    expect(
      (await bob.client.post('/api/_report', { type: 'post', targetId: post.id, reason: 1 })).status,
    ).toBe(200);
    expect(await reportsOn(post.id)).toHaveLength(2);
  });

  it("stores a comment report with the comment's post", async () => {
    const post = await newPost(alice.client);
    const comment = await newComment(alice.client, post);
    const res = await bob.client.post('/api/_report', { type: 'comment', targetId: comment.id, reason: 2 });
    expect(res.json).toMatchObject({
      type: 'comment',
      targetId: comment.id,
      postId: post.id,
      reason: 'Copyright violation',
    });
    expect(
      (await bob.client.post('/api/_report', { type: 'comment', targetId: comment.id, reason: 2 })).json,
    ).toEqual({
      status: 409,
      code: 'already-reported',
      message: 'You have already reported this comment.',
    });
  });

  it('refuses guests, bad input, unknown targets, banned members and your own content', async () => {
    const post = await newPost(alice.client);
    const comment = await newComment(alice.client, post);
    const guest = t.client();
    await guest.start();
    expect((await guest.post('/api/_report', { targetId: post.id, reason: 1 })).json).toEqual(NOT_LOGGED_IN);
    expect(
      (await bob.client.post('/api/_report', { type: 'user', targetId: post.id, reason: 1 })).json,
    ).toEqual({
      status: 400,
      code: 'invalid_report_type',
      message: 'Invalid report type.',
    });
    expect((await bob.client.post('/api/_report', { targetId: post.id, reason: 99 })).json).toEqual({
      status: 400,
      code: 'invalid_report_reason',
      message: 'Invalid report reason.',
    });
    expect(
      (await bob.client.post('/api/_report', { targetId: post.id, reason: 2 ** 40 })).json,
    ).toMatchObject({
      code: 'invalid_report_reason',
    });
    expect((await bob.client.post('/api/_report', { targetId: post.id, reason: 'spam' })).status).toBe(400);
    expect((await bob.client.post('/api/_report', { targetId: post.id })).status).toBe(400);
    expect((await bob.client.post('/api/_report', { targetId: 'nope', reason: 1 })).json).toEqual(INVALID_ID);
    expect((await bob.client.post('/api/_report', { targetId: newId(), reason: 1 })).json).toMatchObject({
      status: 404,
      code: 'post/not-found',
    });
    expect(
      (await bob.client.post('/api/_report', { type: 'comment', targetId: newId(), reason: 1 })).json,
    ).toMatchObject({ status: 404, code: 'comment_not_found' });
    expect((await alice.client.post('/api/_report', { targetId: post.id, reason: 1 })).json).toEqual({
      status: 403,
      code: 'own_content',
      message: 'You cannot report your own post.',
    });
    expect(
      (await alice.client.post('/api/_report', { type: 'comment', targetId: comment.id, reason: 1 })).json,
    ).toMatchObject({ status: 403, code: 'own_content' });

    const banned = await member(t);
    await mod.client.post(`/api/communities/${community.id}/banned`, { username: banned.user.username });
    expect((await banned.client.post('/api/_report', { targetId: post.id, reason: 1 })).json).toEqual({
      status: 403,
      code: 'banned_from_community',
      message: 'You are banned from this community.',
    });
    expect(await reportsOn(post.id)).toHaveLength(0);
    expect(await reportsOn(comment.id)).toHaveLength(0);
  });
});

describe('deletion settles reports', () => {
  it('drops a comment reports when it is deleted, by anyone', async () => {
    const post = await newPost(alice.client);
    const comment = await newComment(alice.client, post);
    await bob.client.post('/api/_report', { type: 'comment', targetId: comment.id, reason: 1 });
    expect(await reportsOn(comment.id)).toHaveLength(1);
    await alice.client.delete(`/api/posts/${post.id}/comments/${comment.id}`);
    expect(await reportsOn(comment.id)).toHaveLength(0);
  });

  it('keeps post reports when the author deletes it, and drops them with its comments when mods do', async () => {
    const post = await newPost(alice.client);
    const comment = await newComment(alice.client, post);
    await bob.client.post('/api/_report', { targetId: post.id, reason: 1 });
    await bob.client.post('/api/_report', { type: 'comment', targetId: comment.id, reason: 1 });
    const other = await newPost(alice.client);
    await bob.client.post('/api/_report', { targetId: other.id, reason: 1 });

    await alice.client.delete(`/api/posts/${other.publicId}?deleteAs=normal`);
    expect(await reportsOn(other.id)).toHaveLength(1);

    await mod.client.delete(`/api/posts/${post.publicId}?deleteAs=mods`);
    expect(await reportsOn(post.id)).toHaveLength(0);
    expect(await reportsOn(comment.id)).toHaveLength(0);

    const third = await newPost(alice.client);
    await bob.client.post('/api/_report', { targetId: third.id, reason: 4 });
    await admin.client.delete(`/api/posts/${third.publicId}?deleteAs=admins`);
    expect(await reportsOn(third.id)).toHaveLength(0);
  });

  it('lists reports with their targets as a guest sees them, not as the moderator reading them', async () => {
    const post = await newPost(alice.client);
    const comment = await newComment(alice.client, post);
    await bob.client.post('/api/_report', { targetId: post.id, reason: 2 });
    await bob.client.post('/api/_report', { type: 'comment', targetId: comment.id, reason: 2 });
    // The moderator voted on both and has visited the post: none of it belongs in a report.
    await mod.client.post('/api/_postVote', { postId: post.id, up: false });
    await mod.client.post('/api/_commentVote', { commentId: comment.id, up: true });
    await mod.client.get(`/api/posts/${post.publicId}`);
    const res = await mod.client.get(`/api/communities/${community.id}/reports?limit=50`);
    expect(res.status).toBe(200);
    const targets = res.json.reports
      .filter((r: any) => r.targetId === post.id || r.targetId === comment.id)
      .map((r: any) => r.target);
    expect(targets).toHaveLength(2);
    for (const target of targets) expect(target).toMatchObject({ userVoted: null, userVotedUp: null });
    expect(targets.find((x: any) => x.id === post.id).lastVisitAt).toBeNull();
  });
});
