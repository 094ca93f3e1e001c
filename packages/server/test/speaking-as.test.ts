import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModerator } from '../src/communities/communities.repository.js';
import { type Member, member, newCommunity } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { NOT_MOD } from './api-errors.js';

// DOMAIN §7.8: an author speaks only in a capacity they hold. Admins may moderate every community, but
// speaking as its moderators takes the moderator role itself.

let t: TestApp;
let mod: Member;
let admin: Member;
let adminMod: Member;
let community: { id: string; name: string };
let postPublicId: string;

beforeAll(async () => {
  t = await createTestApp();
  mod = await member(t, { points: 1000 });
  admin = await member(t, { isAdmin: true });
  adminMod = await member(t, { isAdmin: true });
  community = await newCommunity(mod.client);
  await addModerator(t.db, community.id, adminMod.user.id);
  postPublicId = (await createPost(mod, 'normal')).json.publicId;
});

afterAll(async () => {
  await t?.close();
});

function createPost(who: Member, userGroup: string) {
  return who.client.post('/api/posts', {
    type: 'text',
    title: 'Speaking',
    community: community.name,
    userGroup,
  });
}

function createComment(who: Member, userGroup: string) {
  return who.client.post(`/api/posts/${postPublicId}/comments?userGroup=${userGroup}`, { body: 'Said.' });
}

describe('speaking as mods or admins', () => {
  it('refuses mods to an admin who does not moderate the community: 403 not_mod', async () => {
    expect((await createPost(admin, 'mods')).json).toEqual(NOT_MOD);
    expect((await createComment(admin, 'mods')).json).toEqual(NOT_MOD);
  });

  it('lets a moderator, and an admin who moderates, speak as mods', async () => {
    for (const who of [mod, adminMod]) {
      const post = await createPost(who, 'mods');
      expect(post.status).toBe(200);
      expect(post.json.userGroup).toBe('mods');
      const comment = await createComment(who, 'mods');
      expect(comment.status).toBe(200);
      expect(comment.json.userGroup).toBe('mods');
    }
  });

  it('lets admins speak as admins, moderating or not', async () => {
    for (const who of [admin, adminMod]) {
      const post = await createPost(who, 'admins');
      expect(post.status).toBe(200);
      expect(post.json.userGroup).toBe('admins');
      const comment = await createComment(who, 'admins');
      expect(comment.status).toBe(200);
      expect(comment.json.userGroup).toBe('admins');
    }
  });

  it('holds changeAsUser to the same rule', async () => {
    const post = (await createPost(admin, 'normal')).json;
    const comment = (await createComment(admin, 'normal')).json;
    const postChange = await admin.client.put(
      `/api/posts/${post.publicId}?action=changeAsUser&userGroup=mods`,
    );
    expect(postChange.json).toEqual(NOT_MOD);
    const commentChange = await admin.client.put(
      `/api/posts/${postPublicId}/comments/${comment.id}?action=changeAsUser&userGroup=mods`,
    );
    expect(commentChange.json).toEqual(NOT_MOD);
    const asAdmins = await admin.client.put(
      `/api/posts/${post.publicId}?action=changeAsUser&userGroup=admins`,
    );
    expect(asAdmins.json.userGroup).toBe('admins');
  });
});
