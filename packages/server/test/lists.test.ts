import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { guest, member, newCommunity, type Member } from './factories.js';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from './harness.js';
import { NOT_LOGGED_IN, USER_NOT_FOUND } from './api-errors.js';

/** Lists (API.md §14, §5.8; DOMAIN §9.2). */

let t: TestApp;
let creator: Member;
let community: any;

beforeAll(async () => {
  t = await createTestApp();
  creator = await member(t, { isAdmin: true, points: 1000 });
  community = await newCommunity(creator.client);
});
afterAll(() => t.close());

function ok(res: TestResponse): any {
  expect(res.status, res.text).toBe(200);
  return res.json;
}

function expectError(res: TestResponse, error: { status: number; code?: string; message: string }) {
  expect(res.status, res.text).toBe(error.status);
  expect(res.json).toEqual(error);
}

async function newPost(client: TestClient, title = 'A saved post'): Promise<any> {
  return ok(await client.post('/api/posts', { type: 'text', title, community: community.name }));
}

describe('smoke', () => {
  it('creates, reads, fills and empties a list', async () => {
    const owner = await member(t);
    const name = owner.user.username;
    const lists = ok(await owner.client.get(`/api/users/${name}/lists`));
    expect(lists.map((l: any) => l.name)).toEqual(['bookmarks']);
    const created = ok(await owner.client.post(`/api/users/${name}/lists`, { name: 'reads', public: true }));
    expect(created.map((l: any) => l.name)).toEqual(['reads', 'bookmarks']);
    const list = created[0];
    const post = await newPost(creator.client);
    const page = ok(
      await owner.client.post(`/api/lists/${list.id}/items`, { targetType: 'post', targetId: post.id }),
    );
    expect(page.items).toHaveLength(1);
    expect(page.items[0].targetItem.id).toBe(post.id);
    const visitor = await guest(t);
    const read = ok(await visitor.get(`/api/users/${name}/lists/reads/items`));
    expect(read.items[0].targetItem.userVoted).toBeNull(); // rendered for the guest
    expect(read.items.map((i: any) => i.id)).toEqual(page.items.map((i: any) => i.id));
    expectError(await visitor.get(`/api/users/${name}/lists/bookmarks`), {
      status: 404,
      code: 'list-not-found',
      message: 'List not found.',
    });
    expectError(await visitor.delete(`/api/lists/${list.id}`), NOT_LOGGED_IN);
    expectError(await visitor.get(`/api/users/nosuch${newId()}/lists`.slice(0, 40)), USER_NOT_FOUND);
    const bad = await owner.client.post(`/api/lists/${list.id}/items`, undefined, { raw: '{nope' });
    expectError(bad, { status: 400, message: 'Bad JSON body.' });
    const emptied = ok(await owner.client.delete(`/api/users/${name}/lists/reads/items`));
    expect(emptied).toEqual({ items: [], next: null });
    const deleted = ok(await owner.client.delete(`/api/users/${name}/lists/reads`));
    expect(deleted.numItems).toBe(0);
    const wrong = await owner.client.request('PATCH', `/api/lists/${list.id}/items`);
    expect(wrong.status).toBe(400);
  });
});
