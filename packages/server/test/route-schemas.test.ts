import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, member, newCommunity, type Member } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';

/**
 * Every route declares its params, querystring and body schemas, checked before the handler runs:
 * a wrong type is 400 `invalid_json` with the contract's error body, never a 500.
 */

let t: TestApp;
let visitor: TestClient;
let author: Member;
let post: any;

beforeAll(async () => {
  t = await createTestApp();
  visitor = await guest(t);
  author = await member(t, { points: 1000 });
  const community = await newCommunity(author.client);
  post = (
    await author.client.post('/api/posts', { type: 'text', title: 'A post', community: community.name })
  ).json;
});

afterAll(async () => {
  await t?.close();
});

describe('route schemas', () => {
  it('refuses a repeated query key as a malformed parameter', async () => {
    for (const url of [
      '/api/communities?q=a&q=b',
      '/api/posts?sort=hot&sort=latest',
      `/api/posts/${post.publicId}/comments?next=a&next=b`,
      `/api/_link_info?url=http://a.example&url=http://b.example`,
    ]) {
      const res = await author.client.get(url);
      expect(res.status, url).toBe(400);
      expect(res.json, url).toEqual({
        status: 400,
        code: 'invalid_json',
        message: expect.stringMatching(/^Invalid request parameters\. querystring\/\w+: /),
      });
    }
  });

  it('refuses a body of the wrong type with invalid_json, naming the field', async () => {
    const res = await author.client.post('/api/_postVote', { postId: 5 });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      status: 400,
      code: 'invalid_json',
      message: 'Invalid JSON body. /postId: Expected string',
    });
    const none = await author.client.post('/api/_postVote');
    expect(none.json).toEqual({
      status: 400,
      code: 'invalid_json',
      message: 'Invalid JSON body. body: Expected object',
    });
  });

  it('reads a missing body as {} where the route says so', async () => {
    const comment = await author.client.post(`/api/posts/${post.publicId}/comments`);
    expect(comment.json).toMatchObject({ status: 400, code: 'comment-body-empty' });
    const deletion = await author.client.delete(`/api/users/${author.user.username}`);
    expect(deletion.json).toMatchObject({ status: 403, code: 'wrong_password' });
  });

  it('checks the body before the login check, as it always has', async () => {
    const res = await visitor.post('/api/_report', { type: 'post', targetId: post.id, reason: 'spam' });
    expect(res.json).toMatchObject({ status: 400, code: 'invalid_json' });
  });
});
