import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { guest, type Member, member, newCommunity, uniqueName } from './factories.js';
import { createTestApp, TestClock, type TestApp, type TestClient } from './harness.js';
import { PUBLIC_VIEW_KEYS, ZERO_ID } from './user-views.js';
import {
  COMMUNITY_NOT_FOUND,
  INVALID_GROUP,
  INVALID_ID,
  INVALID_URL,
  NOT_ADMIN,
  NOT_AUTHOR,
  NOT_LOGGED_IN,
  NOT_MOD,
  POST_LOCKED,
  POST_NOT_FOUND,
} from './api-errors.js';

/**
 * Posts: creation with every check in the contract's order, reading, editing, moderation actions,
 * deletion and hidden posts (API.md §5.6, §8.2–§8.5, §8.7; DOMAIN §2.4, §7.6–§7.8, §9.1).
 */

const TITLE_TOO_SHORT = { status: 400, code: 'post/title-too-short', message: 'Title is too short' };
const IMAGE_NOT_FOUND = { status: 404, code: 'image-not-found', message: 'Image not found.' };
const ALREADY_DELETED = { status: 409, code: 'already-deleted', message: 'The post is already deleted.' };

/** Keys of a text Post in emission order (API.md §5.6): no link, lock group, deletion groups or community. */
const TEXT_POST_KEYS = [
  'id',
  'type',
  'publicId',
  'userId',
  'username',
  'userGroup',
  'userDeleted',
  'isPinned',
  'isPinnedSite',
  'communityId',
  'communityName',
  'communityProPic',
  'communityBannerImage',
  'title',
  'body',
  'image',
  'images',
  'locked',
  'lockedBy',
  'lockedAt',
  'upvotes',
  'downvotes',
  'hotness',
  'createdAt',
  'editedAt',
  'lastActivityAt',
  'deleted',
  'deletedAt',
  'deletedContent',
  'noComments',
  'comments',
  'commentsNext',
  'userVoted',
  'userVotedUp',
  'lastVisitAt',
  'newComments',
  'isAuthorMuted',
  'isCommunityMuted',
  'author',
];
const COMMUNITY_KEYS = [
  'id',
  'userId',
  'name',
  'nsfw',
  'about',
  'noMembers',
  'proPic',
  'bannerImage',
  'postingRestricted',
  'createdAt',
  'deletedAt',
  'userJoined',
  'userMod',
  'isMuted',
  'mods',
  'rules',
  'ReportsDetails',
];

/** The hot score of DOMAIN §2.4, computed here from the formula. */
function tieredScore(upvotes: number): number {
  if (upvotes <= 0) return 0;
  if (upvotes <= 3) return upvotes;
  if (upvotes <= 10) return 3 + 3 * (upvotes - 3);
  if (upvotes <= 20) return 24 + 4 * (upvotes - 10);
  if (upvotes <= 40) return 64 + 5 * (upvotes - 20);
  return 164 + 6 * (upvotes - 40);
}
function hotness(upvotes: number, createdAt: string): number {
  const s = tieredScore(upvotes);
  const order = Math.log10(Math.max(Math.abs(s), 1));
  const sign = Math.sign(s);
  const seconds = Math.floor(Date.parse(createdAt) / 1000);
  return Math.round((order + (sign * seconds) / 45000) * 1e7);
}

const clock = new TestClock();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-posts-test-'));
let t: TestApp;
let admin: Member;
let mod: Member;
let author: Member;
let community: any;

async function createPost(client: TestClient, body: Record<string, unknown>): Promise<any> {
  const res = await client.post('/api/posts', body);
  if (res.status !== 200) throw new Error(`post: ${res.status} ${res.text}`);
  return res.json;
}

const textPost = (client: TestClient, c = community, extra: Record<string, unknown> = {}) =>
  createPost(client, {
    type: 'text',
    title: `Post ${uniqueName('t')}`,
    body: 'Some text.',
    community: c.name,
    ...extra,
  });

/** An upload of `userId` waiting for a post, made in the database (the columns of the migration). */
async function upload(app: TestApp, userId: string): Promise<string> {
  const id = newId();
  await app.db
    .insertInto('images')
    .values({
      id,
      width: 800,
      height: 600,
      size: 1000,
      upload_size: 2000,
      average_r: 10,
      average_g: 20,
      average_b: 30,
    })
    .execute();
  await app.db.insertInto('temp_images').values({ image_id: id, user_id: userId }).execute();
  return id;
}

async function count(
  app: TestApp,
  table: 'posts' | 'post_windows' | 'temp_images' | 'images' | 'post_votes',
) {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function postRow(app: TestApp, id: string) {
  return app.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function windowRows(app: TestApp, postId: string) {
  return app.db
    .selectFrom('post_windows')
    .select(['window_name', 'points', 'community_id', 'created_at'])
    .where('post_id', '=', postId)
    .orderBy('window_name')
    .execute();
}

async function feedIds(client: TestClient, query: string): Promise<string[]> {
  const res = await client.get(`/api/posts?${query}`);
  if (res.status !== 200) throw new Error(`feed ${query}: ${res.status} ${res.text}`);
  return res.json.posts.map((p: any) => p.id);
}

const SORTS = ['hot', 'latest', 'activity', 'day', 'week', 'month', 'year', 'all'];

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir }, { clock: clock.clock });
  admin = await member(t, { isAdmin: true });
  mod = await member(t, { points: 100 });
  author = await member(t);
  community = await newCommunity(mod.client);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the hot score helper', () => {
  it('reproduces the examples of DOMAIN §2.4', () => {
    const at = new Date(1_700_000_000 * 1000).toISOString();
    expect(hotness(1, at)).toBe(377_777_777_778);
    expect(hotness(2, at)).toBe(377_780_788_078);
    expect(hotness(10, at)).toBe(377_791_579_890);
    expect(hotness(100, at)).toBe(377_804_971_091);
    expect(hotness(0, at)).toBe(0);
    expect([10, 20, 40, 100].map(tieredScore)).toEqual([24, 64, 164, 524]);
  });
});

describe('POST /api/posts: checks in the contract order', () => {
  it('refuses guests with 401', async () => {
    const res = await (
      await guest(t)
    ).post('/api/posts', { type: 'text', title: 'Hello', community: community.name });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(NOT_LOGGED_IN);
  });

  it('refuses an unknown type with 400 post-type/unsupported, before anything else', async () => {
    for (const type of ['video', 'TEXT', 'poll']) {
      const res = await author.client.post('/api/posts', { type, title: 'x', community: uniqueName('none') });
      expect(res.status, type).toBe(400);
      expect(res.json).toEqual({
        status: 400,
        code: 'post-type/unsupported',
        message: 'Unsupported post type.',
      });
    }
  });

  it('makes a text post when the type is absent or empty', async () => {
    for (const type of [undefined, '']) {
      const post = await createPost(author.client, { type, title: 'Typeless', community: community.name });
      expect(post.type).toBe('text');
    }
  });

  it('refuses image posts with no images (400 no-images) or more than 10 (400 too-many-images)', async () => {
    const before = await count(t, 'posts');
    for (const images of [undefined, null, []]) {
      const res = await author.client.post('/api/posts', {
        type: 'image',
        title: 'Image',
        community: community.name,
        images,
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ status: 400, code: 'no-images', message: "You haven't uploaded an image." });
    }
    const eleven = [];
    for (let i = 0; i < 11; i++) eleven.push({ imageId: await upload(t, author.user.id), caption: '' });
    const res = await author.client.post('/api/posts', {
      type: 'image',
      title: 'Image',
      community: community.name,
      images: eleven,
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      status: 400,
      code: 'too-many-images',
      message: 'Image posts cannot contain more than 10 images. Please select fewer images and continue.',
    });
    // Ten is the most: it works, and the eleventh upload stays unclaimed.
    const ten = await createPost(author.client, {
      type: 'image',
      title: 'Ten images',
      community: community.name,
      images: eleven.slice(0, 10),
    });
    expect(ten.images).toHaveLength(10);
    expect(await count(t, 'posts')).toBe(before + 1);
  });

  it('refuses a malformed image id with 400 invalid_id', async () => {
    const good = await upload(t, author.user.id);
    for (const imageId of ['nope', 'g'.repeat(24), '']) {
      const res = await author.client.post('/api/posts', {
        type: 'image',
        title: 'Image',
        community: community.name,
        images: [{ imageId: good }, { imageId }],
      });
      expect(res.status, imageId).toBe(400);
      expect(res.json).toEqual(INVALID_ID);
    }
  });

  it("refuses someone else's, unknown or already used uploads with 404 image-not-found, before the community", async () => {
    const other = await member(t);
    const theirs = await upload(t, other.user.id);
    const mine = await upload(t, author.user.id);
    const used = await upload(t, author.user.id);
    await createPost(author.client, {
      type: 'image',
      title: 'Uses it',
      community: community.name,
      images: [{ imageId: used }],
    });
    for (const ids of [[mine, theirs], [newId()], [used]]) {
      const res = await author.client.post('/api/posts', {
        type: 'image',
        title: 'Image',
        community: uniqueName('none'),
        images: ids.map((imageId) => ({ imageId })),
      });
      expect(res.status).toBe(404);
      expect(res.json).toEqual(IMAGE_NOT_FOUND);
    }
    // Nothing was claimed.
    const temp = await t.db
      .selectFrom('temp_images')
      .select('image_id')
      .where('image_id', 'in', [mine, theirs])
      .execute();
    expect(temp).toHaveLength(2);
  });

  it('accepts the legacy single imageId', async () => {
    const id = await upload(t, author.user.id);
    const post = await createPost(author.client, {
      type: 'image',
      title: 'Legacy',
      community: community.name,
      imageId: id,
    });
    expect(post.images.map((i: any) => i.id)).toEqual([id]);
    const bad = await author.client.post('/api/posts', {
      type: 'image',
      title: 'Legacy',
      community: community.name,
      imageId: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('invalid_image_id');
  });

  it('refuses an unknown community with 404 community/not-found', async () => {
    for (const name of [uniqueName('none'), '', undefined]) {
      const res = await author.client.post('/api/posts', { type: 'text', title: 'Hello', community: name });
      expect(res.status).toBe(404);
      expect(res.json).toEqual(COMMUNITY_NOT_FOUND);
    }
    const cased = await createPost(author.client, {
      title: 'Any case',
      community: community.name.toUpperCase(),
    });
    expect(cased.communityId).toBe(community.id);
    expect(cased.communityName).toBe(community.name);
  });

  it('refuses a user banned from the community with 403 banned_from_community, before later checks', async () => {
    const banned = await member(t);
    expect(
      (await mod.client.post(`/api/communities/${community.id}/banned`, { username: banned.user.username }))
        .status,
    ).toBe(200);
    const res = await banned.client.post('/api/posts', {
      type: 'link',
      title: 'x',
      url: 'ftp://x',
      community: community.name,
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      status: 403,
      code: 'banned_from_community',
      message: 'You are banned from community',
    });
  });

  it('lets only mods and admins post in a posting-restricted community', async () => {
    const creator = await member(t, { points: 100 });
    const restricted = await newCommunity(creator.client);
    await creator.client.put(`/api/communities/${restricted.id}`, { postingRestricted: true });
    const user = await member(t);
    await user.client.post('/api/_joinCommunity', { communityId: restricted.id });
    const before = await count(t, 'posts');
    const res = await user.client.post('/api/posts', {
      type: 'text',
      title: 'x',
      community: restricted.name,
      userGroup: 'nope',
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      status: 403,
      code: 'posting-restricted',
      message: 'Only approved members of this community can post.',
    });
    expect(await count(t, 'posts')).toBe(before);
    expect((await textPost(creator.client, restricted)).communityId).toBe(restricted.id);
    expect((await textPost(admin.client, restricted)).communityId).toBe(restricted.id);
  });

  it('checks userGroup: mods and admins only with the role, other words 400', async () => {
    const cases: Array<[Member, string, object]> = [
      [author, 'mods', NOT_MOD],
      [author, 'admins', NOT_ADMIN],
      [mod, 'admins', NOT_ADMIN],
      [author, 'superuser', INVALID_GROUP],
      [author, 'null', INVALID_GROUP],
      [admin, 'Admins', INVALID_GROUP],
    ];
    for (const [who, userGroup, error] of cases) {
      const res = await who.client.post('/api/posts', {
        type: 'link',
        url: 'ftp://x',
        title: 'x',
        community: community.name,
        userGroup,
      });
      expect(res.json, userGroup).toEqual(error);
    }
    expect((await textPost(mod.client, community, { userGroup: 'mods' })).userGroup).toBe('mods');
    expect((await textPost(admin.client, community, { userGroup: 'admins' })).userGroup).toBe('admins');
    expect((await textPost(author.client, community, { userGroup: 'normal' })).userGroup).toBe('normal');
  });

  it('stores nothing on any refusal', async () => {
    const imageId = await upload(t, author.user.id);
    const counts = async () => ({
      posts: await count(t, 'posts'),
      windows: await count(t, 'post_windows'),
      votes: await count(t, 'post_votes'),
      temp: await count(t, 'temp_images'),
      author: await t.db
        .selectFrom('users')
        .select(['no_posts', 'points'])
        .where('id', '=', author.user.id)
        .executeTakeFirstOrThrow(),
      community: await t.db
        .selectFrom('communities')
        .select('posts_count')
        .where('id', '=', community.id)
        .executeTakeFirstOrThrow(),
    });
    const before = await counts();
    const bodies = [
      {
        type: 'image',
        title: 'ok title',
        community: community.name,
        images: [{ imageId }],
        userGroup: 'mods',
      },
      {
        type: 'image',
        title: 'ok title',
        community: community.name,
        images: [{ imageId }],
        userGroup: 'bogus',
      },
      { type: 'image', title: 'no', community: community.name, images: [{ imageId }] },
      { type: 'link', title: 'ok title', community: community.name, url: 'javascript:alert(1)' },
      { type: 'text', title: '  ', community: community.name },
    ];
    for (const body of bodies) {
      const res = await author.client.post('/api/posts', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses link URLs that are not http or https with a host, and adds http to //host', async () => {
    for (const url of [
      'ftp://192.0.2.1/file',
      'javascript:alert(1)',
      'example.com/x',
      'mailto:someone@example.com',
      'http://',
      'http:192.0.2.1',
      '',
      undefined,
    ]) {
      const res = await author.client.post('/api/posts', {
        type: 'link',
        title: 'x',
        url,
        community: community.name,
      });
      expect(res.status, String(url)).toBe(400);
      expect(res.json, String(url)).toEqual(INVALID_URL);
    }
    // Test addresses: the thumbnail fetch is refused at once, and the post goes without one.
    const bare = await createPost(author.client, {
      type: 'link',
      title: 'No scheme',
      url: '//192.0.2.1/page?a=1',
      community: community.name,
    });
    expect(bare.link).toEqual({ url: 'http://192.0.2.1/page?a=1', hostname: '192.0.2.1', image: null });
    const secure = await createPost(author.client, {
      type: 'link',
      title: 'Secure',
      url: 'HTTPS://192.0.2.7/x',
      body: 'ignored',
      community: community.name,
    });
    expect(secure.link).toEqual({ url: 'https://192.0.2.7/x', hostname: '192.0.2.7', image: null });
    expect(secure.body).toBeNull();
    expect(secure.images).toEqual([]);
    expect(secure.image).toBeNull();
    expect(Object.keys(secure)).toEqual([
      ...TEXT_POST_KEYS.slice(0, 17),
      'link',
      ...TEXT_POST_KEYS.slice(17),
    ]);
  });

  it('refuses titles under 3 characters, trims them and truncates them to 255', async () => {
    // Lone surrogates are no characters (API.md §1): three of them, or two beside two letters, are short.
    const lone = ['\ud800\ud800\ud800', 'ab\udfff\ud800'];
    for (const title of [undefined, '', '   ', 'ab', '  ab  ', '\u{1F600}\u{1F600}', ...lone]) {
      const res = await author.client.post('/api/posts', { type: 'text', title, community: community.name });
      expect(res.status, String(title)).toBe(400);
      expect(res.json).toEqual(TITLE_TOO_SHORT);
    }
    expect((await createPost(author.client, { title: 'abc', community: community.name })).title).toBe('abc');
    expect(
      (await createPost(author.client, { title: '\u{1F600}\u{1F600}\u{1F600}', community: community.name }))
        .title,
    ).toBe('\u{1F600}\u{1F600}\u{1F600}');
    expect(
      (await createPost(author.client, { title: '  Hello there \n', community: community.name })).title,
    ).toBe('Hello there');
    const long = await createPost(author.client, { title: '\u00e9'.repeat(300), community: community.name });
    expect(long.title).toBe('\u00e9'.repeat(255));
    expect((await postRow(t, long.id)).title).toBe('\u00e9'.repeat(255));
  });

  it('truncates the body to 20 000 characters and stores "" as null', async () => {
    const long = await createPost(author.client, {
      title: 'Long body',
      body: '\u00fc'.repeat(20_100),
      community: community.name,
    });
    expect(long.body).toBe('\u00fc'.repeat(20_000));
    expect((await postRow(t, long.id)).body).toBe('\u00fc'.repeat(20_000));
    for (const body of ['', undefined, null]) {
      const post = await createPost(author.client, { title: 'No body', body, community: community.name });
      expect(post.body).toBeNull();
      expect((await postRow(t, post.id)).body).toBeNull();
    }
  });
});

describe('POST /api/posts with image posts turned off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ IMAGE_POSTS_DISABLED: 'on', LINK_POST_SUBMIT_REQ_POINTS: '-3' });
  });
  afterAll(() => off.close());

  it('refuses image posts with 403 no_image_posts before every other check', async () => {
    const user = await member(off);
    const res = await user.client.post('/api/posts', {
      type: 'image',
      title: 'x',
      community: uniqueName('none'),
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      status: 403,
      code: 'no_image_posts',
      message: 'Image posts are turned off on this site.',
    });
  });

  it('still takes text posts, and a threshold below 1 asks for no points', async () => {
    const creator = await member(off, { isAdmin: true });
    const c = await newCommunity(creator.client);
    const poor = await member(off, { points: -5 });
    expect((await textPost(poor.client, c)).type).toBe('text');
    const link = await createPost(poor.client, {
      type: 'link',
      title: 'A link',
      url: 'http://192.0.2.1/',
      community: c.name,
    });
    expect(link.type).toBe('link');
  });
});

describe('POST /api/posts points thresholds', () => {
  let gated: TestApp;
  let c: any;
  beforeAll(async () => {
    gated = await createTestApp({
      IMAGE_POST_SUBMIT_REQ_POINTS: '5',
      LINK_POST_SUBMIT_REQ_POINTS: '7',
      DATA_DIR: dataDir,
    });
    c = await newCommunity((await member(gated, { isAdmin: true })).client);
  });
  afterAll(() => gated.close());

  it('needs points above the threshold: equal is refused, one more passes', async () => {
    const atImage = await member(gated, { points: 5 });
    const image = await atImage.client.post('/api/posts', {
      type: 'image',
      title: 'x',
      community: uniqueName('none'),
    });
    expect(image.status).toBe(403);
    expect(image.json).toEqual({
      status: 403,
      code: 'not_enough_points',
      message: "You don't have enough points to submit images yet.",
    });
    const atLink = await member(gated, { points: 7 });
    const link = await atLink.client.post('/api/posts', {
      type: 'link',
      title: 'x',
      url: 'ftp://x',
      community: c.name,
    });
    expect(link.status).toBe(403);
    expect(link.json).toEqual({
      status: 403,
      code: 'not_enough_points',
      message: "You don't have enough points to submit link posts yet.",
    });
    // Text posts need no points; link points do not open image posts.
    expect((await textPost(atImage.client, c)).type).toBe('text');
    const linkOnly = await atLink.client.post('/api/posts', { type: 'image', title: 'x', community: c.name });
    expect(linkOnly.json.code).toBe('no-images');

    const aboveImage = await member(gated, { points: 6 });
    const imageId = await upload(gated, aboveImage.user.id);
    const posted = await createPost(aboveImage.client, {
      type: 'image',
      title: 'Image',
      community: c.name,
      images: [{ imageId }],
    });
    expect(posted.type).toBe('image');
    const linkAt6 = await aboveImage.client.post('/api/posts', {
      type: 'link',
      title: 'x',
      url: 'http://192.0.2.1/',
      community: c.name,
    });
    expect(linkAt6.json.code).toBe('not_enough_points');
    const aboveLink = await member(gated, { points: 8 });
    const linked = await createPost(aboveLink.client, {
      type: 'link',
      title: 'Link',
      url: 'http://192.0.2.1/',
      community: c.name,
    });
    expect(linked.type).toBe('link');
  });
});

describe('POST /api/posts: effects', () => {
  it('answers with the Post: one upvote by the author, its hot score, and userVoted', async () => {
    clock.advance(1234);
    const before = await t.db
      .selectFrom('users')
      .select(['no_posts', 'points'])
      .where('id', '=', author.user.id)
      .executeTakeFirstOrThrow();
    const communityBefore = await t.db
      .selectFrom('communities')
      .select('posts_count')
      .where('id', '=', community.id)
      .executeTakeFirstOrThrow();
    const res = await author.client.post('/api/posts', {
      type: 'text',
      title: 'A fine post',
      body: '**Hello**',
      community: community.name,
      userGroup: 'normal',
    });
    expect(res.status).toBe(200);
    const post = res.json;
    expect(Object.keys(post)).toEqual(TEXT_POST_KEYS);
    const row = await postRow(t, post.id);
    const createdAt = clock.now.toISOString();
    expect(post).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      type: 'text',
      publicId: expect.stringMatching(/^[0-9A-Za-z_]{8}$/),
      userId: author.user.id,
      username: author.user.username,
      userGroup: 'normal',
      userDeleted: false,
      isPinned: false,
      isPinnedSite: false,
      communityId: community.id,
      communityName: community.name,
      communityProPic: null,
      communityBannerImage: null,
      title: 'A fine post',
      body: '**Hello**',
      image: null,
      images: [],
      locked: false,
      lockedBy: null,
      lockedAt: null,
      upvotes: 1,
      downvotes: 0,
      hotness: hotness(1, createdAt),
      createdAt,
      editedAt: null,
      lastActivityAt: createdAt,
      deleted: false,
      deletedAt: null,
      deletedContent: false,
      noComments: 0,
      comments: null,
      commentsNext: null,
      userVoted: true,
      userVotedUp: true,
      lastVisitAt: null,
      newComments: 0,
      isAuthorMuted: false,
      isCommunityMuted: false,
      author: expect.objectContaining({ id: author.user.id, username: author.user.username }),
    });
    expect(Object.keys(post.author)).toEqual(PUBLIC_VIEW_KEYS);
    expect(row).toMatchObject({ upvotes: 1, downvotes: 0, points: 1, public_id: post.publicId });
    expect(Number(row.hotness)).toBe(post.hotness);

    const after = await t.db
      .selectFrom('users')
      .select(['no_posts', 'points'])
      .where('id', '=', author.user.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ no_posts: before.no_posts + 1, points: before.points });
    const communityAfter = await t.db
      .selectFrom('communities')
      .select('posts_count')
      .where('id', '=', community.id)
      .executeTakeFirstOrThrow();
    expect(communityAfter.posts_count).toBe(communityBefore.posts_count + 1);

    const windows = await windowRows(t, post.id);
    expect(windows.map((w) => w.window_name).sort()).toEqual(['day', 'month', 'week', 'year']);
    for (const w of windows) {
      expect(w).toMatchObject({ points: 1, community_id: community.id });
      expect(w.created_at.toISOString()).toBe(createdAt);
    }
    const vote = await t.db.selectFrom('post_votes').selectAll().where('post_id', '=', post.id).execute();
    expect(vote).toEqual([
      expect.objectContaining({ user_id: author.user.id, up: true, is_user_new: false }),
    ]);
  });

  it('attaches the uploads of an image post in the order given', async () => {
    const ids = [
      await upload(t, author.user.id),
      await upload(t, author.user.id),
      await upload(t, author.user.id),
    ];
    const order = [ids[1]!, ids[2]!, ids[0]!];
    const post = await createPost(author.client, {
      type: 'image',
      title: 'Gallery',
      body: 'not kept',
      community: community.name,
      images: order.map((imageId) => ({ imageId, caption: 'ignored' })),
    });
    expect(post.type).toBe('image');
    expect(post.body).toBeNull();
    expect(post.images.map((i: any) => i.id)).toEqual(order);
    expect(post.image.id).toBe(order[0]);
    expect(post.images[0]).toMatchObject({
      width: 800,
      height: 600,
      averageColor: 'rgb(10,20,30)',
      altText: null,
    });
    expect(post.images[0].copies.map((c: any) => c.name)).toEqual([
      'tiny',
      'small',
      'medium',
      'large',
      'huge',
    ]);
    const rows = await t.db
      .selectFrom('post_images')
      .select(['image_id', 'z_index'])
      .where('post_id', '=', post.id)
      .orderBy('z_index')
      .execute();
    expect(rows.map((r) => r.image_id)).toEqual(order);
    expect(
      await t.db.selectFrom('temp_images').select('image_id').where('image_id', 'in', ids).execute(),
    ).toEqual([]);
  });
});

describe('GET /api/posts/{publicId}', () => {
  it('answers with the community (mods and rules arrays), empty comments, and the previous visit', async () => {
    const post = await textPost(author.client);
    const viewer = await member(t);
    clock.advance(1000);
    const first = await viewer.client.get(`/api/posts/${post.publicId}`);
    expect(first.status).toBe(200);
    const firstVisit = clock.now.toISOString();
    expect(first.json).toMatchObject({
      id: post.id,
      comments: [],
      commentsNext: null,
      lastVisitAt: null,
      newComments: 0,
      userVoted: false,
      userVotedUp: null,
    });
    expect(Object.keys(first.json)).toEqual([...TEXT_POST_KEYS.slice(0, -1), 'community', 'author']);
    expect(Object.keys(first.json.community)).toEqual(COMMUNITY_KEYS);
    expect(first.json.community).toMatchObject({
      id: community.id,
      userJoined: false,
      userMod: false,
      rules: [],
    });
    expect(first.json.community.mods.map((u: any) => u.id)).toEqual([mod.user.id]);

    clock.advance(60_000);
    const second = await viewer.client.get(`/api/posts/${post.publicId}?fetchCommunity=false`);
    expect(second.json.lastVisitAt).toBe(firstVisit);
    expect('community' in second.json).toBe(false);
    expect(second.json.comments).toEqual([]);
    const secondVisit = clock.now.toISOString();
    clock.advance(60_000);
    const third = await viewer.client.get(`/api/posts/${post.publicId}?fetchCommunity=true`);
    expect(third.json.lastVisitAt).toBe(secondVisit);
    expect(third.json.community.id).toBe(community.id);
  });

  it('shows guests no vote and no visit, and the author their own vote', async () => {
    const post = await textPost(author.client);
    const anonymous = await t.client().get(`/api/posts/${post.publicId}`);
    expect(anonymous.json).toMatchObject({ userVoted: null, userVotedUp: null, lastVisitAt: null });
    expect(anonymous.json.community).toMatchObject({ userJoined: null, userMod: null });
    const own = await author.client.get(`/api/posts/${post.publicId}`);
    expect(own.json).toMatchObject({ userVoted: true, userVotedUp: true });
    const modView = await mod.client.get(`/api/posts/${post.publicId}`);
    expect(modView.json.community).toMatchObject({ userJoined: true, userMod: true });
  });

  it('shows a deleted author as the ghost, except to admins', async () => {
    const gone = await member(t);
    const post = await textPost(gone.client);
    await t.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.user.id).execute();
    const ghostId = crypto
      .createHash('sha1')
      .update(Buffer.from(gone.user.id, 'hex'))
      .update(post.id, 'ascii')
      .digest('hex')
      .slice(0, 8);
    const anonymous = await t.client().get(`/api/posts/${post.publicId}`);
    expect(anonymous.json).toMatchObject({
      userId: ZERO_ID,
      username: 'ghost',
      userGhostId: ghostId,
      userDeleted: true,
      author: { id: ZERO_ID, username: 'ghost' },
    });
    expect(Object.keys(anonymous.json).slice(4, 7)).toEqual(['username', 'userGhostId', 'userGroup']);
    const asAdmin = await admin.client.get(`/api/posts/${post.publicId}`);
    expect(asAdmin.json).toMatchObject({
      userId: gone.user.id,
      username: gone.user.username,
      userGhostId: ghostId,
      userDeleted: true,
      author: { id: gone.user.id, username: gone.user.username },
    });
  });

  it('answers an unknown public id with 404 post/not-found', async () => {
    for (const id of ['AAAAAAAA', 'nope', 'zzzzzzzzzzzz']) {
      const res = await t.client().get(`/api/posts/${id}`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual(POST_NOT_FOUND);
    }
  });
});

describe('PUT /api/posts/{publicId}: edit', () => {
  it('refuses anyone but the author with 403 not_author, even when nothing changes', async () => {
    const post = await textPost(author.client);
    for (const who of [mod, admin]) {
      const res = await who.client.put(`/api/posts/${post.publicId}`, { title: post.title, body: post.body });
      expect(res.status).toBe(403);
      expect(res.json).toEqual(NOT_AUTHOR);
    }
    const anonymous = await guest(t);
    expect((await anonymous.put(`/api/posts/${post.publicId}`, { title: 'x' })).json).toEqual(NOT_LOGGED_IN);
    expect((await author.client.put('/api/posts/AAAAAAAA', { title: 'Hello' })).json).toEqual(POST_NOT_FOUND);
    expect((await postRow(t, post.id)).edited_at).toBeNull();
  });

  it('applies the title rules and changes the body of a text post, setting editedAt', async () => {
    const post = await textPost(author.client);
    const lone = { title: 'xy\ud800' };
    for (const body of [{}, { title: '' }, { title: ' ab ' }, { title: null, body: 'x' }, lone]) {
      const res = await author.client.put(`/api/posts/${post.publicId}`, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual(TITLE_TOO_SHORT);
    }
    const unchanged = await author.client.put(`/api/posts/${post.publicId}`, {
      title: post.title,
      body: post.body,
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.json.editedAt).toBeNull();

    clock.advance(10 * 60_000);
    const res = await author.client.put(`/api/posts/${post.publicId}`, {
      title: `  ${'t'.repeat(300)}  `,
      body: `  ${'b'.repeat(20_010)} `,
      userGroup: 'admins',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      title: 't'.repeat(255),
      body: 'b'.repeat(20_000),
      editedAt: clock.now.toISOString(),
      userGroup: 'normal',
      createdAt: post.createdAt,
      lastActivityAt: post.lastActivityAt,
    });
    const cleared = await author.client.put(`/api/posts/${post.publicId}`, { title: 'Short again' });
    expect(cleared.json).toMatchObject({ title: 'Short again', body: null });
    expect((await postRow(t, post.id)).body).toBeNull();
  });

  it('ignores the body of a link post', async () => {
    const post = await createPost(author.client, {
      type: 'link',
      title: 'Link',
      url: 'http://192.0.2.1/',
      community: community.name,
    });
    const res = await author.client.put(`/api/posts/${post.publicId}`, {
      title: 'Link renamed',
      body: 'A body',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: 'Link renamed', body: null });
    expect(res.json.link.url).toBe('http://192.0.2.1/');
    expect((await postRow(t, post.id)).body).toBeNull();
  });
});

describe('PUT /api/posts/{publicId}?action=', () => {
  const act = (client: TestClient, post: any, query: string) =>
    client.put(`/api/posts/${post.publicId}?${query}`);

  it('locks as mods (a mod) or as admins (an admin); other roles 403 and other words 400', async () => {
    const post = await textPost(author.client);
    const cases: Array<[Member, string, object]> = [
      [author, 'action=lock&lockAs=mods', NOT_MOD],
      [mod, 'action=lock&lockAs=admins', NOT_ADMIN],
      [author, 'action=lock&lockAs=normal', INVALID_GROUP],
      [mod, 'action=lock', INVALID_GROUP],
      [admin, 'action=lock&lockAs=everyone', INVALID_GROUP],
    ];
    for (const [who, query, error] of cases)
      expect((await act(who.client, post, query)).json, query).toEqual(error);
    expect((await postRow(t, post.id)).locked).toBe(false);

    const locked = await act(mod.client, post, 'action=lock&lockAs=mods');
    expect(locked.status).toBe(200);
    expect(locked.json).toMatchObject({
      locked: true,
      lockedBy: mod.user.id,
      lockedByGroup: 'mods',
      lockedAt: clock.now.toISOString(),
    });
    expect(Object.keys(locked.json)).toEqual([
      ...TEXT_POST_KEYS.slice(0, 19),
      'lockedByGroup',
      ...TEXT_POST_KEYS.slice(19),
    ]);
    const vote = await author.client.post('/api/_postVote', { postId: post.id, up: false });
    expect(vote.status).toBe(403);
    expect(vote.json).toEqual(POST_LOCKED);

    const byAdmin = await act(admin.client, post, 'action=lock&lockAs=admins');
    expect(byAdmin.json).toMatchObject({ locked: true, lockedBy: admin.user.id, lockedByGroup: 'admins' });
  });

  it('unlocks for a mod or an admin only', async () => {
    const post = await textPost(author.client);
    await act(admin.client, post, 'action=lock&lockAs=admins');
    for (const who of [author, await member(t)]) {
      const res = await act(who.client, post, 'action=unlock&lockAs=mods');
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        status: 403,
        code: 'not-mod-not-admin',
        message: 'User neither an admin nor a mod.',
      });
    }
    expect((await act(mod.client, post, 'action=unlock')).json).toEqual(INVALID_GROUP);
    const res = await act(mod.client, post, 'action=unlock&lockAs=mods');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ locked: false, lockedBy: null, lockedAt: null });
    expect('lockedByGroup' in res.json).toBe(false);
    expect((await author.client.post('/api/_postVote', { postId: post.id })).status).toBe(200);
    await act(mod.client, post, 'action=lock&lockAs=mods');
    expect((await act(admin.client, post, 'action=unlock&lockAs=admins')).json.locked).toBe(false);
  });

  it('changes the group of a post for its author, who must hold the role', async () => {
    const post = await textPost(mod.client);
    expect((await act(admin.client, post, 'action=changeAsUser&userGroup=admins')).json).toEqual(NOT_AUTHOR);
    expect((await act(mod.client, post, 'action=changeAsUser&userGroup=admins')).json).toEqual(NOT_ADMIN);
    expect((await act(mod.client, post, 'action=changeAsUser&userGroup=root')).json).toEqual(INVALID_GROUP);
    const res = await act(mod.client, post, 'action=changeAsUser&userGroup=mods');
    expect(res.status).toBe(200);
    expect(res.json.userGroup).toBe('mods');
    expect((await act(mod.client, post, 'action=changeAsUser&userGroup=normal')).json.userGroup).toBe(
      'normal',
    );
    const own = await textPost(author.client);
    expect((await act(author.client, own, 'action=changeAsUser&userGroup=mods')).json).toEqual(NOT_MOD);
  });

  it('pins and unpins in the community (mods, admins) and site-wide (admins), two per scope', async () => {
    const c = await newCommunity(mod.client);
    const [a, b, third] = [
      await textPost(author.client, c),
      await textPost(author.client, c),
      await textPost(author.client, c),
    ];
    expect((await act(author.client, a, 'action=pin')).json).toEqual(NOT_MOD);
    expect((await act(mod.client, a, 'action=pin&siteWide=true')).json).toEqual(NOT_ADMIN);

    const pinned = await act(mod.client, a, 'action=pin&siteWide=false');
    expect(pinned.status).toBe(200);
    expect(pinned.json).toMatchObject({ isPinned: true, isPinnedSite: false });
    // Pinning a pinned post changes nothing.
    const again = await act(mod.client, a, 'action=pin');
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ isPinned: true });
    expect((await act(admin.client, b, 'action=pin')).json.isPinned).toBe(true);
    const full = await act(mod.client, third, 'action=pin');
    expect(full.status).toBe(403);
    expect(full.json).toEqual({
      status: 403,
      code: 'limit-reached',
      message: 'Max pinned post limit reached.',
    });
    const pins = await t.db
      .selectFrom('pinned_posts')
      .select(['post_id', 'is_site_wide', 'community_id'])
      .where('community_id', '=', c.id)
      .orderBy('id')
      .execute();
    expect(pins).toEqual([
      { post_id: a.id, is_site_wide: false, community_id: c.id },
      { post_id: b.id, is_site_wide: false, community_id: c.id },
    ]);

    // Site-wide is its own scope.
    const site = await act(admin.client, third, 'action=pin&siteWide=true');
    expect(site.json).toMatchObject({ isPinned: false, isPinnedSite: true });
    const siteB = await act(admin.client, b, 'action=pin&siteWide=true');
    expect(siteB.json).toMatchObject({ isPinned: true, isPinnedSite: true });
    const siteFull = await act(admin.client, a, 'action=pin&siteWide=true');
    expect(siteFull.json.code).toBe('limit-reached');

    // Unpinning frees a place; unpinning an unpinned post is a no-op.
    const unpinned = await act(mod.client, a, 'action=unpin');
    expect(unpinned.json).toMatchObject({ isPinned: false, isPinnedSite: false });
    expect((await act(mod.client, a, 'action=unpin')).status).toBe(200);
    expect((await act(mod.client, third, 'action=pin')).json).toMatchObject({
      isPinned: true,
      isPinnedSite: true,
    });
    expect((await act(mod.client, b, 'action=unpin&siteWide=true')).json).toEqual(NOT_ADMIN);
    for (const p of [third, b]) {
      expect((await act(admin.client, p, 'action=unpin&siteWide=true')).json.isPinnedSite).toBe(false);
    }
    expect(
      await t.db.selectFrom('pinned_posts').select('id').where('is_site_wide', '=', true).execute(),
    ).toEqual([]);
  });

  it('never lets pins arriving at once pass the limit of two per scope', async () => {
    for (const siteWide of [false, true]) {
      const c = await newCommunity(mod.client);
      const made = [];
      for (let i = 0; i < 6; i++) made.push(await textPost(author.client, c));
      // The first post twice: a double click is a no-op, not a third pin.
      const results = await Promise.all(
        [...made, made[0]].map((p) => act(admin.client, p, `action=pin&siteWide=${siteWide}`)),
      );
      for (const res of results) {
        if (res.status !== 200)
          expect(res.json).toEqual({
            status: 403,
            code: 'limit-reached',
            message: 'Max pinned post limit reached.',
          });
      }
      const scope = siteWide
        ? t.db.selectFrom('pinned_posts').select('post_id').where('is_site_wide', '=', true)
        : t.db.selectFrom('pinned_posts').select('post_id').where('community_id', '=', c.id);
      const pins = (await scope.execute()).map((r) => r.post_id);
      expect(pins).toHaveLength(2);
      const flag = siteWide ? 'is_pinned_site' : 'is_pinned';
      const flagged = await t.db
        .selectFrom('posts')
        .select('id')
        .where('community_id', '=', c.id)
        .where(flag, '=', true)
        .execute();
      expect(flagged.map((r) => r.id).sort()).toEqual([...pins].sort());
      for (const id of pins)
        await act(
          admin.client,
          { publicId: made.find((p) => p.id === id).publicId },
          `action=unpin&siteWide=${siteWide}`,
        );
    }
  });

  it('refuses to pin a deleted post with 403 cannot-pin-deleted-post', async () => {
    const post = await textPost(author.client);
    await author.client.delete(`/api/posts/${post.publicId}?deleteAs=normal`);
    for (const query of ['action=pin', 'action=pin&siteWide=true']) {
      const res = await act(admin.client, post, query);
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        status: 403,
        code: 'cannot-pin-deleted-post',
        message: 'A deleted post cannot be pinned.',
      });
    }
  });

  it('announces a post once, for admins only', async () => {
    const post = await textPost(author.client);
    expect((await act(mod.client, post, 'action=announce')).json).toEqual(NOT_ADMIN);
    const res = await act(admin.client, post, 'action=announce');
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(post.id);
    const rows = await t.db
      .selectFrom('announcement_posts')
      .selectAll()
      .where('post_id', '=', post.id)
      .execute();
    expect(rows).toEqual([expect.objectContaining({ announced_by: admin.user.id })]);
    const again = await act(admin.client, post, 'action=announce');
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ status: 409, code: 'duplicate', message: 'Post was already announced' });
  });

  it('refuses unknown actions with 400 invalid_action', async () => {
    const post = await textPost(author.client);
    for (const action of ['delete', 'pinned', '']) {
      const res = await act(admin.client, post, `action=${action}`);
      expect(res.status, action).toBe(400);
      expect(res.json).toEqual({ status: 400, code: 'invalid_action', message: 'Invalid action.' });
    }
    expect((await act(admin.client, { publicId: 'AAAAAAAA' }, 'action=lock&lockAs=admins')).json).toEqual(
      POST_NOT_FOUND,
    );
  });
});

describe('DELETE /api/posts/{publicId}', () => {
  const del = (client: TestClient, post: any, query: string) =>
    client.delete(`/api/posts/${post.publicId}?${query}`);

  it('needs a valid deleteAs and a boolean deleteContent', async () => {
    const post = await textPost(author.client);
    for (const query of ['', 'deleteAs=', 'deleteAs=owner', 'deleteAs=null', 'deleteContent=true']) {
      const res = await del(author.client, post, query);
      expect(res.status, query).toBe(400);
      expect(res.json).toEqual(INVALID_GROUP);
    }
    for (const value of ['maybe', '1', 'TRUE', '']) {
      const res = await del(author.client, post, `deleteAs=normal&deleteContent=${value}`);
      expect(res.status, value).toBe(400);
      expect(res.json).toEqual({ status: 400, message: 'deleteContent must be a bool.' });
    }
    expect((await postRow(t, post.id)).deleted).toBe(false);
    expect((await (await guest(t)).delete(`/api/posts/${post.publicId}?deleteAs=normal`)).json).toEqual(
      NOT_LOGGED_IN,
    );
    expect((await del(author.client, { publicId: 'AAAAAAAA' }, 'deleteAs=normal')).json).toEqual(
      POST_NOT_FOUND,
    );
  });

  it('lets the author delete, then purge the content once; other deletions are 409', async () => {
    const post = await textPost(author.client);
    expect((await del(mod.client, post, 'deleteAs=normal')).json).toEqual(NOT_AUTHOR);
    clock.advance(5000);
    const res = await del(author.client, post, 'deleteAs=normal&deleteContent=false');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      deleted: true,
      deletedAt: clock.now.toISOString(),
      deletedAs: 'normal',
      deletedContent: false,
      body: post.body,
      title: post.title,
    });
    expect('deletedContentAs' in res.json).toBe(false);
    expect(Object.keys(res.json)).toEqual([
      ...TEXT_POST_KEYS.slice(0, 28),
      'deletedAs',
      ...TEXT_POST_KEYS.slice(28),
    ]);
    for (const query of ['deleteAs=normal', 'deleteAs=mods', 'deleteAs=normal&deleteContent=false']) {
      const again = await del(query === 'deleteAs=mods' ? mod.client : author.client, post, query);
      expect(again.status, query).toBe(409);
      expect(again.json).toEqual(ALREADY_DELETED);
    }
    const purged = await del(author.client, post, 'deleteAs=normal&deleteContent=true');
    expect(purged.status).toBe(200);
    expect(purged.json).toMatchObject({
      deleted: true,
      deletedAs: 'normal',
      deletedContent: true,
      deletedContentAs: 'normal',
      body: '',
      title: post.title,
    });
    const row = await postRow(t, post.id);
    expect(row).toMatchObject({ deleted: true, deleted_by: author.user.id, deleted_content: true, body: '' });
    const twice = await del(author.client, post, 'deleteAs=normal&deleteContent=true');
    expect(twice.status).toBe(409);
    expect(twice.json).toEqual(ALREADY_DELETED);
    // Still readable, with deleted: true.
    const read = await t.client().get(`/api/posts/${post.publicId}`);
    expect(read.json).toMatchObject({ deleted: true, deletedContent: true, body: '' });
  });

  it('lets mods delete but not purge, and admins do both', async () => {
    const post = await textPost(author.client);
    const stranger = await member(t);
    expect((await del(stranger.client, post, 'deleteAs=mods')).json).toEqual(NOT_MOD);
    expect((await del(stranger.client, post, 'deleteAs=mods&deleteContent=true')).json).toEqual(NOT_MOD);
    expect((await del(mod.client, post, 'deleteAs=admins')).json).toEqual(NOT_ADMIN);
    const purge = await del(mod.client, post, 'deleteAs=mods&deleteContent=true');
    expect(purge.status).toBe(403);
    expect(purge.json).toEqual({
      status: 403,
      code: 'mod-cannot-delete-content',
      message: 'Moderators cannot delete the content of a post.',
    });
    const res = await del(mod.client, post, 'deleteAs=mods');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      deleted: true,
      deletedAs: 'mods',
      deletedContent: false,
      body: post.body,
    });

    const other = await textPost(author.client);
    const byAdmin = await del(admin.client, other, 'deleteAs=admins&deleteContent=true');
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.json).toMatchObject({
      deleted: true,
      deletedAs: 'admins',
      deletedContent: true,
      deletedContentAs: 'admins',
      body: '',
    });
    expect((await del(admin.client, other, 'deleteAs=admins')).json).toEqual(ALREADY_DELETED);
  });

  it('deletes once when deletions arrive at once: one 200, the others 409', async () => {
    const post = await textPost(author.client);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => del(admin.client, post, 'deleteAs=admins')),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.status === 409)) expect(res.json).toEqual(ALREADY_DELETED);
    const purges = await Promise.all(
      Array.from({ length: 5 }, () => del(author.client, post, 'deleteAs=normal&deleteContent=true')),
    );
    expect(purges.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await postRow(t, post.id)).toMatchObject({
      deleted_as: 'admins',
      deleted_by: admin.user.id,
      deleted_content_as: 'normal',
      deleted_content_by: author.user.id,
      body: '',
    });
  });

  it('takes the post out of every feed, unpins it and removes its window rows', async () => {
    const c = await newCommunity(mod.client);
    const post = await textPost(author.client, c);
    await mod.client.put(`/api/posts/${post.publicId}?action=pin`);
    await admin.client.put(`/api/posts/${post.publicId}?action=pin&siteWide=true`);
    const queries = [
      ...SORTS.map((sort) => `communityId=${c.id}&sort=${sort}&limit=50`),
      'sort=latest&limit=50',
      'sort=hot&limit=50',
      'feed=home&sort=latest',
      'feed=moderating&sort=latest',
    ];
    for (const query of queries) expect(await feedIds(mod.client, query), query).toContain(post.id);
    expect(await windowRows(t, post.id)).toHaveLength(4);

    const res = await del(author.client, post, 'deleteAs=normal');
    expect(res.json).toMatchObject({ deleted: true, isPinned: false, isPinnedSite: false });
    for (const query of queries) expect(await feedIds(mod.client, query), query).not.toContain(post.id);
    expect(await windowRows(t, post.id)).toEqual([]);
    expect(
      await t.db.selectFrom('pinned_posts').select('id').where('post_id', '=', post.id).execute(),
    ).toEqual([]);
    expect(await postRow(t, post.id)).toMatchObject({ is_pinned: false, is_pinned_site: false });
  });

  it('purges content: body "" (null stays null), no link, no images, and the image rows go', async () => {
    const empty = await createPost(author.client, { title: 'No body here', community: community.name });
    const emptyPurged = await del(author.client, empty, 'deleteAs=normal&deleteContent=true');
    expect(emptyPurged.json).toMatchObject({ body: null, deletedContent: true });

    const link = await createPost(author.client, {
      type: 'link',
      title: 'A link',
      url: 'http://192.0.2.1/',
      community: community.name,
    });
    const linkPurged = await del(admin.client, link, 'deleteAs=admins&deleteContent=true');
    expect(linkPurged.status).toBe(200);
    expect('link' in linkPurged.json).toBe(false);
    expect(linkPurged.json).toMatchObject({ body: null, image: null, images: [] });
    const linkRead = await t.client().get(`/api/posts/${link.publicId}`);
    expect('link' in linkRead.json).toBe(false);

    const ids = [await upload(t, author.user.id), await upload(t, author.user.id)];
    const image = await createPost(author.client, {
      type: 'image',
      title: 'Pictures',
      community: community.name,
      images: ids.map((imageId) => ({ imageId })),
    });
    expect(image.images).toHaveLength(2);
    const imagePurged = await del(author.client, image, 'deleteAs=normal&deleteContent=true');
    expect(imagePurged.json).toMatchObject({
      image: null,
      images: [],
      deletedContent: true,
      deletedContentAs: 'normal',
    });
    expect(await t.db.selectFrom('images').select('id').where('id', 'in', ids).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('post_images').select('image_id').where('post_id', '=', image.id).execute(),
    ).toEqual([]);
    const read = await t.client().get(`/api/posts/${image.publicId}`);
    expect(read.json).toMatchObject({ image: null, images: [] });
  });
});

describe('hidden posts', () => {
  it('hides a post from the viewer only, idempotently, until it is unhidden', async () => {
    const c = await newCommunity(mod.client);
    const post = await textPost(author.client, c);
    const viewer = await member(t);
    await viewer.client.post('/api/_joinCommunity', { communityId: c.id });
    const queries = [`communityId=${c.id}&sort=latest`, 'sort=latest&limit=50', 'feed=home&sort=hot'];
    for (const query of queries) expect(await feedIds(viewer.client, query)).toContain(post.id);

    for (let i = 0; i < 2; i++) {
      const res = await viewer.client.post('/api/hidden_posts', { postId: post.id.toUpperCase() });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true });
    }
    const rows = await t.db
      .selectFrom('hidden_posts')
      .selectAll()
      .where('user_id', '=', viewer.user.id)
      .execute();
    expect(rows.map((r) => r.post_id)).toEqual([post.id]);
    for (const query of queries) expect(await feedIds(viewer.client, query), query).not.toContain(post.id);
    expect(await feedIds(mod.client, `communityId=${c.id}&sort=latest`)).toContain(post.id);
    expect(await feedIds(t.client(), `communityId=${c.id}&sort=latest`)).toContain(post.id);
    // The post page still shows it.
    expect((await viewer.client.get(`/api/posts/${post.publicId}`)).status).toBe(200);

    const res = await viewer.client.delete(`/api/hidden_posts/${post.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    for (const query of queries) expect(await feedIds(viewer.client, query)).toContain(post.id);
  });

  it('refuses guests, malformed ids and unknown posts', async () => {
    const post = await textPost(author.client);
    const anonymous = await guest(t);
    expect((await anonymous.post('/api/hidden_posts', { postId: post.id })).json).toEqual(NOT_LOGGED_IN);
    expect((await anonymous.delete(`/api/hidden_posts/${post.id}`)).json).toEqual(NOT_LOGGED_IN);
    const user = await member(t);
    const bad = await user.client.post('/api/hidden_posts', { postId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual(INVALID_ID);
    const badDelete = await user.client.delete('/api/hidden_posts/nope');
    expect(badDelete.status).toBe(400);
    expect(badDelete.json).toEqual({ status: 400, code: 'invalid-post-id', message: 'Invalid ID.' });
    const unknown = await user.client.post('/api/hidden_posts', { postId: newId() });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(POST_NOT_FOUND);
    const missing = await user.client.post('/api/hidden_posts', {});
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('invalid_json');
  });

  it('keeps only the newest 1000 hidden posts of a user', async () => {
    const user = await member(t);
    // 1001 deleted posts (out of every feed) hidden long ago, oldest first.
    await sql`
      INSERT INTO posts (id, type, public_id, user_id, community_id, title, deleted)
      SELECT lpad(to_hex(i), 24, '0'), 'text', 'h' || lpad(i::text, 7, '0'), ${author.user.id}, ${community.id}, 'Hidden', true
      FROM generate_series(1, 1001) AS i`.execute(t.db);
    await sql`
      INSERT INTO hidden_posts (user_id, post_id, created_at)
      SELECT ${user.user.id}, lpad(to_hex(i), 24, '0'), now() - interval '1 day' + i * interval '1 second'
      FROM generate_series(1, 1001) AS i`.execute(t.db);
    const post = await textPost(author.client);
    expect((await user.client.post('/api/hidden_posts', { postId: post.id })).status).toBe(200);
    const rows = await t.db
      .selectFrom('hidden_posts')
      .select('post_id')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(rows).toHaveLength(1000);
    const kept = new Set(rows.map((r) => r.post_id));
    expect(kept.has(post.id)).toBe(true);
    expect(kept.has('1'.padStart(24, '0'))).toBe(false);
    expect(kept.has('2'.padStart(24, '0'))).toBe(false);
    expect(kept.has('3'.padStart(24, '0'))).toBe(true);
    expect(kept.has((1001).toString(16).padStart(24, '0'))).toBe(true);
  });
});
