import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, makeUser, uniqueName } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';

/**
 * The routes of comments, reports and profiles fed wrong types, missing fields, oversize values and
 * unknown ids: every answer is a 4xx with the contract's error body, never a 500, and nothing changes.
 */

let t: TestApp;
let member: TestClient;
let admin: TestClient;
let post: any;
let comment: any;
let username: string;

const JUNK: unknown[] = [
  undefined,
  null,
  [],
  'text',
  42,
  { body: 7 },
  { body: ['a'] },
  { parentCommentId: 5 },
  { parentCommentId: 'g'.repeat(24), body: ' ' },
  { body: '' },
  { commentId: { $gt: '' } },
  { commentId: 'a'.repeat(10_000) },
  { type: 'comment', targetId: 12, reason: 1 },
  { type: 7, targetId: 'x', reason: 1 },
  { targetId: 'x', reason: 1.5 },
  { targetId: 'x', reason: -1 },
  { password: 123 },
  { type: ['supporter'] },
  { altText: 5 },
  { body: 'nul \u0000 here', targetId: '\u0000', password: '\u0000', type: 'supporter\u0000' },
];

async function counts(app: TestApp) {
  const n = async (table: 'comments' | 'comment_votes' | 'reports' | 'user_badges' | 'users') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    comments: await n('comments'),
    votes: await n('comment_votes'),
    reports: await n('reports'),
    badges: await n('user_badges'),
    deletedUsers: Number(
      (
        await app.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('deleted_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await makeUser(t.db, { points: 1000 });
  username = user.username;
  member = await loggedInClient(t, user);
  admin = await loggedInClient(t, await makeUser(t.db, { isAdmin: true }));
  const community = (await member.post('/api/communities', { name: uniqueName('c') })).json;
  post = (await member.post('/api/posts', { type: 'text', title: 'A post', community: community.name })).json;
  comment = (await member.post(`/api/posts/${post.publicId}/comments`, { body: 'Hello' })).json;
});

afterAll(async () => {
  await t?.close();
});

describe('bad input to comments, reports and profiles', () => {
  // Hundreds of requests in one test: on a busy machine they outlast the default 30 s.
  it(
    'answers every malformed request with a 4xx error body and changes nothing',
    { timeout: 90_000 },
    async () => {
      const before = await counts(t);
      const c = `/api/posts/${post.id}/comments/${comment.id}`;
      const targets: [string, string][] = [
        ['POST', `/api/posts/${post.publicId}/comments`],
        ['POST', `/api/posts/${post.publicId}/comments?userGroup=${'x'.repeat(5000)}`],
        ['POST', `/api/posts/${'%00'.repeat(3)}/comments`],
        ['PUT', c],
        ['PUT', `${c}?action=changeAsUser&userGroup=`],
        ['PUT', `${c}?action=lock&lockAs[]=mods`],
        ['PUT', `/api/posts/x/comments/${'f'.repeat(25)}`],
        ['DELETE', `${c}?deleteAs=mods&deleteAs=admins`],
        ['GET', `/api/posts/${post.publicId}/comments?next=${'9'.repeat(400)}.${comment.id}`],
        ['GET', `/api/posts/${post.publicId}/comments?parentId=${'z'.repeat(24)}`],
        ['GET', `/api/comments/${'0'.repeat(23)}`],
        ['GET', `/api/comments?next=${comment.id}x`],
        ['POST', '/api/_commentVote'],
        ['POST', '/api/_report'],
        ['GET', `/api/users/${username}/feed?limit=-1`],
        ['GET', `/api/users/${username}/feed?filter=posts&filter=comments`],
        ['GET', `/api/users/${username}/feed?next=${'a'.repeat(23)}`],
        ['POST', `/api/users/${username}/badges`],
        ['DELETE', `/api/users/${username}/badges/${'9'.repeat(30)}`],
        ['DELETE', `/api/users/${username}`],
        ['DELETE', `/api/users/${'x'.repeat(300)}`],
        ['GET', `/api/users?next=${'a'.repeat(25)}`],
        ['PUT', `/api/images/${'q'.repeat(24)}`],
      ];
      for (const [method, url] of targets) {
        for (const client of [member, admin]) {
          for (const body of JUNK) {
            const res = await client.request(method, url, body === undefined ? {} : { body });
            const what = `${method} ${url.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 60)}`;
            expect(res.status, what).toBeGreaterThanOrEqual(400);
            expect(res.status, what).toBeLessThan(500);
            expect(res.json, what).toMatchObject({ status: res.status, message: expect.any(String) });
          }
        }
      }
      expect(await counts(t)).toEqual(before);
    },
  );
});
