import { errors } from '../lib/errors.js';
import { signedIn } from './roles.policy.js';

/**
 * Lists (API.md §14.3, DOMAIN §9.2) belong to one user. Nobody else may change them, admins included,
 * and a private list does not exist for anyone else: it is 404, never 403, so that its name stays
 * private too.
 */
export interface ListFacts {
  /** The viewer owns the list. */
  owned: boolean;
  public: boolean;
}

/** Its owner reads a list, and everyone reads a public one. */
export function mayReadList(list: ListFacts): boolean {
  return list.owned || list.public;
}

/** Only its owner changes a list or its items: not admins, not anyone else. */
export function mayChangeList(list: ListFacts): boolean {
  return list.owned;
}

/** A list the viewer may read, else 404 `list-not-found` (a missing list is `undefined`). */
export function assertMayReadList<T extends ListFacts>(list: T | undefined): T {
  if (!list || !mayReadList(list)) throw errors.listNotFound();
  return list;
}

/**
 * Changing a list or its items: 401 for a guest (checked before anything is looked up), 404 for a
 * list the viewer may not read, then 403 for someone else's public list. `refusal` is the route's
 * code: `not-list-owner` on the list and its items (§14.3, §14.4), `not-your-list` on one item (§14.5).
 */
export function assertMayChangeList<T extends ListFacts>(
  list: T | undefined,
  refusal: 'notListOwner' | 'notYourList' = 'notListOwner',
): T {
  const readable = assertMayReadList(list);
  if (!mayChangeList(readable)) throw errors[refusal]();
  return readable;
}

/** Creating a list under `/api/users/{username}/lists`: only for oneself (§14.2). */
export function assertMayCreateListFor<T>(viewer: T | null, isSelf: boolean): T {
  const user = signedIn(viewer);
  if (!isSelf) throw errors.notYourList();
  return user;
}
