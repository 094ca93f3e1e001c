import {
  isContentType,
  isListItemSort,
  type Comment,
  type ContentType,
  type ListItem,
  type ListItemPage,
  type ListItemSort,
  type Post,
} from '@commons/shared';
import type { ListItemsQueryParams } from '@commons/shared/schemas';
import { commentJsons } from '../comments/comment-views.js';
import { commentsByIds, findCommentById } from '../comments/comments.repository.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import { assertMayChangeList, assertMayReadList } from '../policies/lists.policy.js';
import { signedIn } from '../policies/roles.policy.js';
import { postJsons } from '../posts/post-views.js';
import { findPostById, postsByIds } from '../posts/posts.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { presentListItem } from './lists.presenter.js';
import {
  countAddedItem,
  countRemovedItems,
  deleteAllListItems,
  deleteListItemById,
  deleteListItemByTarget,
  insertListItem,
  listItemsByAdded,
  listItemsByTarget,
  lockList,
  type Direction,
  type ListItemRow,
  type ListRow,
} from './lists.repository.js';
import { findList, parseIntegerId, withFacts, type ListRef } from './lists.service.js';
import { INT32_MAX } from '../lib/int32.js';

/*
 * A list's items (API.md §14.4, §14.5). Every method answers a page of the items, read with the query's
 * limit, cursor and sort; the query is checked before anything changes. Item changes lock the list's
 * row, so that an item and the list's counter change together, in one transaction.
 */

const DEFAULT_LIMIT = 10;

interface PageQuery {
  /** Null: the list's own sort. */
  sort: ListItemSort | null;
  /** Null: no limit (`limit` ≤ 0). */
  limit: number | null;
  next: string | null;
}

function parsePageQuery(query: ListItemsQueryParams): PageQuery {
  let limit: number | null = DEFAULT_LIMIT;
  if (query.limit !== undefined && query.limit !== '') {
    if (!/^-?\d+$/.test(query.limit)) throw errors.invalidListItemsLimit();
    const n = Number(query.limit);
    // No maximum (DOMAIN §2.10): beyond what any list can hold is the same as no limit.
    limit = n <= 0 || n > INT32_MAX ? null : n;
  }
  let sort: ListItemSort | null = null;
  if (query.sort !== undefined && query.sort !== '') {
    if (!isListItemSort(query.sort)) throw errors.invalidListSort();
    sort = query.sort;
  }
  return { sort, limit, next: query.next || null };
}

type Cursor = { kind: 'added'; second: number } | { kind: 'created'; targetId: string };

interface Page {
  sort: ListItemSort;
  direction: Direction;
  limit: number | null;
  cursor: Cursor | null;
}

/**
 * The page to read: the query's sort, else the list's own (which starts as `addedDsc`, the contract's
 * default), and its cursor: Unix seconds for the added sorts, a target id for the created sorts.
 */
function pageOf(list: ListRow, query: PageQuery): Page {
  const sort = query.sort ?? list.ordering;
  const direction: Direction = sort.endsWith('Dsc') ? 'desc' : 'asc';
  let cursor: Cursor | null = null;
  if (query.next !== null) {
    if (sort.startsWith('added')) {
      if (!/^\d{1,12}$/.test(query.next)) throw errors.invalidCursor();
      cursor = { kind: 'added', second: Number(query.next) };
    } else {
      const targetId = parseId(query.next);
      if (!targetId) throw errors.invalidCursor();
      cursor = { kind: 'created', targetId };
    }
  }
  return { sort, direction, limit: query.limit, cursor };
}

const secondOf = (row: ListItemRow) => Math.floor(row.created_at.getTime() / 1000);
const startOf = (second: number) => new Date(second * 1000);

/**
 * A page by time added. The cursor is a whole second (the contract's), inclusive, so a page never ends
 * inside a second: the items of the second at the page's edge all go to the next page, and when one
 * second holds more items than the limit, that second is a page of its own. Pages therefore neither
 * repeat nor skip an item, whatever the limit and however many items share a second.
 */
async function addedPage(
  deps: Pick<Deps, 'db'>,
  listId: number,
  page: Page,
): Promise<{ rows: ListItemRow[]; next: string | null }> {
  const { db } = deps;
  const { direction, limit } = page;
  const at = page.cursor?.kind === 'added' ? page.cursor.second : null;
  const range = at === null ? {} : direction === 'desc' ? { before: startOf(at + 1) } : { from: startOf(at) };
  const rows = await listItemsByAdded(db, listId, range, direction, limit === null ? null : limit + 1);
  if (limit === null || rows.length <= limit) return { rows, next: null };
  const edge = secondOf(rows[limit]!);
  const before = rows.slice(0, limit).filter((row) => secondOf(row) !== edge);
  if (before.length > 0) return { rows: before, next: String(edge) };
  const whole = await listItemsByAdded(
    db,
    listId,
    { from: startOf(edge), before: startOf(edge + 1) },
    direction,
    null,
  );
  const [after] = await listItemsByAdded(
    db,
    listId,
    direction === 'desc' ? { before: startOf(edge) } : { from: startOf(edge + 1) },
    direction,
    1,
  );
  return { rows: whole, next: after ? String(secondOf(after)) : null };
}

/** A page by target id (the target's creation time); the cursor is the next page's first target id. */
async function createdPage(
  deps: Pick<Deps, 'db'>,
  listId: number,
  page: Page,
): Promise<{ rows: ListItemRow[]; next: string | null }> {
  const { limit } = page;
  const bound = page.cursor?.kind === 'created' ? page.cursor.targetId : null;
  const rows = await listItemsByTarget(
    deps.db,
    listId,
    bound,
    page.direction,
    limit === null ? null : limit + 1,
  );
  if (limit === null || rows.length <= limit) return { rows, next: null };
  return { rows: rows.slice(0, limit), next: rows[limit]!.target_id };
}

/**
 * Items as `viewer` sees them: each target rendered like everywhere else (comments with their post's
 * title), null for a target that no longer exists. A fixed number of queries whatever the page size.
 */
async function itemJsons(
  deps: Pick<Deps, 'db' | 'secrets'>,
  rows: readonly ListItemRow[],
  viewer: UserRow | null,
): Promise<ListItem[]> {
  const idsOf = (type: ContentType) => rows.filter((r) => r.target_type === type).map((r) => r.target_id);
  const [posts, comments] = await Promise.all([
    postsByIds(deps.db, idsOf('post')),
    commentsByIds(deps.db, idsOf('comment')),
  ]);
  const [postViews, commentViews] = await Promise.all([
    postJsons(deps, posts, viewer),
    commentJsons(deps, comments, viewer, { postTitles: true }),
  ]);
  const targets = new Map<string, Post | Comment>([
    ...postViews.map((p) => [`post:${p.id}`, p] as const),
    ...commentViews.map((c) => [`comment:${c.id}`, c] as const),
  ]);
  return rows.map((row) => presentListItem(row, targets.get(`${row.target_type}:${row.target_id}`) ?? null));
}

async function itemPage(
  deps: Pick<Deps, 'db' | 'secrets'>,
  list: ListRow,
  page: Page,
  viewer: UserRow | null,
): Promise<ListItemPage> {
  const { rows, next } = page.sort.startsWith('added')
    ? await addedPage(deps, list.id, page)
    : await createdPage(deps, list.id, page);
  return { items: await itemJsons(deps, rows, viewer), next };
}

/** `GET` a list's items (API.md §14.4). */
export async function getListItems(
  deps: Deps,
  viewer: UserRow | null,
  ref: ListRef,
  query: ListItemsQueryParams,
): Promise<ListItemPage> {
  const pageQuery = parsePageQuery(query);
  const list = assertMayReadList(withFacts(await findList(deps, ref), viewer));
  return itemPage(deps, list, pageOf(list, pageQuery), viewer);
}

interface ItemBody {
  targetType?: unknown;
  targetId?: unknown;
}

/** The target a body names: 400 `invalid-content-type` / `invalid-target-id` for bad values. */
function targetOf(body: ItemBody): { type: ContentType; id: string } {
  if (!isContentType(body.targetType)) throw errors.invalidContentType();
  const id = typeof body.targetId === 'string' ? parseId(body.targetId) : null;
  if (!id) throw errors.invalidTargetId();
  return { type: body.targetType, id };
}

/** A list the viewer may change, and the page to answer with, all checked before any change. */
async function changeableList(
  deps: Deps,
  viewer: UserRow | null,
  ref: ListRef,
  query: ListItemsQueryParams,
): Promise<{ user: UserRow; list: ListRow; page: Page }> {
  const user = signedIn(viewer);
  const pageQuery = parsePageQuery(query);
  const list = assertMayChangeList(withFacts(await findList(deps, ref), user));
  return { user, list, page: pageOf(list, pageQuery) };
}

/** Runs `change` with the list's row locked; 404 when the list was deleted meanwhile. */
async function withListLocked<T>(
  deps: Deps,
  listId: number,
  change: (trx: Deps['db']) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockList(trx, listId))) return { gone: true as const };
    return { gone: false as const, value: await change(trx) };
  });
  if (result.gone) throw errors.listNotFound();
  return result.value;
}

/**
 * `POST` an item (API.md §14.4): the target must exist. Idempotent: adding it again changes nothing.
 * A new item bumps the list's item count and `lastUpdatedAt` with it.
 */
export async function addListItem(
  deps: Deps,
  viewer: UserRow | null,
  ref: ListRef,
  query: ListItemsQueryParams,
  body: ItemBody,
): Promise<ListItemPage> {
  const { user, list, page } = await changeableList(deps, viewer, ref, query);
  await deps.limiter.consume('addListItem', user.id);
  const target = targetOf(body);
  if (target.type === 'post' && !(await findPostById(deps.db, target.id))) throw errors.postNotFound();
  if (target.type === 'comment' && !(await findCommentById(deps.db, target.id))) {
    throw errors.commentNotFound();
  }
  await withListLocked(deps, list.id, async (trx) => {
    const at = deps.clock();
    if (await insertListItem(trx, list.id, target.type, target.id, at))
      await countAddedItem(trx, list.id, at);
  });
  return itemPage(deps, list, page, user);
}

/**
 * `DELETE` on a list's items (API.md §14.4): the item a body names (nothing when absent), or, with no
 * body or one naming neither key, every item.
 */
export async function removeListItems(
  deps: Deps,
  viewer: UserRow | null,
  ref: ListRef,
  query: ListItemsQueryParams,
  body: ItemBody,
): Promise<ListItemPage> {
  const { user, list, page } = await changeableList(deps, viewer, ref, query);
  const target = body.targetType === undefined && body.targetId === undefined ? null : targetOf(body);
  await withListLocked(deps, list.id, async (trx) => {
    const removed = target
      ? await deleteListItemByTarget(trx, list.id, target.type, target.id)
      : await deleteAllListItems(trx, list.id);
    await countRemovedItems(trx, list.id, removed);
  });
  return itemPage(deps, list, page, user);
}

/**
 * `DELETE /api/lists/{listId}/items/{itemId}` (API.md §14.5): the owner removes one item by its id.
 * Answers the removed item, without its target.
 */
export async function removeListItem(
  deps: Deps,
  viewer: UserRow | null,
  listId: string,
  itemId: string,
): Promise<ListItem> {
  signedIn(viewer);
  const id = parseIntegerId(itemId, errors.invalidItemId);
  const list = assertMayChangeList(withFacts(await findList(deps, { listId }), viewer), 'notYourList');
  const removed =
    id === null
      ? undefined
      : await withListLocked(deps, list.id, async (trx) => {
          const row = await deleteListItemById(trx, list.id, id);
          if (row) await countRemovedItems(trx, list.id, 1);
          return row;
        });
  if (!removed) throw errors.listItemNotFound();
  return presentListItem(removed, null);
}
