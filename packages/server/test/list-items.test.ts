import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { newId } from '../src/lib/ids.js';
import { Secrets } from '../src/site/secrets.js';
import { guest, member, newCommunity, type Member } from './factories.js';
import { createTestApp, TestClient, TestClock, type TestApp, type TestResponse } from './harness.js';
import { NOT_LOGGED_IN, POST_NOT_FOUND } from './api-errors.js';

/**
 * A list's items (API.md §14.4, §14.5, §5.8 ListItem; DOMAIN §9.2): adding, removing, reading pages in
 * the four orders with both kinds of cursor, targets rendered for the viewer (and gone targets), who
 * may do what, and the queries a page costs.
 */

const ITEM_KEYS = ['id', 'listId', 'targetType', 'targetId', 'createdAt', 'targetItem'];

const LIST_NOT_FOUND = { status: 404, code: 'list-not-found', message: 'List not found.' };
const NOT_LIST_OWNER = {
  status: 403,
  code: 'not-list-owner',
  message: 'You are not the owner of this list.',
};
const NOT_YOUR_LIST = {
  status: 403,
  code: 'not-your-list',
  message: 'You can only change your own lists.',
};
const INVALID_TARGET_ID = { status: 400, code: 'invalid-target-id', message: 'Invalid target ID.' };
const INVALID_CONTENT_TYPE = {
  status: 400,
  code: 'invalid-content-type',
  message: 'Invalid content type.',
};
const COMMENT_NOT_FOUND = { status: 404, code: 'comment_not_found', message: 'Comment not found.' };
const INVALID_LIMIT = { status: 400, code: 'invalid-limit', message: 'Invalid limit.' };
const INVALID_LIST_SORT = { status: 400, code: 'invalid-list-sort', message: 'Invalid sort.' };
const INVALID_CURSOR = {
  status: 400,
  code: 'invalid_cursor',
  message: 'Invalid feed pagination cursor.',
};
const INVALID_ITEM_ID = { status: 400, code: 'invalid-item-id', message: 'Invalid list item ID.' };
const ITEM_NOT_FOUND = { status: 404, code: 'list-item-not-found', message: 'List item not found.' };
const BAD_JSON_BODY = { status: 400, message: 'Bad JSON body.' };

const clock = new TestClock();
let t: TestApp;
let admin: Member;
let community: any;

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.clock });
  admin = await member(t, { isAdmin: true, points: 1000 });
  community = await newCommunity(admin.client);
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

function expectInvalidJson(res: TestResponse) {
  expect(res.status, res.text).toBe(400);
  expect(res.json.code).toBe('invalid_json');
}

async function newPost(client: TestClient, title = 'A post', where = community): Promise<any> {
  return ok(await client.post('/api/posts', { type: 'text', title, community: where.name }));
}

async function newComment(client: TestClient, post: any, body = 'A comment'): Promise<any> {
  const res = await client.post(`/api/posts/${post.publicId}/comments`, { body });
  expect(res.status, res.text).toBeLessThan(300);
  return res.json;
}

async function newList(owner: Member, name: string, isPublic = true): Promise<any> {
  const lists = ok(
    await owner.client.post(`/api/users/${owner.user.username}/lists`, { name, public: isPublic }),
  );
  return lists.find((l: any) => l.name === name);
}

const itemsUrl = (list: any) => `/api/lists/${list.id}/items`;
const target = (item: any) => ({ targetType: item.publicId ? 'post' : 'comment', targetId: item.id });
const ids = (page: any) => page.items.map((i: any) => i.targetId);

async function add(owner: Member, list: any, item: any, query = ''): Promise<any> {
  return ok(await owner.client.post(`${itemsUrl(list)}${query}`, target(item)));
}

async function listJson(client: TestClient, list: any): Promise<any> {
  return ok(await client.get(`/api/lists/${list.id}`));
}

describe('adding and removing items', () => {
  let owner: Member;
  let list: any;
  let post: any;
  let comment: any;

  beforeAll(async () => {
    owner = await member(t);
    list = await newList(owner, 'things');
    post = await newPost(admin.client, 'Saved post');
    comment = await newComment(admin.client, post, 'Saved comment');
  });

  it('adds a post and a comment, counting them and bumping lastUpdatedAt', async () => {
    clock.advance(5000);
    const page = await add(owner, list, post);
    expect(page.next).toBeNull();
    expect(page.items).toHaveLength(1);
    const [item] = page.items;
    expect(Object.keys(item)).toEqual(ITEM_KEYS);
    expect(item).toMatchObject({ listId: list.id, targetType: 'post', targetId: post.id });
    expect(item.createdAt).toBe(clock.now.toISOString());
    expect(item.targetItem).toMatchObject({
      id: post.id,
      title: 'Saved post',
      userVoted: false,
      comments: null,
    });
    expect(item.targetItem).not.toHaveProperty('community');
    const afterPost = await listJson(owner.client, list);
    expect(afterPost.numItems).toBe(1);
    expect(afterPost.lastUpdatedAt).toBe(clock.now.toISOString());

    clock.advance(5000);
    const both = await add(owner, list, comment);
    expect(both.items.map((i: any) => i.targetType)).toEqual(['comment', 'post']);
    // Comments carry their post's title in lists.
    expect(both.items[0].targetItem).toMatchObject({
      id: comment.id,
      body: 'Saved comment',
      postTitle: 'Saved post',
    });
    const afterComment = await listJson(owner.client, list);
    expect(afterComment.numItems).toBe(2);
    expect(afterComment.lastUpdatedAt).toBe(clock.now.toISOString());
  });

  it('is idempotent: adding again changes neither the items, the count nor the time', async () => {
    const before = await listJson(owner.client, list);
    const page = ok(await owner.client.get(itemsUrl(list)));
    clock.advance(5000);
    // Ids in upper case name the same target.
    expect(
      ok(await owner.client.post(itemsUrl(list), { targetType: 'post', targetId: post.id.toUpperCase() })),
    ).toEqual(page);
    expect(await listJson(owner.client, list)).toEqual(before);
  });

  it('refuses bad targets and changes nothing', async () => {
    const before = ok(await owner.client.get(itemsUrl(list)));
    const cases: [unknown, object][] = [
      [{ targetId: post.id }, INVALID_CONTENT_TYPE],
      [{ targetType: 'user', targetId: post.id }, INVALID_CONTENT_TYPE],
      [{ targetType: 5, targetId: post.id }, INVALID_CONTENT_TYPE],
      [{ targetType: 'POST', targetId: post.id }, INVALID_CONTENT_TYPE],
      [{ targetType: 'post' }, INVALID_TARGET_ID],
      [{ targetType: 'post', targetId: 'xyz' }, INVALID_TARGET_ID],
      [{ targetType: 'post', targetId: 5 }, INVALID_TARGET_ID],
      [{ targetType: 'post', targetId: null }, INVALID_TARGET_ID],
      [{ targetType: 'post', targetId: newId() }, POST_NOT_FOUND],
      // A comment id is no post, and a post id no comment.
      [{ targetType: 'post', targetId: comment.id }, POST_NOT_FOUND],
      [{ targetType: 'comment', targetId: post.id }, COMMENT_NOT_FOUND],
      [undefined, INVALID_CONTENT_TYPE],
    ];
    for (const [body, error] of cases) {
      expectError(await owner.client.post(itemsUrl(list), body), error as any);
    }
    expectInvalidJson(await owner.client.post(itemsUrl(list), [target(post)]));
    expectInvalidJson(await owner.client.post(itemsUrl(list), 'post'));
    expect(ok(await owner.client.get(itemsUrl(list)))).toEqual(before);
  });

  it('answers an unparsable body with "Bad JSON body." and no code', async () => {
    const byName = `/api/users/${owner.user.username}/lists/things/items`;
    for (const url of [itemsUrl(list), byName]) {
      for (const method of ['POST', 'DELETE']) {
        const res = await owner.client.request(method, url, { raw: '{"targetType": "post",' });
        expectError(res, BAD_JSON_BODY);
      }
    }
    expect((await listJson(owner.client, list)).numItems).toBe(2);
  });

  it('removes the item a body names, and nothing when it is not there', async () => {
    const extra = await newPost(admin.client, 'Extra');
    await add(owner, list, extra);
    const page = ok(await owner.client.delete(itemsUrl(list), target(extra)));
    expect(ids(page)).toEqual([comment.id, post.id]);
    expect((await listJson(owner.client, list)).numItems).toBe(2);
    expect(ok(await owner.client.delete(itemsUrl(list), target(extra)))).toEqual(page);
    expect(
      ok(await owner.client.delete(itemsUrl(list), { targetType: 'comment', targetId: newId() })),
    ).toEqual(page);
    // Half a body is a bad body, not "remove all".
    expectError(await owner.client.delete(itemsUrl(list), { targetType: 'post' }), INVALID_TARGET_ID);
    expectError(await owner.client.delete(itemsUrl(list), { targetId: post.id }), INVALID_CONTENT_TYPE);
    expectInvalidJson(await owner.client.delete(itemsUrl(list), [1]));
    expect((await listJson(owner.client, list)).numItems).toBe(2);
  });

  it('removes every item with an empty body, or a body naming neither key', async () => {
    const url = `/api/users/${owner.user.username}/lists/things/items`;
    for (const body of [undefined, {}, { other: 1 }, null]) {
      await add(owner, list, post);
      await add(owner, list, comment);
      expect((await listJson(owner.client, list)).numItems).toBe(2);
      const res =
        body === null
          ? await owner.client.request('DELETE', url, { raw: 'null' })
          : await owner.client.delete(url, body);
      expect(ok(res)).toEqual({ items: [], next: null });
      expect((await listJson(owner.client, list)).numItems).toBe(0);
    }
  });

  it('removes one item by its id, answering it without its target', async () => {
    const page = await add(owner, list, post);
    const [item] = page.items;
    const other = await newList(owner, 'other_list');
    const res = await owner.client.delete(`/api/lists/${other.id}/items/${item.id}`);
    expectError(res, ITEM_NOT_FOUND);
    const removed = ok(await owner.client.delete(`/api/lists/${list.id}/items/${item.id}`));
    expect(removed).toEqual({ ...item, targetItem: null });
    expect((await listJson(owner.client, list)).numItems).toBe(0);
    expectError(await owner.client.delete(`/api/lists/${list.id}/items/${item.id}`), ITEM_NOT_FOUND);
    expectError(await owner.client.delete(`/api/lists/${list.id}/items/99999999999999`), ITEM_NOT_FOUND);
    for (const bad of ['abc', '1.5', 'x1']) {
      expectError(await owner.client.delete(`/api/lists/${list.id}/items/${bad}`), INVALID_ITEM_ID);
    }
    expectError(await owner.client.delete(`/api/lists/abc/items/1`), {
      status: 400,
      code: 'invalid-list-id',
      message: 'Invalid list ID.',
    });
  });
});

describe('who may read and change items', () => {
  let owner: Member;
  let other: Member;
  let visitor: TestClient;
  let open: any;
  let closed: any;
  let post: any;

  beforeAll(async () => {
    owner = await member(t);
    other = await member(t);
    visitor = await guest(t);
    open = await newList(owner, 'open_list');
    closed = await newList(owner, 'closed_list', false);
    post = await newPost(admin.client);
    await add(owner, open, post);
    await add(owner, closed, post);
  });

  it('lets anyone read a public list’s items, by name and by id, and only the owner a private one', async () => {
    const byName = (list: any) => `/api/users/${owner.user.username}/lists/${list.name}/items`;
    const mine = ok(await owner.client.get(itemsUrl(open)));
    for (const client of [visitor, other.client, admin.client, owner.client]) {
      expect(ids(ok(await client.get(itemsUrl(open))))).toEqual([post.id]);
      expect(ids(ok(await client.get(byName(open))))).toEqual([post.id]);
    }
    expect(ok(await owner.client.get(byName(closed))).items).toHaveLength(1);
    for (const client of [visitor, other.client, admin.client]) {
      expectError(await client.get(itemsUrl(closed)), LIST_NOT_FOUND);
      expectError(await client.get(byName(closed)), LIST_NOT_FOUND);
    }
    expect(mine.items[0].targetItem.userVoted).toBe(false);
    // Each viewer gets the target as they see it.
    expect(ok(await visitor.get(itemsUrl(open))).items[0].targetItem.userVoted).toBeNull();
    expect(ok(await admin.client.get(itemsUrl(open))).items[0].targetItem.userVoted).toBe(true);
  });

  it('refuses changes by guests (401), others on a public list (403) and on a private one (404)', async () => {
    const body = target(post);
    for (const list of [open, closed]) {
      expectError(await visitor.post(itemsUrl(list), body), NOT_LOGGED_IN);
      expectError(await visitor.delete(itemsUrl(list), body), NOT_LOGGED_IN);
      expectError(await visitor.delete(`/api/lists/${list.id}/items/1`), NOT_LOGGED_IN);
    }
    for (const client of [other.client, admin.client]) {
      expectError(await client.post(itemsUrl(open), body), NOT_LIST_OWNER);
      expectError(await client.delete(itemsUrl(open)), NOT_LIST_OWNER);
      expectError(await client.post(itemsUrl(closed), body), LIST_NOT_FOUND);
      expectError(await client.delete(itemsUrl(closed)), LIST_NOT_FOUND);
    }
    const [item] = ok(await owner.client.get(itemsUrl(open))).items;
    expectError(await other.client.delete(`/api/lists/${open.id}/items/${item.id}`), NOT_YOUR_LIST);
    expectError(await admin.client.delete(`/api/lists/${closed.id}/items/${item.id}`), LIST_NOT_FOUND);
    expectError(await other.client.post('/api/lists/99999999/items', body), LIST_NOT_FOUND);
    for (const list of [open, closed]) expect((await listJson(owner.client, list)).numItems).toBe(1);
  });

  it('serves the item routes by name as by id, and refuses other methods with 400', async () => {
    const byName = `/api/users/${owner.user.username.toUpperCase()}/lists/open_list/items`;
    const second = await newPost(admin.client, 'Second');
    expect(ids(ok(await owner.client.post(byName, target(second))))).toEqual([second.id, post.id]);
    expect(ids(ok(await owner.client.delete(byName, target(second))))).toEqual([post.id]);
    for (const [method, url] of [
      ['PATCH', itemsUrl(open)],
      ['PUT', byName],
      ['POST', `/api/lists/${open.id}`],
      ['POST', '/api/lists/_saved_to'],
      ['GET', `/api/lists/${open.id}/items/1`],
    ] as const) {
      expectError(await owner.client.request(method, url), {
        status: 400,
        message: 'HTTP method not allowed',
      });
    }
  });
});

describe('pages and cursors', () => {
  let owner: Member;
  let list: any;
  /** The targets in creation order (their ids ascend). */
  let targets: any[];
  /** The order the targets were added in, one second apart. */
  let added: any[];

  beforeAll(async () => {
    owner = await member(t);
    list = await newList(owner, 'paged');
    const posts = [];
    for (let i = 0; i < 5; i++) posts.push(await newPost(admin.client, `Post ${i}`));
    const comments = [await newComment(admin.client, posts[0]), await newComment(admin.client, posts[1])];
    targets = [...posts, ...comments];
    added = [3, 0, 6, 1, 5, 2, 4].map((i) => targets[i]);
    for (const item of added) {
      clock.advance(1000);
      await add(owner, list, item);
    }
  });

  /** Every page of the list in this order, checking each `next` against the next page's first item. */
  async function walk(client: TestClient, query: string): Promise<{ order: string[]; pages: number }> {
    const order: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const cursor: string = next === null ? '' : `&next=${next}`;
      const page: any = ok(await client.get(`${itemsUrl(list)}?${query}${cursor}`));
      pages++;
      if (next !== null) {
        const first = page.items[0];
        const expected = /added/.test(query)
          ? String(Math.floor(Date.parse(first.createdAt) / 1000))
          : first.targetId;
        expect(next).toBe(expected);
      }
      order.push(...ids(page));
      next = page.next;
      expect(pages).toBeLessThan(20);
    } while (next !== null);
    return { order, pages };
  }

  it('walks each of the four orders over several pages, both cursor kinds', async () => {
    const targetIds = targets.map((x) => x.id);
    const addedIds = added.map((x) => x.id);
    const expected: Record<string, string[]> = {
      addedDsc: [...addedIds].reverse(),
      addedAsc: addedIds,
      createdDsc: [...targetIds].reverse(),
      createdAsc: targetIds,
    };
    const visitor = await guest(t);
    for (const [sort, order] of Object.entries(expected)) {
      expect(await walk(visitor, `sort=${sort}&limit=3`), sort).toEqual({ order, pages: 3 });
      expect(await walk(visitor, `sort=${sort}&limit=2`), sort).toEqual({ order, pages: 4 });
      expect(await walk(owner.client, `sort=${sort}&limit=7`), sort).toEqual({ order, pages: 1 });
    }
    // A cursor's format: Unix seconds, or a target id.
    const added1 = ok(await visitor.get(`${itemsUrl(list)}?limit=1`));
    expect(added1.next).toMatch(/^\d+$/);
    const created1 = ok(await visitor.get(`${itemsUrl(list)}?limit=1&sort=createdAsc`));
    expect(created1.next).toBe(targetIds[1]);
  });

  it('starts a page at any cursor, inclusive', async () => {
    const visitor = await guest(t);
    const middle = targets[3].id;
    expect(ids(ok(await visitor.get(`${itemsUrl(list)}?sort=createdDsc&next=${middle}`)))).toEqual(
      targets
        .slice(0, 4)
        .map((x) => x.id)
        .reverse(),
    );
    expect(
      ids(ok(await visitor.get(`${itemsUrl(list)}?sort=createdAsc&next=${middle.toUpperCase()}`))),
    ).toEqual(targets.slice(3).map((x) => x.id));
    const all = ok(await visitor.get(`${itemsUrl(list)}?sort=addedAsc`)).items;
    const second = String(Math.floor(Date.parse(all[2].createdAt) / 1000));
    expect(ids(ok(await visitor.get(`${itemsUrl(list)}?sort=addedAsc&next=${second}`)))).toEqual(
      all.slice(2).map((i: any) => i.targetId),
    );
    expect(ids(ok(await visitor.get(`${itemsUrl(list)}?sort=addedDsc&next=${second}`)))).toEqual(
      all
        .slice(0, 3)
        .map((i: any) => i.targetId)
        .reverse(),
    );
    // A cursor past the end is an empty page.
    expect(ok(await visitor.get(`${itemsUrl(list)}?sort=addedDsc&next=1`))).toEqual({
      items: [],
      next: null,
    });
  });

  it('never repeats or skips items that share a second at a page edge', async () => {
    const shared = await newList(owner, 'same_second');
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map((i) => newPost(admin.client, `Tie ${i}`)));
    clock.advance(1000);
    await add(owner, shared, a);
    clock.advance(1000);
    for (const item of [b, c, d]) await add(owner, shared, item); // one second, one clock reading
    clock.advance(1000);
    await add(owner, shared, e);
    const url = itemsUrl(shared);
    const pagesOf = async (sort: string, limit: number) => {
      const pages: string[][] = [];
      let next: string | null = null;
      do {
        const page: any = ok(
          await owner.client.get(`${url}?sort=${sort}&limit=${limit}${next ? `&next=${next}` : ''}`),
        );
        pages.push(ids(page));
        next = page.next;
      } while (next !== null && pages.length < 10);
      return pages;
    };
    // The second of b, c and d holds more items than a page: it is one page of its own.
    expect(await pagesOf('addedDsc', 2)).toEqual([[e.id], [d.id, c.id, b.id], [a.id]]);
    expect(await pagesOf('addedAsc', 2)).toEqual([[a.id], [b.id, c.id, d.id], [e.id]]);
    // A page edge inside that second moves the whole second to the next page.
    expect(await pagesOf('addedDsc', 3)).toEqual([[e.id], [d.id, c.id, b.id], [a.id]]);
    expect(await pagesOf('addedDsc', 4)).toEqual([[e.id, d.id, c.id, b.id], [a.id]]);
    expect(await pagesOf('addedAsc', 1)).toEqual([[a.id], [b.id, c.id, d.id], [e.id]]);
  });

  it('reads 10 items by default, all of them with a limit of 0 or less', async () => {
    const long = await newList(owner, 'long_list');
    const made = await Promise.all(Array.from({ length: 11 }, (_, i) => newPost(admin.client, `Long ${i}`)));
    const posts = made.sort((x, y) => (x.id < y.id ? -1 : 1));
    for (const post of posts) {
      clock.advance(1000);
      await add(owner, long, post);
    }
    const first = ok(await owner.client.get(itemsUrl(long)));
    expect(first.items).toHaveLength(10);
    expect(first.next).not.toBeNull();
    for (const limit of ['0', '-1', '', '99999999999999999999']) {
      const all = ok(await owner.client.get(`${itemsUrl(long)}?limit=${limit}`));
      expect(all.items, limit).toHaveLength(limit === '' ? 10 : 11);
    }
    // Adding and removing answer with a page too, read with the same query.
    const afterAdd = ok(
      await owner.client.post(`${itemsUrl(long)}?limit=2&sort=createdAsc`, target(posts[0])),
    );
    expect(ids(afterAdd)).toEqual([posts[0].id, posts[1].id]);
    expect(afterAdd.next).toBe(posts[2].id);
  });

  it('follows the list’s own sort when the query has none', async () => {
    const visitor = await guest(t);
    ok(await owner.client.put(`/api/lists/${list.id}`, { sort: 'createdAsc' }));
    expect(ids(ok(await visitor.get(itemsUrl(list))))).toEqual(targets.map((x) => x.id));
    expect(ids(ok(await visitor.get(`${itemsUrl(list)}?sort=addedAsc`)))).toEqual(added.map((x) => x.id));
    ok(await owner.client.put(`/api/lists/${list.id}`, { sort: 'addedDsc' }));
    expect(ids(ok(await visitor.get(itemsUrl(list))))).toEqual(added.map((x) => x.id).reverse());
  });

  it('refuses a bad limit, sort or cursor on every method, before changing anything', async () => {
    const post = targets[0];
    for (const [query, error] of [
      ['limit=abc', INVALID_LIMIT],
      ['limit=1.5', INVALID_LIMIT],
      ['limit=1e3', INVALID_LIMIT],
      ['sort=newest', INVALID_LIST_SORT],
      ['sort=lastAdded', INVALID_LIST_SORT],
      ['next=abc', INVALID_CURSOR],
      ['next=1.5', INVALID_CURSOR],
      [`next=${post.id}`, INVALID_CURSOR], // an id is no cursor of the added sorts
      ['sort=createdAsc&next=123', INVALID_CURSOR],
    ] as const) {
      expectError(await owner.client.get(`${itemsUrl(list)}?${query}`), error);
      expectError(await owner.client.delete(`${itemsUrl(list)}?${query}`), error);
      expectError(await owner.client.post(`${itemsUrl(list)}?${query}`, target(post)), error);
    }
    expectInvalidJson(await owner.client.get(`${itemsUrl(list)}?limit=1&limit=2`));
    expect((await listJson(owner.client, list)).numItems).toBe(7);
  });
});

describe('targets', () => {
  it('shows deleted targets as their viewers see them, and a target that is gone as null', async () => {
    const owner = await member(t);
    const author = await member(t);
    const list = await newList(owner, 'fading');
    const post = await newPost(author.client, 'Soon deleted');
    const comment = await newComment(author.client, post, 'Soon deleted too');
    const vanishing = await newComment(author.client, post, 'Soon gone');
    for (const item of [post, comment, vanishing]) await add(owner, list, item);
    ok(await author.client.delete(`/api/posts/${post.publicId}?deleteAs=normal`));
    ok(await author.client.delete(`/api/posts/${post.id}/comments/${comment.id}?deleteAs=normal`));
    // No route removes a post or comment row today; the database may all the same.
    await t.db.deleteFrom('comments').where('id', '=', vanishing.id).execute();
    const ghost = newId();
    await t.db
      .insertInto('list_items')
      .values({ list_id: list.id, target_type: 'post', target_id: ghost })
      .execute();

    const page = ok(await (await guest(t)).get(`${itemsUrl(list)}?sort=createdAsc`));
    expect(page.items.map((i: any) => [i.targetType, i.targetId])).toEqual([
      ['post', post.id],
      ['comment', comment.id],
      ['comment', vanishing.id],
      ['post', ghost],
    ]);
    const [deletedPost, deletedComment, gone, neverWas] = page.items.map((i: any) => i.targetItem);
    expect(deletedPost).toMatchObject({ id: post.id, deleted: true, title: 'Soon deleted' });
    expect(deletedComment).toMatchObject({
      id: comment.id,
      deleted: true,
      contentStripped: true,
      body: '[Deleted comment]',
      postTitle: 'Soon deleted',
    });
    expect(gone).toBeNull();
    expect(neverWas).toBeNull();
    // A gone target can still be removed by its id.
    const emptied = ok(await owner.client.delete(itemsUrl(list), { targetType: 'post', targetId: ghost }));
    expect(emptied.items).toHaveLength(3);
  });
});

/** The app over a query-counting view of the same database. */
async function countingApp(base: TestApp) {
  let count = 0;
  const counter: KyselyPlugin = {
    transformQuery(args) {
      count++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const db = base.db.withPlugin(counter);
  const secrets = new Secrets();
  await secrets.load(db, base.config);
  const app = await buildApp({ config: base.config, db, secrets, logger: false, checkResponses: true });
  await app.ready();
  return {
    client: () => new TestClient(app),
    async queriesOf(request: () => Promise<TestResponse>): Promise<number> {
      count = 0;
      ok(await request());
      return count;
    },
    close: () => app.close(),
  };
}

describe('the cost of a page', () => {
  it('takes the same number of queries for 3 items as for 12 of mixed kinds and authors', async () => {
    const owner = await member(t);
    const list = await newList(owner, 'costly');
    const other = await newCommunity(admin.client);
    const authors = [await member(t), await member(t), await member(t)];
    for (const [i, author] of authors.entries()) {
      const post = await newPost(author.client, `Cost ${i}`, i === 0 ? community : other);
      const reply = await newComment(authors[(i + 1) % 3]!.client, post, `Reply ${i}`);
      const third = await newPost(admin.client, `Admin ${i}`, other);
      const answer = await newComment(author.client, third, `Answer ${i}`);
      for (const item of [post, reply, third, answer]) {
        clock.advance(1000);
        await add(owner, list, item);
      }
    }
    const counting = await countingApp(t);
    try {
      const viewer = counting.client();
      ok(await viewer.login(owner.user.username));
      const url = itemsUrl(list);
      const small = await counting.queriesOf(() => viewer.get(`${url}?limit=3`));
      const large = await counting.queriesOf(() => viewer.get(`${url}?limit=12`));
      expect(ok(await viewer.get(`${url}?limit=12`)).items).toHaveLength(12);
      expect(large).toBe(small);
      expect(await counting.queriesOf(() => viewer.get(`${url}?limit=0&sort=createdDsc`))).toBe(small);
      const anonymous = counting.client();
      await anonymous.start();
      expect(await counting.queriesOf(() => anonymous.get(`${url}?limit=12`))).toBeLessThanOrEqual(small);
    } finally {
      await counting.close();
    }
  });
});
