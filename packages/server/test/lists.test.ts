import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, migrate } from '../src/db/migrate.js';
import { newId } from '../src/lib/ids.js';
import { guest, member, newCommunity, uniqueName, type Member } from './factories.js';
import {
  createTestApp,
  openEmptyDatabase,
  type TestApp,
  type TestClient,
  type TestResponse,
} from './harness.js';
import { NOT_LOGGED_IN, USER_NOT_FOUND } from './api-errors.js';

/**
 * Lists themselves (API.md §14.1–14.3, §14.6, §5.8; DOMAIN §9.2): every account's bookmarks list,
 * listing, creation, reading, editing and deletion, who may do what, `_initial.lists`, account
 * deletion and `_saved_to`. The items are in list-items.test.ts.
 */

const LIST_KEYS = [
  'id',
  'userId',
  'username',
  'name',
  'displayName',
  'description',
  'public',
  'numItems',
  'sort',
  'createdAt',
  'lastUpdatedAt',
];

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
const NAME_EMPTY = { status: 400, code: 'list-name-empty', message: 'Name cannot be empty.' };
const NAME_SHORT = { status: 400, code: 'invalid-list-name', message: 'List name is too short.' };
const NAME_LONG = { status: 400, code: 'invalid-list-name', message: 'List name is too long.' };
const NAME_CHARS = {
  status: 400,
  code: 'invalid-list-name',
  message: 'List name contains disallowed characters.',
};
const INVALID_LIST_ID = { status: 400, code: 'invalid-list-id', message: 'Invalid list ID.' };
const INVALID_LISTS_SORT = { status: 400, code: 'invalid-lists-sort', message: 'Invalid sort.' };
const INVALID_LISTS_FILTER = { status: 400, code: 'invalid-lists-filter', message: 'Invalid filter.' };
const INVALID_LIST_SORT = { status: 400, code: 'invalid-list-sort', message: 'Invalid sort.' };
const INVALID_TARGET_ID = { status: 400, code: 'invalid-target-id', message: 'Invalid target ID.' };
const INVALID_CONTENT_TYPE = {
  status: 400,
  code: 'invalid-content-type',
  message: 'Invalid content type.',
};
const duplicate = (name: string) => ({
  status: 409,
  code: 'duplicate-list',
  message: `List with name ${name} already exists.`,
});

let t: TestApp;
let admin: Member;
let community: any;

beforeAll(async () => {
  t = await createTestApp();
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

const names = (lists: any[]) => lists.map((l) => l.name);
const listsUrl = (owner: Member) => `/api/users/${owner.user.username}/lists`;
const byName = (owner: Member, name: string) => `${listsUrl(owner)}/${name}`;

async function createList(owner: Member, body: Record<string, unknown>, query = ''): Promise<any[]> {
  return ok(await owner.client.post(`${listsUrl(owner)}${query}`, body));
}

/** Creates the list and answers it (from the owner's full answer). */
async function newList(owner: Member, name: string, extra: Record<string, unknown> = {}): Promise<any> {
  const lists = await createList(owner, { name, ...extra });
  return lists.find((l) => l.name === name);
}

async function newPost(client: TestClient): Promise<any> {
  return ok(await client.post('/api/posts', { type: 'text', title: 'A post', community: community.name }));
}

async function save(owner: Member, listId: number, post: any) {
  return ok(await owner.client.post(`/api/lists/${listId}/items`, { targetType: 'post', targetId: post.id }));
}

describe('the bookmarks list', () => {
  it('comes with every new account, private, with the contract shape', async () => {
    const client = t.client();
    const username = uniqueName('signup');
    expect((await client.signup(username)).status).toBe(201);
    const [bookmarks, ...others] = ok(await client.get(`/api/users/${username}/lists`));
    expect(others).toEqual([]);
    expect(Object.keys(bookmarks)).toEqual(LIST_KEYS);
    expect(bookmarks).toEqual({
      id: expect.any(Number),
      userId: expect.stringMatching(/^[0-9a-f]{24}$/),
      username,
      name: 'bookmarks',
      displayName: 'Bookmarks',
      description: null,
      public: false,
      numItems: 0,
      sort: 'addedDsc',
      createdAt: expect.any(String),
      lastUpdatedAt: bookmarks.createdAt,
    });
    expect(bookmarks.id).toBeGreaterThanOrEqual(100000);
    // Private: nobody else sees it.
    expect(ok(await (await guest(t)).get(`/api/users/${username}/lists`))).toEqual([]);
  });

  it('was given to the seeded ghost and nobody accounts, which go through registration', async () => {
    const rows = await t.db
      .selectFrom('lists')
      .innerJoin('users', 'users.id', 'lists.user_id')
      .select(['users.username', 'lists.name', 'lists.public'])
      .where('users.username', 'in', ['ghost', 'nobody'])
      .orderBy('users.username')
      .execute();
    expect(rows).toEqual([
      { username: 'ghost', name: 'bookmarks', public: false },
      { username: 'nobody', name: 'bookmarks', public: false },
    ]);
  });

  it('is added by the migration to every live account of an upgraded site, once', async () => {
    const database = await openEmptyDatabase();
    try {
      await database.db.transaction().execute((trx) => applyMigrations(trx, { to: 4 }));
      const user = (id: string, username: string, deleted: boolean) => ({
        id,
        username,
        password: 'x',
        deleted_at: deleted ? new Date() : null,
      });
      const [live, gone] = [newId(), newId()];
      await database.db
        .insertInto('users')
        .values([user(live, 'before_lists', false), user(gone, 'deleted_one', true)])
        .execute();
      // Later migrations follow; the lists one is what this test is about.
      expect((await migrate(database.db)).slice(0, 1)).toEqual(['0005_lists']);
      const rows = await database.db
        .selectFrom('lists')
        .select(['user_id', 'name', 'display_name'])
        .execute();
      expect(rows).toEqual([{ user_id: live, name: 'bookmarks', display_name: 'Bookmarks' }]);
    } finally {
      await database.close();
    }
  });
});

describe('GET /api/users/{username}/lists', () => {
  let owner: Member;
  let other: Member;

  beforeAll(async () => {
    owner = await member(t);
    other = await member(t);
    // Created in this order; then items make "Zeta" the most recently updated.
    const zeta = await newList(owner, 'Zeta', { public: true });
    await newList(owner, 'alpha', { public: true });
    await newList(owner, 'Mid_private');
    await save(owner, zeta.id, await newPost(admin.client));
  });

  it('shows the owner every list, last added first by default, or by name A to Z', async () => {
    const lists = ok(await owner.client.get(listsUrl(owner)));
    expect(names(lists)).toEqual(['Zeta', 'Mid_private', 'alpha', 'bookmarks']);
    for (const list of lists) expect(Object.keys(list)).toEqual(LIST_KEYS);
    expect(ok(await owner.client.get(`${listsUrl(owner)}?sort=lastAdded&filter=all`))).toEqual(lists);
    expect(names(ok(await owner.client.get(`${listsUrl(owner)}?sort=name`)))).toEqual([
      'alpha',
      'bookmarks',
      'Mid_private',
      'Zeta',
    ]);
  });

  it('filters public and private lists for the owner', async () => {
    expect(names(ok(await owner.client.get(`${listsUrl(owner)}?filter=public`)))).toEqual(['Zeta', 'alpha']);
    expect(names(ok(await owner.client.get(`${listsUrl(owner)}?filter=private&sort=name`)))).toEqual([
      'bookmarks',
      'Mid_private',
    ]);
  });

  it('shows everyone else, admins included, only the public lists', async () => {
    const visitor = await guest(t);
    for (const client of [visitor, other.client, admin.client]) {
      expect(names(ok(await client.get(listsUrl(owner))))).toEqual(['Zeta', 'alpha']);
      expect(names(ok(await client.get(`${listsUrl(owner)}?sort=name&filter=all`)))).toEqual([
        'alpha',
        'Zeta',
      ]);
      expect(ok(await client.get(`${listsUrl(owner)}?filter=private`))).toEqual([]);
    }
  });

  it('finds the user in any case, and answers 404 for an unknown one', async () => {
    const upper = `/api/users/${owner.user.username.toUpperCase()}/lists?filter=public`;
    expect(names(ok(await other.client.get(upper)))).toEqual(['Zeta', 'alpha']);
    expectError(await other.client.get(`/api/users/${uniqueName('nobody')}/lists`), USER_NOT_FOUND);
  });

  it('refuses an unknown sort or filter', async () => {
    expectError(await owner.client.get(`${listsUrl(owner)}?sort=newest`), INVALID_LISTS_SORT);
    expectError(await owner.client.get(`${listsUrl(owner)}?sort=NAME`), INVALID_LISTS_SORT);
    expectError(await owner.client.get(`${listsUrl(owner)}?filter=hidden`), INVALID_LISTS_FILTER);
    expectInvalidJson(await owner.client.get(`${listsUrl(owner)}?filter=all&filter=public`));
  });
});

describe('POST /api/users/{username}/lists', () => {
  it('creates a list and answers all of the owner’s lists in the query’s order and filter', async () => {
    const owner = await member(t);
    const lists = await createList(owner, { name: 'reading', public: true }, '?sort=name&filter=all');
    expect(names(lists)).toEqual(['bookmarks', 'reading']);
    const created = lists[1];
    expect(created).toEqual({
      id: expect.any(Number),
      userId: owner.user.id,
      username: owner.user.username,
      name: 'reading',
      displayName: 'reading',
      description: null,
      public: true,
      numItems: 0,
      sort: 'addedDsc',
      createdAt: expect.any(String),
      lastUpdatedAt: created.createdAt,
    });
    expect(names(await createList(owner, { name: 'later' }, '?filter=private'))).toEqual([
      'later',
      'bookmarks',
    ]);
    expect(names(await createList(owner, { name: 'pub2', public: true }, '?filter=public'))).toEqual([
      'pub2',
      'reading',
    ]);
  });

  it('defaults and truncates the display name and description, and stores "" as null', async () => {
    const owner = await member(t);
    const plain = await newList(owner, 'plain', { displayName: '', description: '' });
    expect(plain).toMatchObject({ displayName: 'plain', description: null, public: false });
    const blank = await newList(owner, 'blank', { displayName: '   ', description: '  \n ' });
    expect(blank).toMatchObject({ displayName: 'blank', description: null });
    const nulls = await newList(owner, 'nulls', { displayName: null, description: null, public: null });
    expect(nulls).toMatchObject({ displayName: 'nulls', description: null, public: false });
    // Characters are code points: 60 emoji become 50.
    const long = await newList(owner, 'long', {
      displayName: '😀'.repeat(60),
      description: 'é'.repeat(10_050),
    });
    expect(long.displayName).toBe('😀'.repeat(50));
    expect(long.description).toBe('é'.repeat(10_000));
    const kept = await newList(owner, 'kept', { displayName: ' My reads ', description: '  indented\n' });
    expect(kept).toMatchObject({ displayName: 'My reads', description: '  indented\n' });
  });

  it('applies the list-name rule and creates nothing on refusal', async () => {
    const owner = await member(t);
    const cases: [unknown, object][] = [
      [undefined, NAME_EMPTY],
      [null, NAME_EMPTY],
      ['', NAME_EMPTY],
      ['   ', NAME_EMPTY],
      ['ab', NAME_SHORT],
      ['a'.repeat(22), NAME_LONG],
      ['my list', NAME_CHARS],
      ['liste-1', NAME_CHARS],
      ['café', NAME_CHARS],
    ];
    for (const [name, error] of cases) {
      const body = name === undefined ? { displayName: 'x' } : { name };
      expectError(await owner.client.post(listsUrl(owner), body), error as any);
    }
    expectError(await owner.client.post(listsUrl(owner)), NAME_EMPTY);
    // Names at the edges of the rule pass, trimmed.
    expect(names(await createList(owner, { name: ' abc ' }, '?sort=name'))).toEqual(['abc', 'bookmarks']);
    expect(names(await createList(owner, { name: 'A_b_9'.padEnd(21, 'z') }, '?sort=name'))).toContain(
      'A_b_9'.padEnd(21, 'z'),
    );
    expect(names(ok(await owner.client.get(`${listsUrl(owner)}?sort=name`)))).toHaveLength(3);
  });

  it('refuses a name the owner already uses (409) but not one another user uses', async () => {
    const owner = await member(t);
    const other = await member(t);
    await newList(owner, 'dupe');
    expectError(await owner.client.post(listsUrl(owner), { name: 'dupe', public: true }), duplicate('dupe'));
    expectError(await owner.client.post(listsUrl(owner), { name: 'bookmarks' }), duplicate('bookmarks'));
    await newList(other, 'dupe');
    // Names are URL segments, matched as written: another case is another name.
    await newList(owner, 'Dupe');
    expect(names(ok(await owner.client.get(listsUrl(owner))))).toEqual(['Dupe', 'dupe', 'bookmarks']);
  });

  it('is for logged-in users, for themselves only', async () => {
    const owner = await member(t);
    const other = await member(t);
    const visitor = await guest(t);
    expectError(await visitor.post(listsUrl(owner), { name: 'nope' }), NOT_LOGGED_IN);
    expectError(await other.client.post(listsUrl(owner), { name: 'nope' }), NOT_YOUR_LIST);
    expectError(await admin.client.post(listsUrl(owner), { name: 'nope' }), NOT_YOUR_LIST);
    expectError(
      await other.client.post(`/api/users/${uniqueName('nosuch')}/lists`, { name: 'nope' }),
      NOT_YOUR_LIST,
    );
    // The path's username in another case is still oneself.
    const upper = `/api/users/${owner.user.username.toUpperCase()}/lists`;
    expect(names(ok(await owner.client.post(upper, { name: 'mine' })))).toEqual(['mine', 'bookmarks']);
  });

  it('refuses wrong types and a bad query before creating anything', async () => {
    const owner = await member(t);
    expectInvalidJson(await owner.client.post(listsUrl(owner), { name: 5 }));
    expectInvalidJson(await owner.client.post(listsUrl(owner), { name: 'typed', public: 'yes' }));
    expectInvalidJson(await owner.client.post(listsUrl(owner), { name: 'typed', description: 3 }));
    expectInvalidJson(await owner.client.post(listsUrl(owner), ['typed']));
    expectInvalidJson(await owner.client.post(listsUrl(owner), undefined, { raw: '{"name":' }));
    expectError(
      await owner.client.post(`${listsUrl(owner)}?sort=size`, { name: 'typed' }),
      INVALID_LISTS_SORT,
    );
    expectError(
      await owner.client.post(`${listsUrl(owner)}?filter=mine`, { name: 'typed' }),
      INVALID_LISTS_FILTER,
    );
    expect(names(ok(await owner.client.get(listsUrl(owner))))).toEqual(['bookmarks']);
  });
});

describe('one list: GET, PUT and DELETE, by name and by id', () => {
  let owner: Member;
  let other: Member;
  let visitor: TestClient;

  beforeAll(async () => {
    owner = await member(t);
    other = await member(t);
    visitor = await guest(t);
  });

  it('reads a list by name and by id', async () => {
    const list = await newList(owner, 'readable', { public: true, description: 'Things' });
    for (const client of [owner.client, other.client, admin.client, visitor]) {
      expect(ok(await client.get(byName(owner, 'readable')))).toEqual(list);
      expect(ok(await client.get(`/api/lists/${list.id}`))).toEqual(list);
    }
    const upper = `/api/users/${owner.user.username.toUpperCase()}/lists/readable`;
    expect(ok(await other.client.get(upper))).toEqual(list);
  });

  it('hides a private list from everyone but its owner, admins included: 404, never 403', async () => {
    const list = await newList(owner, 'hidden');
    expect(ok(await owner.client.get(`/api/lists/${list.id}`))).toEqual(list);
    for (const client of [other.client, admin.client, visitor]) {
      expectError(await client.get(byName(owner, 'hidden')), LIST_NOT_FOUND);
      expectError(await client.get(`/api/lists/${list.id}`), LIST_NOT_FOUND);
      expectError(await client.get(`${byName(owner, 'hidden')}/items`), LIST_NOT_FOUND);
    }
    for (const client of [other.client, admin.client]) {
      expectError(await client.put(`/api/lists/${list.id}`, { displayName: 'x' }), LIST_NOT_FOUND);
      expectError(await client.delete(byName(owner, 'hidden')), LIST_NOT_FOUND);
    }
    expect(ok(await owner.client.get(`/api/lists/${list.id}`))).toEqual(list);
  });

  it('answers 404 for unknown lists and 400 for ids that are not integers', async () => {
    expectError(await owner.client.get(byName(owner, 'nosuchlist')), LIST_NOT_FOUND);
    expectError(await owner.client.get(`/api/users/${uniqueName('nobody')}/lists/bookmarks`), LIST_NOT_FOUND);
    expectError(await owner.client.get('/api/lists/99999999'), LIST_NOT_FOUND);
    expectError(await owner.client.get('/api/lists/99999999999999999999'), LIST_NOT_FOUND);
    expectError(await owner.client.get('/api/lists/0'), LIST_NOT_FOUND);
    for (const id of ['abc', '1.5', '12abc', '0x10']) {
      expectError(await owner.client.get(`/api/lists/${id}`), INVALID_LIST_ID);
      expectError(await owner.client.delete(`/api/lists/${id}`), INVALID_LIST_ID);
      expectError(await owner.client.get(`/api/lists/${id}/items`), INVALID_LIST_ID);
    }
    // Names in another case are other names.
    expectError(await owner.client.get(byName(owner, 'BOOKMARKS')), LIST_NOT_FOUND);
  });

  it('merges a PUT over the list, by id and by name', async () => {
    const list = await newList(owner, 'editable', { description: 'First', displayName: 'Edit me' });
    const renamed = ok(await owner.client.put(`/api/lists/${list.id}`, { displayName: 'Edited' }));
    expect(renamed).toEqual({ ...list, displayName: 'Edited' });
    const published = ok(
      await owner.client.put(byName(owner, 'editable'), { public: true, sort: 'createdAsc' }),
    );
    expect(published).toEqual({ ...renamed, public: true, sort: 'createdAsc' });
    const moved = ok(
      await owner.client.put(`/api/lists/${list.id}`, {
        name: 'edited_2',
        displayName: '',
        description: '',
        public: false,
        sort: 'addedAsc',
      }),
    );
    expect(moved).toEqual({
      ...published,
      name: 'edited_2',
      displayName: 'edited_2',
      description: null,
      public: false,
      sort: 'addedAsc',
    });
    expectError(await owner.client.get(byName(owner, 'editable')), LIST_NOT_FOUND);
    expect(ok(await owner.client.get(byName(owner, 'edited_2')))).toEqual(moved);
    // Nulls keep the values (the description's null clears it); an empty body changes nothing.
    const nulls = ok(
      await owner.client.put(`/api/lists/${list.id}`, {
        name: null,
        displayName: null,
        public: null,
        sort: null,
      }),
    );
    expect(nulls).toEqual(moved);
    expect(ok(await owner.client.put(`/api/lists/${list.id}`))).toEqual(moved);
    const truncated = ok(
      await owner.client.put(`/api/lists/${list.id}`, {
        displayName: 'x'.repeat(80),
        description: 'y'.repeat(10_001),
      }),
    );
    expect(truncated.displayName).toBe('x'.repeat(50));
    expect(truncated.description).toBe('y'.repeat(10_000));
    // Every sort of the contract is accepted [fix].
    for (const sort of ['addedDsc', 'addedAsc', 'createdDsc', 'createdAsc']) {
      expect(ok(await owner.client.put(`/api/lists/${list.id}`, { sort })).sort).toBe(sort);
    }
  });

  it('checks a PUT again and changes nothing on refusal', async () => {
    const list = await newList(owner, 'strict', { public: true });
    await newList(owner, 'taken');
    const url = `/api/lists/${list.id}`;
    expectError(await owner.client.put(url, { name: 'taken' }), duplicate('taken'));
    expectError(await owner.client.put(url, { name: '' }), NAME_EMPTY);
    expectError(await owner.client.put(url, { name: 'no' }), NAME_SHORT);
    expectError(await owner.client.put(url, { name: 'no way' }), NAME_CHARS);
    expectError(await owner.client.put(url, { sort: 'newest' }), INVALID_LIST_SORT);
    expectError(
      await owner.client.put(url, { sort: 'lastAdded', displayName: 'Changed' }),
      INVALID_LIST_SORT,
    );
    expectInvalidJson(await owner.client.put(url, { public: 1 }));
    expectInvalidJson(await owner.client.put(url, { displayName: ['x'] }));
    expectInvalidJson(await owner.client.put(url, undefined, { raw: 'not json' }));
    expect(ok(await owner.client.get(url))).toEqual(list);
    // Keeping its own name is no conflict.
    expect(ok(await owner.client.put(url, { name: 'strict', displayName: 'Strict' })).displayName).toBe(
      'Strict',
    );
  });

  it('lets only the owner change or delete a list', async () => {
    const list = await newList(owner, 'guarded', { public: true });
    for (const url of [`/api/lists/${list.id}`, byName(owner, 'guarded')]) {
      expectError(await visitor.put(url, { displayName: 'x' }), NOT_LOGGED_IN);
      expectError(await visitor.delete(url), NOT_LOGGED_IN);
      for (const client of [other.client, admin.client]) {
        expectError(await client.put(url, { displayName: 'x' }), NOT_LIST_OWNER);
        expectError(await client.delete(url), NOT_LIST_OWNER);
      }
    }
    // A guest is refused before the list is looked up.
    expectError(await visitor.put('/api/lists/99999999', {}), NOT_LOGGED_IN);
    expectError(await visitor.delete('/api/lists/abc'), NOT_LOGGED_IN);
    expect(ok(await visitor.get(`/api/lists/${list.id}`))).toEqual(list);
  });

  it('deletes a list with its items and answers the list as it was', async () => {
    const list = await newList(owner, 'doomed', { public: true });
    const post = await newPost(admin.client);
    await save(owner, list.id, post);
    const before = ok(await owner.client.get(`/api/lists/${list.id}`));
    expect(before.numItems).toBe(1);
    expect(ok(await owner.client.delete(byName(owner, 'doomed')))).toEqual(before);
    expectError(await owner.client.get(`/api/lists/${list.id}`), LIST_NOT_FOUND);
    expectError(await owner.client.delete(`/api/lists/${list.id}`), LIST_NOT_FOUND);
    const items = await t.db.selectFrom('list_items').select('id').where('list_id', '=', list.id).execute();
    expect(items).toEqual([]);
    const second = await newList(owner, 'doomed_too');
    expect(ok(await owner.client.delete(`/api/lists/${second.id}`))).toEqual(second);
    expect(names(ok(await owner.client.get(listsUrl(owner))))).not.toContain('doomed_too');
  });
});

describe('_initial.lists', () => {
  it('holds the viewer’s lists, public and private, most recently updated first; [] for a guest', async () => {
    const owner = await member(t);
    const first = await newList(owner, 'first', { public: true });
    await newList(owner, 'second');
    await save(owner, first.id, await newPost(admin.client));
    const initial = ok(await owner.client.get('/api/_initial'));
    expect(names(initial.lists)).toEqual(['first', 'second', 'bookmarks']);
    expect(initial.lists).toEqual(ok(await owner.client.get(listsUrl(owner))));
    expect(ok(await (await guest(t)).get('/api/_initial')).lists).toEqual([]);
  });
});

describe('account deletion', () => {
  it('deletes the account’s lists and their items, and nobody else’s', async () => {
    const leaver = await member(t);
    const stayer = await member(t);
    const post = await newPost(admin.client);
    const list = await newList(leaver, 'leaving', { public: true });
    await save(leaver, list.id, post);
    const kept = await newList(stayer, 'staying');
    await save(stayer, kept.id, post);

    ok(await leaver.client.delete(`/api/users/${leaver.user.username}`, { password: 'password123' }));
    const rows = await t.db.selectFrom('lists').select('id').where('user_id', '=', leaver.user.id).execute();
    expect(rows).toEqual([]);
    const items = await t.db.selectFrom('list_items').select('id').where('list_id', '=', list.id).execute();
    expect(items).toEqual([]);
    expectError(await stayer.client.get(`/api/lists/${list.id}`), LIST_NOT_FOUND);
    expect(ok(await stayer.client.get(`/api/lists/${kept.id}`)).numItems).toBe(1);
    expect(ok(await admin.client.get(`/api/users/${leaver.user.username}/lists`))).toEqual([]);
  });
});

describe('GET /api/lists/_saved_to', () => {
  it('answers the ids of the viewer’s own lists holding the target', async () => {
    const owner = await member(t);
    const other = await member(t);
    const post = await newPost(admin.client);
    const [a, b] = [await newList(owner, 'list_a'), await newList(owner, 'list_b', { public: true })];
    const theirs = await newList(other, 'theirs', { public: true });
    await save(owner, b.id, post);
    await save(owner, a.id, post);
    await save(other, theirs.id, post);
    const url = `/api/lists/_saved_to?id=${post.id}&type=post`;
    expect(ok(await owner.client.get(url))).toEqual([a.id, b.id]);
    expect(ok(await other.client.get(url))).toEqual([theirs.id]);
    expect(ok(await admin.client.get(url))).toEqual([]);
    expect(ok(await owner.client.get(`/api/lists/_saved_to?id=${post.id.toUpperCase()}&type=post`))).toEqual([
      a.id,
      b.id,
    ]);
    // The same id as another type, and an id nothing has: none.
    expect(ok(await owner.client.get(`/api/lists/_saved_to?id=${post.id}&type=comment`))).toEqual([]);
    expect(ok(await owner.client.get(`/api/lists/_saved_to?id=${newId()}&type=post`))).toEqual([]);
  });

  it('needs login and a valid id and type', async () => {
    const viewer = await member(t);
    const id = newId();
    expectError(await (await guest(t)).get(`/api/lists/_saved_to?id=${id}&type=post`), NOT_LOGGED_IN);
    expectError(await viewer.client.get('/api/lists/_saved_to?type=post'), INVALID_TARGET_ID);
    expectError(await viewer.client.get(`/api/lists/_saved_to?id=xyz&type=post`), INVALID_TARGET_ID);
    expectError(await viewer.client.get(`/api/lists/_saved_to?id=${id}`), INVALID_CONTENT_TYPE);
    expectError(await viewer.client.get(`/api/lists/_saved_to?id=${id}&type=user`), INVALID_CONTENT_TYPE);
  });
});

describe('rate limits (RATE_LIMITS=on)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => limited.close());

  const TOO_MANY = { status: 429, message: 'Too Many Requests.' };

  it('allows one list creation per 2 s, one edit or deletion per second, two items added per second', async () => {
    const owner = await member(limited);
    const url = `/api/users/${owner.user.username}/lists`;
    const [list] = ok(await owner.client.post(url, { name: 'limited', public: true }));
    expectError(await owner.client.post(url, { name: 'limited_2' }), TOO_MANY);

    ok(await owner.client.put(`/api/lists/${list.id}`, { displayName: 'One' }));
    expectError(await owner.client.put(`/api/lists/${list.id}`, { displayName: 'Two' }), TOO_MANY);
    expectError(await owner.client.delete(`/api/lists/${list.id}`), TOO_MANY);

    const poster = await member(limited, { isAdmin: true });
    const c = await newCommunity(poster.client);
    // Posting has its own limit: one post, added again and again (adding it again still counts).
    const post = ok(
      await poster.client.post('/api/posts', { type: 'text', title: 'Post', community: c.name }),
    );
    const add = () =>
      owner.client.post(`/api/lists/${list.id}/items`, { targetType: 'post', targetId: post.id });
    ok(await add());
    ok(await add());
    expectError(await add(), TOO_MANY);
    // Reading is never limited.
    ok(await owner.client.get(`/api/lists/${list.id}/items`));
    ok(await owner.client.get(url));
  });
});
