import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { type Member, guest, makeUser, member, newCommunity } from './factories.js';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from './harness.js';
import { COMMUNITY_NOT_FOUND, INVALID_ID, NOT_LOGGED_IN, USER_NOT_FOUND } from './api-errors.js';

/** The Mutes API (API.md §13, §5.9), `_initial.mutes` (§6.1) and what mutes do to feeds (§8.1). */

const USER_DELETED = { status: 403, code: 'user-deleted', message: 'This account is deleted.' };
const INVALID_MUTE_TYPE = { status: 400, code: 'invalid_mute_type', message: 'Invalid mute type.' };
const INVALID_MUTE_ID = { status: 400, code: 'invalid-mute-id', message: 'Invalid mute ID.' };
const SUCCESS = { success: true };

let t: TestApp;
let creator: Member;

beforeAll(async () => {
  t = await createTestApp();
  // An admin: no cap on how many communities one person moderates.
  creator = await member(t, { isAdmin: true, points: 1000 });
});
afterAll(() => t.close());

function expectError(res: TestResponse, error: { status: number; code: string; message: string }) {
  expect(res.status).toBe(error.status);
  expect(res.json).toEqual(error);
}

function ok(res: TestResponse): any {
  expect(res.status, res.text).toBe(200);
  return res.json;
}

const mutes = async (client: TestClient) => ok(await client.get('/api/mutes'));
const muteUser = (client: TestClient, userId: unknown) => client.post('/api/mutes', { userId });
const muteCommunity = (client: TestClient, communityId: unknown) =>
  client.post('/api/mutes', { communityId });
const userIdsOf = (container: any) => container.userMutes.map((m: any) => m.mutedUserId);
const communityIdsOf = (container: any) => container.communityMutes.map((m: any) => m.mutedCommunityId);

describe('the Mutes API', () => {
  it('needs login on every route', async () => {
    const visitor = await guest(t);
    const id = newId();
    for (const res of [
      await visitor.get('/api/mutes'),
      await visitor.post('/api/mutes', { userId: id }),
      await visitor.delete('/api/mutes?type=user'),
      await visitor.delete(`/api/mutes/users/${id}`),
      await visitor.delete(`/api/mutes/communities/${id}`),
      await visitor.delete('/api/mutes/u_1'),
    ]) {
      expectError(res, NOT_LOGGED_IN);
    }
  });

  it('starts empty, and mutes a user and a community with their targets filled', async () => {
    const viewer = await member(t);
    const target = await makeUser(t.db);
    const community = await newCommunity(creator.client);
    expect(await mutes(viewer.client)).toEqual({ communityMutes: [], userMutes: [] });

    const afterUser = ok(await muteUser(viewer.client, target.id));
    expect(afterUser.communityMutes).toEqual([]);
    expect(afterUser.userMutes).toHaveLength(1);
    const userMute = afterUser.userMutes[0];
    expect(userMute).toEqual({
      id: expect.stringMatching(/^u_\d+$/),
      type: 'user',
      mutedUserId: target.id,
      createdAt: expect.any(String),
      mutedUser: expect.objectContaining({ id: target.id, username: target.username }),
    });

    const afterCommunity = ok(await muteCommunity(viewer.client, community.id));
    expect(afterCommunity.userMutes).toEqual(afterUser.userMutes);
    expect(afterCommunity.communityMutes).toEqual([
      {
        id: expect.stringMatching(/^c_\d+$/),
        type: 'community',
        mutedCommunityId: community.id,
        createdAt: expect.any(String),
        mutedCommunity: expect.objectContaining({
          id: community.id,
          name: community.name,
          isMuted: true,
          userJoined: null,
          userMod: null,
        }),
      },
    ]);
    expect(await mutes(viewer.client)).toEqual(afterCommunity);
  });

  it('is idempotent: muting again keeps the one mute, its id and its time', async () => {
    const viewer = await member(t);
    const target = await makeUser(t.db);
    const community = await newCommunity(creator.client);
    const first = ok(
      await viewer.client.post('/api/mutes', { userId: target.id, communityId: community.id }),
    );
    expect(userIdsOf(first)).toEqual([target.id]);
    expect(communityIdsOf(first)).toEqual([community.id]);
    expect(ok(await muteUser(viewer.client, target.id))).toEqual(first);
    // Ids in any case name the same target (API.md §2.3).
    expect(ok(await muteCommunity(viewer.client, community.id.toUpperCase()))).toEqual(first);
  });

  it('lists each kind in creation order', async () => {
    const viewer = await member(t);
    const users = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
    const communities = [
      await newCommunity(creator.client),
      await newCommunity(creator.client),
      await newCommunity(creator.client),
    ];
    // Muted in an order other than the targets' own creation order.
    for (const i of [2, 0, 1]) {
      ok(await muteUser(viewer.client, users[i]!.id));
      ok(await muteCommunity(viewer.client, communities[i]!.id));
    }
    const container = await mutes(viewer.client);
    expect(userIdsOf(container)).toEqual([users[2]!.id, users[0]!.id, users[1]!.id]);
    expect(communityIdsOf(container)).toEqual([communities[2]!.id, communities[0]!.id, communities[1]!.id]);
  });

  it('refuses bad targets without muting anything', async () => {
    const viewer = await member(t);
    const deleted = await makeUser(t.db, { deleted: true });
    const community = await newCommunity(creator.client);
    expectError(await muteUser(viewer.client, deleted.id), USER_DELETED);
    expectError(await muteUser(viewer.client, newId()), USER_NOT_FOUND);
    expectError(await muteCommunity(viewer.client, newId()), COMMUNITY_NOT_FOUND);
    expectError(await muteUser(viewer.client, 'not-an-id'), INVALID_ID);
    expectError(await muteCommunity(viewer.client, '123'), INVALID_ID);
    // A bad user in the same body leaves the community unmuted.
    expectError(
      await viewer.client.post('/api/mutes', { userId: newId(), communityId: community.id }),
      USER_NOT_FOUND,
    );
    const wrongType = await muteUser(viewer.client, 5);
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.code).toBe('invalid_json');
    const empty = await viewer.client.post('/api/mutes', {});
    expect(empty.status).toBe(400);
    expect(empty.json.code).toBe('invalid_json');
    expect(await mutes(viewer.client)).toEqual({ communityMutes: [], userMutes: [] });
  });

  it('lets a user mute themself (the contract names no error for it)', async () => {
    const viewer = await member(t);
    expect(userIdsOf(ok(await muteUser(viewer.client, viewer.user.id)))).toEqual([viewer.user.id]);
  });

  describe('DELETE /api/mutes?type=', () => {
    async function mutedViewer(): Promise<{ viewer: Member; users: string[]; communities: string[] }> {
      const viewer = await member(t);
      const users = [(await makeUser(t.db)).id, (await makeUser(t.db)).id];
      const communities = [(await newCommunity(creator.client)).id, (await newCommunity(creator.client)).id];
      for (const id of users) ok(await muteUser(viewer.client, id));
      for (const id of communities) ok(await muteCommunity(viewer.client, id));
      return { viewer, users, communities };
    }

    it('clears one kind and answers the container after clearing', async () => {
      const { viewer, users, communities } = await mutedViewer();
      const afterUsers = ok(await viewer.client.delete('/api/mutes?type=user'));
      expect(afterUsers.userMutes).toEqual([]);
      expect(communityIdsOf(afterUsers)).toEqual(communities);
      expect(await mutes(viewer.client)).toEqual(afterUsers);

      for (const id of users) ok(await muteUser(viewer.client, id));
      const afterCommunities = ok(await viewer.client.delete('/api/mutes?type=community'));
      expect(afterCommunities.communityMutes).toEqual([]);
      expect(userIdsOf(afterCommunities)).toEqual(users);
      expect(await mutes(viewer.client)).toEqual(afterCommunities);
    });

    it('clears both kinds when type is empty or absent', async () => {
      for (const url of ['/api/mutes?type=', '/api/mutes']) {
        const { viewer } = await mutedViewer();
        expect(ok(await viewer.client.delete(url)), url).toEqual({ communityMutes: [], userMutes: [] });
        expect(await mutes(viewer.client)).toEqual({ communityMutes: [], userMutes: [] });
      }
    });

    it('refuses any other type, clearing nothing', async () => {
      const { viewer, users, communities } = await mutedViewer();
      for (const type of ['users', 'all', 'USER']) {
        expectError(await viewer.client.delete(`/api/mutes?type=${type}`), INVALID_MUTE_TYPE);
      }
      const container = await mutes(viewer.client);
      expect(userIdsOf(container)).toEqual(users);
      expect(communityIdsOf(container)).toEqual(communities);
    });
  });

  describe('removing one mute', () => {
    it('removes by target, and a missing mute is not an error', async () => {
      const viewer = await member(t);
      const [a, b] = [await makeUser(t.db), await makeUser(t.db)];
      const [c, d] = [await newCommunity(creator.client), await newCommunity(creator.client)];
      await viewer.client.post('/api/mutes', { userId: a.id, communityId: c.id });
      await viewer.client.post('/api/mutes', { userId: b.id, communityId: d.id });

      expect(ok(await viewer.client.delete(`/api/mutes/users/${a.id}`))).toEqual(SUCCESS);
      expect(ok(await viewer.client.delete(`/api/mutes/communities/${d.id.toUpperCase()}`))).toEqual(SUCCESS);
      const container = await mutes(viewer.client);
      expect(userIdsOf(container)).toEqual([b.id]);
      expect(communityIdsOf(container)).toEqual([c.id]);

      expect(ok(await viewer.client.delete(`/api/mutes/users/${a.id}`))).toEqual(SUCCESS);
      expect(ok(await viewer.client.delete(`/api/mutes/communities/${newId()}`))).toEqual(SUCCESS);
      expect(await mutes(viewer.client)).toEqual(container);
    });

    it('refuses a malformed target id', async () => {
      const viewer = await member(t);
      expectError(await viewer.client.delete('/api/mutes/users/xyz'), INVALID_ID);
      expectError(await viewer.client.delete(`/api/mutes/communities/${newId()}0`), INVALID_ID);
    });

    it('removes by mute id, and a missing mute is not an error', async () => {
      const viewer = await member(t);
      const target = await makeUser(t.db);
      const community = await newCommunity(creator.client);
      const before = ok(
        await viewer.client.post('/api/mutes', { userId: target.id, communityId: community.id }),
      );
      const userMuteId: string = before.userMutes[0].id;
      const communityMuteId: string = before.communityMutes[0].id;

      expect(ok(await viewer.client.delete(`/api/mutes/${userMuteId}`))).toEqual(SUCCESS);
      expect(await mutes(viewer.client)).toEqual({ ...before, userMutes: [] });
      // A user mute's number under the community prefix names no community mute.
      expect(ok(await viewer.client.delete(`/api/mutes/c_${userMuteId.slice(2)}`))).toEqual(SUCCESS);
      expect((await mutes(viewer.client)).communityMutes).toHaveLength(1);
      expect(ok(await viewer.client.delete(`/api/mutes/${communityMuteId}`))).toEqual(SUCCESS);
      expect(await mutes(viewer.client)).toEqual({ communityMutes: [], userMutes: [] });

      for (const missing of [userMuteId, 'u_2147483647', 'c_99999999999999999999']) {
        expect(ok(await viewer.client.delete(`/api/mutes/${missing}`)), missing).toEqual(SUCCESS);
      }
    });

    it('refuses a malformed mute id', async () => {
      const viewer = await member(t);
      for (const bad of ['1', 'u_', 'x_1', 'u_1a', 'c_-1', 'u-1', 'U_1']) {
        expectError(await viewer.client.delete(`/api/mutes/${bad}`), INVALID_MUTE_ID);
      }
    });
  });

  it("reads and changes only the viewer's own mutes", async () => {
    const alice = await member(t);
    const bob = await member(t);
    const target = await makeUser(t.db);
    const community = await newCommunity(creator.client);
    const bobs = ok(await bob.client.post('/api/mutes', { userId: target.id, communityId: community.id }));
    expect(await mutes(alice.client)).toEqual({ communityMutes: [], userMutes: [] });

    // Bob's mute ids, used by Alice, remove nothing of Bob's.
    expect(ok(await alice.client.delete(`/api/mutes/${bobs.userMutes[0].id}`))).toEqual(SUCCESS);
    expect(ok(await alice.client.delete(`/api/mutes/${bobs.communityMutes[0].id}`))).toEqual(SUCCESS);
    expect(await mutes(bob.client)).toEqual(bobs);

    // Alice muting and unmuting the same targets leaves Bob's mutes alone.
    await alice.client.post('/api/mutes', { userId: target.id, communityId: community.id });
    ok(await alice.client.delete(`/api/mutes/users/${target.id}`));
    ok(await alice.client.delete(`/api/mutes/communities/${community.id}`));
    await alice.client.post('/api/mutes', { userId: target.id, communityId: community.id });
    ok(await alice.client.delete('/api/mutes'));
    expect(await mutes(alice.client)).toEqual({ communityMutes: [], userMutes: [] });
    expect(await mutes(bob.client)).toEqual(bobs);
  });
});

describe('_initial.mutes', () => {
  it('is two empty arrays for a guest', async () => {
    const res = await t.client().get('/api/_initial');
    expect(ok(res).mutes).toEqual({ communityMutes: [], userMutes: [] });
  });

  it("is the member's container, targets filled", async () => {
    const viewer = await member(t);
    const target = await makeUser(t.db);
    const community = await newCommunity(creator.client);
    expect(ok(await viewer.client.get('/api/_initial')).mutes).toEqual({ communityMutes: [], userMutes: [] });
    await viewer.client.post('/api/mutes', { userId: target.id, communityId: community.id });
    const initial = ok(await viewer.client.get('/api/_initial')).mutes;
    expect(initial).toEqual(await mutes(viewer.client));
    expect(initial.userMutes[0].mutedUser.username).toBe(target.username);
    expect(initial.communityMutes[0].mutedCommunity).toMatchObject({ name: community.name, isMuted: true });
  });
});

describe('what mutes do to posts', () => {
  it('leaves a muted author out of the feeds and marks their posts; unmuting brings them back', async () => {
    const viewer = await member(t);
    const author = await member(t);
    const community = await newCommunity(creator.client);
    const post = ok(
      await author.client.post('/api/posts', {
        type: 'text',
        title: 'Muted author',
        community: community.name,
      }),
    );
    const inFeed = async (query: string) =>
      ok(await viewer.client.get(`/api/posts?${query}&sort=latest&limit=50`)).posts.some(
        (p: any) => p.id === post.id,
      );
    expect(await inFeed('feed=all')).toBe(true);

    ok(await muteUser(viewer.client, author.user.id));
    expect(await inFeed('feed=all')).toBe(false);
    expect(await inFeed(`feed=community&communityId=${community.id}`)).toBe(false);
    expect(ok(await viewer.client.get(`/api/posts/${post.publicId}`))).toMatchObject({
      isAuthorMuted: true,
      isCommunityMuted: false,
    });
    // Others are not affected.
    expect(ok(await author.client.get(`/api/posts/${post.publicId}`)).isAuthorMuted).toBe(false);

    ok(await viewer.client.delete(`/api/mutes/users/${author.user.id}`));
    expect(await inFeed('feed=all')).toBe(true);
    expect(ok(await viewer.client.get(`/api/posts/${post.publicId}`)).isAuthorMuted).toBe(false);
  });

  it('leaves a muted community out of All only and marks its posts', async () => {
    const viewer = await member(t);
    const community = await newCommunity(creator.client);
    const post = ok(
      await creator.client.post('/api/posts', {
        type: 'text',
        title: 'Muted place',
        community: community.name,
      }),
    );
    const inFeed = async (query: string) =>
      ok(await viewer.client.get(`/api/posts?${query}&sort=latest&limit=50`)).posts.some(
        (p: any) => p.id === post.id,
      );
    ok(await muteCommunity(viewer.client, community.id));
    expect(await inFeed('feed=all')).toBe(false);
    expect(await inFeed(`feed=community&communityId=${community.id}`)).toBe(true);
    expect(ok(await viewer.client.get(`/api/posts/${post.publicId}`))).toMatchObject({
      isAuthorMuted: false,
      isCommunityMuted: true,
    });
    ok(await viewer.client.delete('/api/mutes?type=community'));
    expect(await inFeed('feed=all')).toBe(true);
    expect(ok(await viewer.client.get(`/api/posts/${post.publicId}`)).isCommunityMuted).toBe(false);
  });
});
