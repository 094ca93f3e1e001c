import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { type Member, member, uniqueName } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';
import { ZERO_ID } from './user-views.js';
import {
  INVALID_CURSOR,
  INVALID_GROUP,
  INVALID_ID,
  NOT_ADMIN,
  NOT_AUTHOR,
  NOT_LOGGED_IN,
  NOT_MOD,
  POST_LOCKED,
  POST_NOT_FOUND,
} from './api-errors.js';

/**
 * Comments: creating with every check in the contract's order, threads to depth 15, pages of 500 with
 * their ancestors, subtrees, editing, speaking groups, locks, deletion and who sees what, votes, the
 * "(new)" count and the admin list (API.md §5.7, §10; DOMAIN §4).
 */

const BODY_EMPTY = { status: 400, code: 'comment-body-empty', message: 'Message body cannot be empty.' };
const BANNED = {
  status: 403,
  code: 'banned_from_community',
  message: 'You are banned from this community.',
};
const NOT_FOUND = { status: 404, code: 'comment_not_found', message: 'Comment not found.' };
const REPLY_TO_DELETED = {
  status: 400,
  code: 'comment-reply-to-deleted',
  message: 'Cannot reply to a deleted comment.',
};
const TOO_DEEP = { status: 400, code: 'comment-max-depth-reached', message: 'Thread too deep.' };
const COMMENT_LOCKED = { status: 403, code: 'comment_locked', message: 'The comment is locked.' };
const COMMENT_DELETED = { status: 403, code: 'comment_deleted', message: 'The comment is deleted.' };

/** Keys of a live Comment in emission order (API.md §5.7). */
const LIVE_KEYS = [
  'id',
  'postId',
  'postPublicId',
  'communityId',
  'communityName',
  'userId',
  'username',
  'userGroup',
  'userDeleted',
  'parentId',
  'depth',
  'noReplies',
  'noRepliesDirect',
  'ancestors',
  'body',
  'upvotes',
  'downvotes',
  'createdAt',
  'editedAt',
  'deleted',
  'deletedAt',
  'locked',
  'lockedBy',
  'lockedAt',
  'author',
  'userVoted',
  'userVotedUp',
  'postDeleted',
];

let t: TestApp;
let admin: Member;
let mod: Member;
let alice: Member;
let bob: Member;
let guest: TestClient;
let community: any;

async function newPost(client: TestClient = mod.client): Promise<any> {
  const res = await client.post('/api/posts', {
    type: 'text',
    title: `Post ${uniqueName('t')}`,
    body: 'Text.',
    community: community.name,
  });
  if (res.status !== 200) throw new Error(`post: ${res.status} ${res.text}`);
  return res.json;
}

const commentsUrl = (post: any) => `/api/posts/${post.publicId}/comments`;
const commentUrl = (comment: any) => `/api/posts/${comment.postId}/comments/${comment.id}`;

async function comment(client: TestClient, post: any, body: string, parent: any = null): Promise<any> {
  const res = await client.post(commentsUrl(post), { body, parentCommentId: parent?.id ?? null });
  if (res.status !== 200) throw new Error(`comment: ${res.status} ${res.text}`);
  return res.json;
}

const commentRow = (id: string) =>
  t.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const postRow = (id: string) =>
  t.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const userRow = (id: string) =>
  t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, { isAdmin: true });
  mod = await member(t, { points: 1000 });
  alice = await member(t);
  bob = await member(t);
  guest = t.client();
  await guest.start();
  const res = await mod.client.post('/api/communities', { name: uniqueName('c') });
  if (res.status !== 200) throw new Error(res.text);
  community = res.json;
});

afterAll(async () => {
  await t?.close();
});

describe('creating', () => {
  it('stores a top-level comment with the author upvote and every counter', async () => {
    const post = await newPost();
    const before = await userRow(alice.user.id);
    const res = await alice.client.post(commentsUrl(post), { body: '  Hello **there**  ' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(LIVE_KEYS);
    expect(res.json).toMatchObject({
      postId: post.id,
      postPublicId: post.publicId,
      communityId: community.id,
      communityName: community.name,
      userId: alice.user.id,
      username: alice.user.username,
      userGroup: 'normal',
      userDeleted: false,
      parentId: null,
      depth: 0,
      ancestors: null,
      noReplies: 0,
      noRepliesDirect: 0,
      body: 'Hello **there**',
      upvotes: 1,
      downvotes: 0,
      editedAt: null,
      deleted: false,
      locked: false,
      lockedBy: null,
      lockedAt: null,
      userVoted: true,
      userVotedUp: true,
      postDeleted: false,
    });
    expect(res.json.author.username).toBe(alice.user.username);
    const row = await postRow(post.id);
    expect(row.no_comments).toBe(1);
    expect(row.last_activity_at.toISOString()).toBe(res.json.createdAt);
    expect((await userRow(alice.user.id)).no_comments).toBe(before.no_comments + 1);
    // The self-vote moves no karma.
    expect((await userRow(alice.user.id)).points).toBe(before.points);
    const vote = await t.db
      .selectFrom('comment_votes')
      .selectAll()
      .where('comment_id', '=', res.json.id)
      .execute();
    expect(vote).toMatchObject([{ user_id: alice.user.id, up: true }]);
  });

  it('truncates a long body to 20,000 characters', async () => {
    const post = await newPost();
    const res = await alice.client.post(commentsUrl(post), { body: 'é'.repeat(20_050) });
    expect(res.status).toBe(200);
    expect([...res.json.body].length).toBe(20_000);
  });

  it('threads replies to depth 15 with ancestors, closure rows and reply counts', async () => {
    const post = await newPost();
    const chain = [await comment(alice.client, post, 'root')];
    for (let depth = 1; depth <= 15; depth++) {
      chain.push(await comment(depth % 2 ? bob.client : alice.client, post, `level ${depth}`, chain.at(-1)));
    }
    const deepest = chain[15];
    expect(deepest.depth).toBe(15);
    expect(deepest.ancestors).toEqual(chain.slice(0, 15).map((c) => c.id));
    expect(deepest.parentId).toBe(chain[14].id);
    expect(
      (await alice.client.post(commentsUrl(post), { body: 'x', parentCommentId: deepest.id })).json,
    ).toEqual(TOO_DEEP);
    for (const [depth, c] of chain.entries()) {
      const row = await commentRow(c.id);
      expect(row.no_replies).toBe(15 - depth);
      expect(row.no_replies_direct).toBe(depth === 15 ? 0 : 1);
    }
    const closure = await t.db
      .selectFrom('comment_replies')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(
        'ancestor_id',
        'in',
        chain.map((c) => c.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(closure.n)).toBe((15 * 16) / 2);
    expect((await postRow(post.id)).no_comments).toBe(16);

    // The subtree of any comment: every descendant, at any depth.
    const subtree = await guest.get(`${commentsUrl(post)}?parentId=${chain[10].id}`);
    expect(subtree.status).toBe(200);
    expect(subtree.json.map((c: any) => c.id).sort()).toEqual(
      chain
        .slice(11)
        .map((c) => c.id)
        .sort(),
    );
    expect((await guest.get(`${commentsUrl(post)}?parentId=${deepest.id}`)).json).toEqual([]);
    expect((await guest.get(`${commentsUrl(post)}?parentId=nope`)).json).toEqual(INVALID_ID);
    // Asked through another post, the same comment has no replies there.
    const other = await newPost();
    expect((await guest.get(`${commentsUrl(other)}?parentId=${chain[10].id}`)).json).toEqual([]);
  });

  it('counts replies made at the same moment exactly', async () => {
    const post = await newPost();
    const parent = await comment(alice.client, post, 'parent');
    const writers = await Promise.all(Array.from({ length: 8 }, () => member(t)));
    const results = await Promise.all(
      writers.map((w, i) =>
        w.client.post(commentsUrl(post), { body: `reply ${i}`, parentCommentId: parent.id }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const row = await commentRow(parent.id);
    expect(row.no_replies).toBe(8);
    expect(row.no_replies_direct).toBe(8);
    expect((await postRow(post.id)).no_comments).toBe(9);
  });

  it('refuses bad input and forbidden comments in the contract order, changing nothing', async () => {
    const post = await newPost();
    const other = await newPost();
    const foreign = await comment(alice.client, other, 'elsewhere');
    const before = (await postRow(post.id)).no_comments;

    expect((await guest.post(commentsUrl(post), { body: 'hi' })).json).toEqual(NOT_LOGGED_IN);
    expect((await alice.client.post('/api/posts/AAAAAAAA/comments', { body: 'hi' })).json).toEqual(
      POST_NOT_FOUND,
    );
    expect((await alice.client.post(commentsUrl(post), { body: '   \n ' })).json).toEqual(BODY_EMPTY);
    expect((await alice.client.post(commentsUrl(post), {})).json).toEqual(BODY_EMPTY);
    // Lone surrogates are no characters (API.md §1): dropped before the body is trimmed and checked.
    for (const body of ['\ud800', ' \udc00 \ud800 ']) {
      expect((await alice.client.post(commentsUrl(post), { body })).json).toEqual(BODY_EMPTY);
    }
    expect((await alice.client.post(commentsUrl(post), { body: 5 })).status).toBe(400);
    expect((await alice.client.post(commentsUrl(post), undefined, { raw: '{"body":' })).status).toBe(400);
    expect((await alice.client.post(`${commentsUrl(post)}?userGroup=mods`, { body: 'x' })).json).toEqual(
      NOT_MOD,
    );
    expect((await alice.client.post(`${commentsUrl(post)}?userGroup=admins`, { body: 'x' })).json).toEqual(
      NOT_ADMIN,
    );
    expect((await alice.client.post(`${commentsUrl(post)}?userGroup=kings`, { body: 'x' })).json).toEqual(
      INVALID_GROUP,
    );
    const reply = (parentCommentId: string) =>
      alice.client.post(commentsUrl(post), { body: 'x', parentCommentId });
    expect((await reply('nope')).json).toEqual(INVALID_ID);
    expect((await reply(newId())).json).toEqual(NOT_FOUND);
    expect((await reply(foreign.id)).json).toEqual(NOT_FOUND);
    expect((await postRow(post.id)).no_comments).toBe(before);

    // Speaking as a moderator and as an admin, where held.
    const asMod = await mod.client.post(`${commentsUrl(post)}?userGroup=mods`, { body: 'Mod here.' });
    expect(asMod.json.userGroup).toBe('mods');
    const asAdmin = await admin.client.post(`${commentsUrl(post)}?userGroup=admins`, { body: 'Admin here.' });
    expect(asAdmin.json.userGroup).toBe('admins');
  });

  it('refuses comments on a locked post and from a banned member; allows them on a deleted post', async () => {
    const post = await newPost();
    const banned = await member(t);
    expect(
      (await mod.client.post(`/api/communities/${community.id}/banned`, { username: banned.user.username }))
        .status,
    ).toBe(200);
    expect((await banned.client.post(commentsUrl(post), { body: 'hi' })).json).toEqual(BANNED);
    // The body is checked before the ban.
    expect((await banned.client.post(commentsUrl(post), { body: ' ' })).json).toEqual(BODY_EMPTY);

    await mod.client.put(`/api/posts/${post.publicId}?action=lock&lockAs=mods`);
    expect((await alice.client.post(commentsUrl(post), { body: 'hi' })).json).toEqual(POST_LOCKED);
    expect((await banned.client.post(commentsUrl(post), { body: 'hi' })).json).toEqual(POST_LOCKED);

    const gone = await newPost(alice.client);
    await alice.client.delete(`/api/posts/${gone.publicId}?deleteAs=normal`);
    expect((await bob.client.post(commentsUrl(gone), { body: 'Still here?' })).status).toBe(200);
  });
});

describe('listing', () => {
  it('pages 500 at a time by upvotes then id, appending missing ancestors, ending with next null', async () => {
    const post = await newPost();
    const root = await comment(alice.client, post, 'root');
    // 505 more comments, 504 of them straight into the table (the API would take minutes): top-level
    // ones with descending upvotes, below `root` (first), and a reply to `root` with no votes, which
    // lands on the second page without its parent.
    await sql`
      INSERT INTO comments (id, post_id, community_id, user_id, depth, body, upvotes, points, created_at)
      SELECT lpad(to_hex(n), 24, '0'), ${post.id}, ${community.id}, ${bob.user.id}, 0, 'bulk ' || n,
             1000 - n, 1000 - n, now()
      FROM generate_series(1, 504) AS n`.execute(t.db);
    await t.db.updateTable('comments').set({ upvotes: 2000 }).where('id', '=', root.id).execute();
    const reply = await comment(bob.client, post, 'reply to root', root);
    await t.db.updateTable('comments').set({ upvotes: 0 }).where('id', '=', reply.id).execute();

    const first = await guest.get(commentsUrl(post));
    expect(first.status).toBe(200);
    expect(first.json.comments).toHaveLength(500);
    const ups = first.json.comments.map((c: any) => c.upvotes);
    expect(ups).toEqual([...ups].sort((a: number, b: number) => b - a));
    expect(first.json.comments[0].id).toBe(root.id);
    expect(first.json.next).toBe(`500.${(500).toString(16).padStart(24, '0')}`);

    // The reply's parent is not on this page: it comes at the end.
    const second = await guest.get(`${commentsUrl(post)}?next=${first.json.next}`);
    expect(second.json.comments.map((c: any) => c.body)).toEqual([
      'bulk 500',
      'bulk 501',
      'bulk 502',
      'bulk 503',
      'bulk 504',
      'reply to root',
      'root',
    ]);
    expect(second.json.next).toBeNull();
    expect('next' in second.json).toBe(true);

    const third = await guest.get(`${commentsUrl(post)}?next=0.${reply.id}`);
    expect(third.json.comments.map((c: any) => c.id)).toEqual([reply.id, root.id]);

    // The post page carries the first page.
    const page = await guest.get(`/api/posts/${post.publicId}`);
    expect(page.json.comments).toHaveLength(500);
    expect(page.json.commentsNext).toBe(first.json.next);

    for (const bad of ['x', '5', '5.nothex', `1.${'g'.repeat(24)}`, `99999999999.${root.id}`]) {
      expect((await guest.get(`${commentsUrl(post)}?next=${bad}`)).json).toEqual(INVALID_CURSOR);
    }
    expect((await guest.get('/api/posts/AAAAAAAA/comments')).json).toEqual(POST_NOT_FOUND);
  });

  it('says an empty post has no comments, and an empty subtree is []', async () => {
    const post = await newPost();
    expect((await guest.get(commentsUrl(post))).json).toEqual({ comments: [], next: null });
    const page = await guest.get(`/api/posts/${post.publicId}`);
    expect(page.json.comments).toEqual([]);
    expect(page.json.commentsNext).toBeNull();
  });

  it('counts comments by others since the last visit as new', async () => {
    const post = await newPost();
    const first = await alice.client.get(`/api/posts/${post.publicId}`);
    expect(first.json).toMatchObject({ lastVisitAt: null, newComments: 0 });
    await comment(bob.client, post, 'one');
    await comment(alice.client, post, 'mine');
    const doomed = await comment(bob.client, post, 'two');
    await bob.client.delete(`${commentUrl(doomed)}?deleteAs=normal`);
    await comment(mod.client, post, 'three');

    const feed = await alice.client.get(`/api/posts?communityId=${community.id}&sort=latest`);
    const inFeed = feed.json.posts.find((p: any) => p.id === post.id);
    expect(inFeed.newComments).toBe(2);
    expect(inFeed.lastVisitAt).not.toBeNull();
    // The post page still shows the previous visit, then records this one.
    const again = await alice.client.get(`/api/posts/${post.publicId}`);
    expect(again.json.newComments).toBe(2);
    const third = await alice.client.get(`/api/posts/${post.publicId}`);
    expect(third.json.newComments).toBe(0);
    // Fetching the comments without a cursor is a visit too; guests never have one.
    await comment(bob.client, post, 'four');
    await alice.client.get(commentsUrl(post));
    expect((await alice.client.get(`/api/posts/${post.publicId}`)).json.newComments).toBe(0);
    expect((await guest.get(`/api/posts/${post.publicId}`)).json).toMatchObject({
      lastVisitAt: null,
      newComments: 0,
    });
  });

  it('shows one comment, and the admin list newest first with post titles', async () => {
    const post = await newPost();
    const c = await comment(alice.client, post, 'single');
    expect((await guest.get(`/api/comments/${c.id}`)).json).toMatchObject({ id: c.id, body: 'single' });
    expect((await guest.get('/api/comments/nope')).json).toEqual(INVALID_ID);
    expect((await guest.get(`/api/comments/${newId()}`)).json).toEqual(NOT_FOUND);

    expect((await guest.get('/api/comments')).json).toEqual(NOT_LOGGED_IN);
    expect((await alice.client.get('/api/comments')).json).toEqual(NOT_ADMIN);
    const list = await admin.client.get('/api/comments');
    expect(list.status).toBe(200);
    expect(list.json.comments).toHaveLength(100);
    expect(list.json.comments[0]).toMatchObject({ id: c.id, postTitle: post.title });
    const ids = list.json.comments.map((x: any) => x.id);
    expect(ids).toEqual([...ids].sort().reverse());
    const next = await admin.client.get(`/api/comments?next=${list.json.next}`);
    expect(next.json.comments[0].id).toBe(list.json.next);
    expect((await admin.client.get('/api/comments?next=zzz')).json).toEqual(INVALID_CURSOR);
  });
});

describe('editing and locking', () => {
  it('lets the author edit the body, and only the author', async () => {
    const post = await newPost();
    const c = await comment(alice.client, post, 'first draft');
    const res = await alice.client.put(commentUrl(c), { body: ' second draft ' });
    expect(res.status).toBe(200);
    expect(res.json.body).toBe('second draft');
    expect(res.json.editedAt).not.toBeNull();
    // The post segment of the path is ignored.
    expect(
      (await alice.client.put(`/api/posts/whatever/comments/${c.id}`, { body: 'third' })).json.body,
    ).toBe('third');
    expect((await bob.client.put(commentUrl(c), { body: 'mine now' })).json).toEqual(NOT_AUTHOR);
    expect((await mod.client.put(commentUrl(c), { body: 'mod edit' })).json).toEqual(NOT_AUTHOR);
    expect((await alice.client.put(commentUrl(c), { body: '  ' })).json).toEqual(BODY_EMPTY);
    expect((await alice.client.put(commentUrl(c), { body: '\ud800' })).json).toEqual(BODY_EMPTY);
    expect((await guest.put(commentUrl(c), { body: 'x' })).json).toEqual(NOT_LOGGED_IN);
    expect((await alice.client.put(`/api/posts/x/comments/${newId()}`, { body: 'x' })).json).toEqual(
      NOT_FOUND,
    );
    expect((await alice.client.put('/api/posts/x/comments/nope', { body: 'x' })).json).toEqual(INVALID_ID);
    expect((await alice.client.put(`${commentUrl(c)}?action=dance`)).json).toMatchObject({
      status: 400,
      code: 'invalid_action',
    });
    expect((await commentRow(c.id)).body).toBe('third');
  });

  it('changes the speaking group only to a held one, by the author', async () => {
    const post = await newPost();
    const c = await comment(mod.client, post, 'hello');
    const res = await mod.client.put(`${commentUrl(c)}?action=changeAsUser&userGroup=mods`);
    expect(res.json.userGroup).toBe('mods');
    expect((await mod.client.put(`${commentUrl(c)}?action=changeAsUser&userGroup=admins`)).json).toEqual(
      NOT_ADMIN,
    );
    expect((await mod.client.put(`${commentUrl(c)}?action=changeAsUser&userGroup=kings`)).json).toEqual(
      INVALID_GROUP,
    );
    expect((await admin.client.put(`${commentUrl(c)}?action=changeAsUser&userGroup=admins`)).json).toEqual(
      NOT_AUTHOR,
    );
    const back = await mod.client.put(`${commentUrl(c)}?action=changeAsUser&userGroup=normal`);
    expect(back.json.userGroup).toBe('normal');
  });

  it('locks a thread below a comment for moderators and admins; votes and edits go on', async () => {
    const post = await newPost();
    const top = await comment(alice.client, post, 'top');
    const middle = await comment(bob.client, post, 'middle', top);
    const lock = (who: Member, as: string) =>
      who.client.put(`${commentUrl(middle)}?action=lock&lockAs=${as}`);
    expect((await lock(alice, 'mods')).json).toEqual(NOT_MOD);
    expect((await lock(mod, 'admins')).json).toEqual(NOT_ADMIN);
    expect((await lock(mod, 'normal')).json).toEqual(INVALID_GROUP);
    const locked = await lock(mod, 'mods');
    expect(locked.json).toMatchObject({ locked: true, lockedBy: mod.user.id, lockedByGroup: 'mods' });
    expect(locked.json.lockedAt).not.toBeNull();

    expect(
      (await alice.client.post(commentsUrl(post), { body: 'x', parentCommentId: middle.id })).json,
    ).toEqual(COMMENT_LOCKED);
    // The rest of the thread is open.
    const sideways = await comment(alice.client, post, 'sibling', top);
    expect(sideways.depth).toBe(1);
    expect((await bob.client.put(commentUrl(middle), { body: 'edited' })).status).toBe(200);
    expect((await alice.client.post('/api/_commentVote', { commentId: middle.id })).status).toBe(200);

    expect((await alice.client.put(`${commentUrl(middle)}?action=unlock`)).json).toEqual({
      status: 403,
      code: 'not-mod-not-admin',
      message: 'User neither an admin nor a mod.',
    });
    const unlocked = await admin.client.put(`${commentUrl(middle)}?action=unlock`);
    expect(unlocked.json).toMatchObject({ locked: false, lockedBy: null, lockedAt: null });
    expect('lockedByGroup' in unlocked.json).toBe(false);
    const below = await comment(alice.client, post, 'below', middle);
    await admin.client.put(`${commentUrl(top)}?action=lock&lockAs=admins`);
    // A lock anywhere above refuses replies deeper down.
    expect(
      (await alice.client.post(commentsUrl(post), { body: 'x', parentCommentId: below.id })).json,
    ).toEqual(COMMENT_LOCKED);
  });
});

describe('deleting', () => {
  it('erases the author own deletion for good and keeps the tree', async () => {
    const post = await newPost();
    const c = await comment(alice.client, post, 'regrettable');
    const reply = await comment(bob.client, post, 'a reply', c);
    const before = await userRow(alice.user.id);
    expect((await bob.client.delete(`${commentUrl(c)}?deleteAs=normal`)).json).toEqual(NOT_AUTHOR);
    const res = await alice.client.delete(commentUrl(c));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: c.id,
      userId: ZERO_ID,
      username: '[Hidden]',
      userGroup: 'null',
      body: '[Deleted comment]',
      contentStripped: true,
      deleted: true,
      deletedAs: 'normal',
      userVoted: null,
      userVotedUp: null,
    });
    expect('author' in res.json).toBe(false);
    expect((await commentRow(c.id)).body).toBe('');
    expect((await userRow(alice.user.id)).no_comments).toBe(before.no_comments - 1);
    expect((await postRow(post.id)).no_comments).toBe(2);

    expect((await alice.client.delete(commentUrl(c))).json).toEqual(COMMENT_DELETED);
    expect((await alice.client.put(commentUrl(c), { body: 'back' })).json).toEqual(COMMENT_DELETED);
    expect((await mod.client.put(`${commentUrl(c)}?action=lock&lockAs=mods`)).json).toEqual(COMMENT_DELETED);
    expect((await bob.client.post('/api/_commentVote', { commentId: c.id })).json).toEqual(COMMENT_DELETED);
    expect((await bob.client.post(commentsUrl(post), { body: 'x', parentCommentId: c.id })).json).toEqual(
      REPLY_TO_DELETED,
    );
    // Admins see the author, not the erased words.
    const asAdmin = (await admin.client.get(commentsUrl(post))).json.comments.find((x: any) => x.id === c.id);
    expect(asAdmin).toMatchObject({ contentStripped: false, username: alice.user.username, body: '' });
    const listed = (await guest.get(commentsUrl(post))).json.comments;
    expect(listed.map((x: any) => x.id).sort()).toEqual([c.id, reply.id].sort());
  });

  it('keeps a moderator deletion readable for moderators and admins only', async () => {
    const post = await newPost();
    const c = await comment(alice.client, post, 'off topic');
    expect((await alice.client.delete(`${commentUrl(c)}?deleteAs=mods`)).json).toEqual(NOT_MOD);
    expect((await mod.client.delete(`${commentUrl(c)}?deleteAs=admins`)).json).toEqual(NOT_ADMIN);
    expect((await mod.client.delete(`${commentUrl(c)}?deleteAs=kings`)).json).toEqual(INVALID_GROUP);
    expect((await guest.delete(commentUrl(c))).json).toEqual(NOT_LOGGED_IN);
    const res = await mod.client.delete(`${commentUrl(c)}?deleteAs=mods`);
    // Stripped in the answer, whoever asks.
    expect(res.json).toMatchObject({ contentStripped: true, body: '[Deleted comment]', deletedAs: 'mods' });
    expect((await commentRow(c.id)).body).toBe('off topic');

    const seen = async (client: TestClient) => (await client.get(`/api/comments/${c.id}`)).json;
    expect(await seen(mod.client)).toMatchObject({ contentStripped: false, body: 'off topic' });
    expect(await seen(admin.client)).toMatchObject({ contentStripped: false, body: 'off topic' });
    expect(await seen(bob.client)).toMatchObject({ contentStripped: true, body: '[Deleted comment]' });
    expect(await seen(alice.client)).toMatchObject({ contentStripped: true, username: '[Hidden]' });
    expect(await seen(guest)).toMatchObject({ contentStripped: true, userId: ZERO_ID });

    const byAdmin = await comment(bob.client, post, 'spam');
    await admin.client.delete(`${commentUrl(byAdmin)}?deleteAs=admins`);
    expect((await mod.client.get(`/api/comments/${byAdmin.id}`)).json.contentStripped).toBe(true);
    expect((await admin.client.get(`/api/comments/${byAdmin.id}`)).json.body).toBe('spam');
  });

  it('shows a deleted account as the ghost, except to admins', async () => {
    const post = await newPost();
    const leaver = await member(t);
    const c = await comment(leaver.client, post, 'bye');
    await t.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('id', '=', leaver.user.id)
      .execute();
    const seen = (await bob.client.get(`/api/comments/${c.id}`)).json;
    expect(seen).toMatchObject({ userId: ZERO_ID, username: 'ghost', userDeleted: true, body: 'bye' });
    expect(seen.userGhostId).toMatch(/^[0-9a-f]{8}$/);
    const asAdmin = (await admin.client.get(`/api/comments/${c.id}`)).json;
    expect(asAdmin).toMatchObject({ userId: leaver.user.id, username: leaver.user.username });
    expect(asAdmin.userGhostId).toBe(seen.userGhostId);
  });

  it('marks comments of muted authors for the viewer who muted them', async () => {
    const post = await newPost();
    const c = await comment(bob.client, post, 'loud');
    await t.db
      .insertInto('muted_users')
      .values({ user_id: alice.user.id, muted_user_id: bob.user.id })
      .execute();
    expect((await alice.client.get(`/api/comments/${c.id}`)).json.isAuthorMuted).toBe(true);
    expect('isAuthorMuted' in (await mod.client.get(`/api/comments/${c.id}`)).json).toBe(false);
    await t.db.deleteFrom('muted_users').where('user_id', '=', alice.user.id).execute();
  });
});

describe('voting', () => {
  it('goes through the six transitions with counts and the author points', async () => {
    const post = await newPost();
    const c = await comment(alice.client, post, 'vote on me');
    const points = async () => (await userRow(alice.user.id)).points;
    const start = await points();
    const vote = (up?: boolean) =>
      bob.client.post('/api/_commentVote', up === undefined ? { commentId: c.id } : { commentId: c.id, up });
    const steps: [boolean | undefined, number, number, boolean | null, number][] = [
      [undefined, 2, 0, true, 1], // none → up (up is the default)
      [true, 1, 0, null, 0], // up → none
      [false, 1, 1, false, 0], // none → down
      [false, 1, 0, null, 0], // down → none
      [false, 1, 1, false, 0], // none → down, then
      [true, 2, 0, true, 1], // down → up
      [false, 1, 1, false, 0], // up → down
    ];
    for (const [up, upvotes, downvotes, voted, karma] of steps) {
      const res = await vote(up);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        upvotes,
        downvotes,
        userVoted: voted !== null,
        userVotedUp: voted,
      });
      expect(await points()).toBe(start + karma);
      const row = await commentRow(c.id);
      expect([row.upvotes, row.downvotes, row.points]).toEqual([upvotes, downvotes, upvotes - downvotes]);
    }
    // Voting on your own comment never moves your points.
    await alice.client.post('/api/_commentVote', { commentId: c.id, up: false });
    expect(await points()).toBe(start);
  });

  it('refuses guests, bad ids, unknown comments and locked posts', async () => {
    const post = await newPost();
    const c = await comment(alice.client, post, 'x');
    expect((await guest.post('/api/_commentVote', { commentId: c.id })).json).toEqual(NOT_LOGGED_IN);
    expect((await bob.client.post('/api/_commentVote', { commentId: 'nope' })).json).toEqual(INVALID_ID);
    expect((await bob.client.post('/api/_commentVote', { commentId: newId() })).json).toEqual(NOT_FOUND);
    expect((await bob.client.post('/api/_commentVote', {})).status).toBe(400);
    await mod.client.put(`/api/posts/${post.publicId}?action=lock&lockAs=mods`);
    expect((await bob.client.post('/api/_commentVote', { commentId: c.id })).json).toEqual(POST_LOCKED);
    expect((await commentRow(c.id)).upvotes).toBe(1);
  });

  it('counts many voters at once exactly', async () => {
    const post = await newPost();
    const c = await comment(alice.client, post, 'popular');
    const voters = await Promise.all(Array.from({ length: 12 }, () => member(t)));
    const results = await Promise.all(
      voters.map((v) => v.client.post('/api/_commentVote', { commentId: c.id })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect((await commentRow(c.id)).upvotes).toBe(13);
  });

  it('keeps the counters equal to the vote row under 20 concurrent votes by one voter', async () => {
    const post = await newPost();
    const c = await comment(alice.client, post, 'raced');
    const start = (await userRow(alice.user.id)).points;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        bob.client.post('/api/_commentVote', { commentId: c.id, up: i % 3 !== 0 }),
      ),
    );
    for (const res of results) if (res.status !== 200) expect(res.status).toBe(400);
    const vote = await t.db
      .selectFrom('comment_votes')
      .select('up')
      .where('comment_id', '=', c.id)
      .where('user_id', '=', bob.user.id)
      .executeTakeFirst();
    const up = 1 + (vote?.up === true ? 1 : 0);
    const down = vote?.up === false ? 1 : 0;
    const row = await commentRow(c.id);
    expect([row.upvotes, row.downvotes, row.points]).toEqual([up, down, up - down]);
    expect((await userRow(alice.user.id)).points).toBe(start + (vote?.up === true ? 1 : 0));
  });
});
