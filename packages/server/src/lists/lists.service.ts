import {
  checkListName,
  isContentType,
  isListItemSort,
  isListsFilter,
  isListsSort,
  limits,
  nameKey,
  truncateChars,
  type CreateListBody,
  type List,
  type ListItemSort,
  type ListsFilter,
  type ListsSort,
  type UpdateListBody,
} from '@commons/shared';
import type { ListsQueryParams } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import {
  assertMayChangeList,
  assertMayCreateListFor,
  assertMayReadList,
  type ListFacts,
} from '../policies/lists.policy.js';
import { signedIn } from '../policies/roles.policy.js';
import { findUserByName, type UserRow } from '../users/users.repository.js';
import { presentList } from './lists.presenter.js';
import {
  deleteList as deleteListRow,
  findListById,
  findListByName,
  insertList,
  listsHolding,
  listsOfUser,
  updateList as updateListRow,
  type ListRow,
} from './lists.repository.js';
import { INT32_MAX } from '../lib/int32.js';

/** How a route names a list (API.md §14.3): by its owner and name, or by its integer id. */
export type ListRef = { username: string; listName: string } | { listId: string };

/** List and item ids are PostgreSQL integers: a larger number names nothing. */

/** An integer id of the path, or null for an integer that can name nothing; `invalid` when not one. */
export function parseIntegerId(value: string, invalid: () => Error): number | null {
  if (!/^-?\d+$/.test(value)) throw invalid();
  const n = Number(value);
  return n >= 1 && n <= INT32_MAX ? n : null;
}

/** The list a route names, undefined when there is none; a malformed id is 400 `invalid-list-id`. */
export async function findList(deps: Pick<Deps, 'db'>, ref: ListRef): Promise<ListRow | undefined> {
  if ('listId' in ref) {
    const id = parseIntegerId(ref.listId, errors.invalidListId);
    return id === null ? undefined : findListById(deps.db, id);
  }
  return findListByName(deps.db, ref.username, ref.listName);
}

/** The list with what the policies need to know about it and this viewer. */
export function withFacts(
  list: ListRow | undefined,
  viewer: UserRow | null,
): (ListRow & ListFacts) | undefined {
  return list && { ...list, owned: viewer !== null && viewer.id === list.user_id };
}

function parseListsQuery(query: ListsQueryParams): { sort: ListsSort; filter: ListsFilter } {
  const sort = query.sort || 'lastAdded';
  if (!isListsSort(sort)) throw errors.invalidListsSort();
  const filter = query.filter || 'all';
  if (!isListsFilter(filter)) throw errors.invalidListsFilter();
  return { sort, filter };
}

/** The list-name rule (API.md §2.4), after trimming. */
function validName(raw: string | null | undefined): string {
  const name = (raw ?? '').trim();
  const problem = checkListName(name);
  if (problem === 'empty') throw errors.listNameEmpty();
  if (problem) throw errors.invalidListName(problem);
  return name;
}

/** Truncated to 50 characters; empty means the list's name (API.md §14.2). */
function displayNameOf(raw: string | null | undefined, name: string): string {
  return truncateChars((raw ?? '').trim(), limits.listDisplayNameMax) || name;
}

/** Truncated to 10 000 characters; blank is null. Kept as written otherwise: it is markdown. */
function descriptionOf(raw: string | null | undefined): string | null {
  if (!raw || raw.trim() === '') return null;
  return truncateChars(raw, limits.listDescriptionMax);
}

async function listsJson(
  deps: Pick<Deps, 'db'>,
  ownerId: string,
  sort: ListsSort,
  filter: ListsFilter,
): Promise<List[]> {
  return (await listsOfUser(deps.db, ownerId, sort, filter)).map(presentList);
}

/** `_initial.lists` (API.md §6.1): the viewer's lists, public and private, most recently updated first. */
export function viewerLists(deps: Pick<Deps, 'db'>, viewer: UserRow): Promise<List[]> {
  return listsJson(deps, viewer.id, 'lastAdded', 'all');
}

/**
 * `GET /api/users/{username}/lists` (API.md §14.1): the owner sees all their lists, everyone else the
 * public ones only (so `filter=private` is empty for them).
 */
export async function getUserLists(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
  query: ListsQueryParams,
): Promise<List[]> {
  const { sort, filter } = parseListsQuery(query);
  const owner = await findUserByName(deps.db, username);
  if (!owner) throw errors.userNotFound();
  if (viewer?.id === owner.id) return listsJson(deps, owner.id, sort, filter);
  if (filter === 'private') return [];
  return listsJson(deps, owner.id, sort, 'public');
}

/**
 * `POST /api/users/{username}/lists` (API.md §14.2): for oneself only. Answers all the owner's lists
 * after the creation, in the order and filter of the query.
 */
export async function createList(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
  query: ListsQueryParams,
  body: CreateListBody,
): Promise<List[]> {
  const user = assertMayCreateListFor(
    viewer,
    viewer !== null && nameKey(viewer.username) === nameKey(username),
  );
  const { sort, filter } = parseListsQuery(query);
  await deps.limiter.consume('createList', user.id);
  const name = validName(body.name);
  const at = deps.clock();
  const id = await insertList(deps.db, {
    user_id: user.id,
    name,
    display_name: displayNameOf(body.displayName, name),
    description: descriptionOf(body.description),
    public: body.public ?? false,
    created_at: at,
    last_updated_at: at,
  });
  if (id === undefined) throw errors.duplicateList(name);
  return listsJson(deps, user.id, sort, filter);
}

/** `GET` a list (API.md §14.3): 404 for a private list of someone else. */
export async function getList(deps: Deps, viewer: UserRow | null, ref: ListRef): Promise<List> {
  return presentList(assertMayReadList(withFacts(await findList(deps, ref), viewer)));
}

/**
 * `PUT` a list (API.md §14.3): the body merged over the list, absent or null keys keeping their values;
 * the name checked again, the sort one of the item sorts. Answers the updated list.
 */
export async function updateList(
  deps: Deps,
  viewer: UserRow | null,
  ref: ListRef,
  body: UpdateListBody,
): Promise<List> {
  const user = signedIn(viewer);
  const list = assertMayChangeList(withFacts(await findList(deps, ref), user));
  await deps.limiter.consume('editList', user.id);
  const name = body.name === undefined || body.name === null ? list.name : validName(body.name);
  let sort: ListItemSort = list.ordering;
  if (body.sort !== undefined && body.sort !== null) {
    if (!isListItemSort(body.sort)) throw errors.invalidListSort();
    sort = body.sort;
  }
  const changed = await updateListRow(deps.db, list.id, {
    name,
    display_name:
      body.displayName === undefined || body.displayName === null
        ? list.display_name
        : displayNameOf(body.displayName, name),
    description: body.description === undefined ? list.description : descriptionOf(body.description),
    public: body.public ?? list.public,
    ordering: sort,
  });
  if (!changed) throw errors.duplicateList(name);
  const updated = await findListById(deps.db, list.id);
  // Deleted by a request of the owner's that ran at the same time.
  if (!updated) throw errors.listNotFound();
  return presentList(updated);
}

/** `DELETE` a list (API.md §14.3): its items go with it. Answers the list as it was. */
export async function deleteList(deps: Deps, viewer: UserRow | null, ref: ListRef): Promise<List> {
  const user = signedIn(viewer);
  const list = assertMayChangeList(withFacts(await findList(deps, ref), user));
  await deps.limiter.consume('editList', user.id);
  await deleteListRow(deps.db, list.id);
  return presentList(list);
}

/**
 * `GET /api/lists/_saved_to?id=&type=` (API.md §14.6): which of the viewer's own lists hold the target.
 * The target need not exist: a list may still hold an item whose target is gone.
 */
export async function savedTo(
  deps: Deps,
  viewer: UserRow | null,
  query: { id?: string | undefined; type?: string | undefined },
): Promise<number[]> {
  const user = signedIn(viewer);
  const targetId = parseId(query.id ?? '');
  if (!targetId) throw errors.invalidTargetId();
  if (!isContentType(query.type)) throw errors.invalidContentType();
  return listsHolding(deps.db, user.id, query.type, targetId);
}
