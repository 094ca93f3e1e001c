import { limits, messages, truncateChars, type CommunityRequest } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import { communityNameProblem } from '../communities/communities.service.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { recordAdminAction } from '../moderation/modlog.service.js';
import { recordDeniedCommunityEvent } from '../notifications/notification-events.service.js';
import { assertAdmin, siteRole } from '../policies/roles.policy.js';
import type { UserRow } from '../users/users.repository.js';
import { communityRequestJson } from './community-requests.presenter.js';
import {
  communityNameTaken,
  deleteRequest,
  denyRequest,
  findRequest,
  hasPendingRequest,
  insertRequest,
  listRequests,
} from './community-requests.repository.js';
import { INT32_MAX } from '../lib/int32.js';

const DAY_MS = 86_400_000;

function admin(viewer: UserRow | null): UserRow {
  if (!viewer) throw errors.notLoggedIn();
  assertAdmin(siteRole(viewer));
  return viewer;
}

/**
 * `POST /api/community_requests` (API.md §15.1, DOMAIN §6.5): a member asks for a community. The name
 * follows the community-name rule, whose "too short" reads as the request form says it.
 */
export async function requestCommunity(
  deps: Deps,
  viewer: UserRow | null,
  body: { name?: string; note?: string | null },
): Promise<void> {
  if (!viewer) throw errors.notLoggedIn();
  await deps.limiter.consume('communityRequest', viewer.id);
  const name = (body.name ?? '').trim();
  const problem = communityNameProblem(name);
  if (problem) {
    throw errors.invalidCommunityName(
      problem === messages.communities.nameTooShort ? messages.communities.requestNameTooShort : problem,
    );
  }
  if (await communityNameTaken(deps.db, name)) throw errors.communityAlreadyExists();
  if (await hasPendingRequest(deps.db, viewer.id, name)) throw errors.communityAlreadyRequested();
  const note = truncateChars((body.note ?? '').trim(), limits.communityRequestNoteMax) || null;
  const stored = await insertRequest(deps.db, {
    by_user: viewer.id,
    community_name: name,
    note,
    created_at: deps.clock(),
  });
  if (!stored) throw errors.previouslyDeclined();
}

/** `GET /api/community_requests` (admin): the last 90 days, newest first. */
export async function listCommunityRequests(deps: Deps, viewer: UserRow | null): Promise<CommunityRequest[]> {
  admin(viewer);
  const since = new Date(deps.clock().getTime() - limits.communityRequestsListedDays * DAY_MS);
  return (await listRequests(deps.db, since)).map(communityRequestJson);
}

function parseRequestId(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > INT32_MAX) {
    throw errors.invalidRequestId();
  }
  return id;
}

/**
 * `DELETE /api/community_requests/{id}` (admin): soft delete. The moderation log records it with the
 * name asked for (not who asked, nor their note: requests are the admins' business).
 */
export async function deleteCommunityRequest(deps: Deps, viewer: UserRow | null, requestId: string) {
  const by = admin(viewer);
  const id = parseRequestId(requestId);
  const request = await findRequest(deps.db, id);
  if (!request) throw errors.invalidRequestId();
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deleteRequest(trx, id, now))) throw errors.invalidRequestId();
    await recordAdminAction(trx, by, 'delete_community_request', now, {
      targetTitle: request.community_name,
    });
  });
}

/**
 * `_admin deny_comm` (API.md §16.1): the denial, the requester's `denied_comm` notification and the
 * moderation log's entry (the name asked for; the note is the requester's), in one transaction. A
 * request already denied (by anyone) answers `already_denied`.
 */
export async function denyCommunityRequest(
  deps: Deps,
  viewer: UserRow,
  body: { id?: number; body?: string },
): Promise<void> {
  admin(viewer);
  if (body.id === undefined) throw errors.invalidJson(apiMessages.requiredFieldMissing);
  const id = parseRequestId(body.id);
  const request = await findRequest(deps.db, id);
  if (!request) throw errors.invalidRequestId();
  if (request.denied_at) throw errors.alreadyDenied();
  const note =
    truncateChars((body.body ?? '').trim(), limits.communityRequestNoteMax) ||
    messages.admin.requestDeclined(request.community_name);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await denyRequest(trx, id, { note, by: viewer.username, at: now }))) throw errors.alreadyDenied();
    await recordDeniedCommunityEvent(trx, request.by_user_id, note, viewer.id, now);
    await recordAdminAction(trx, viewer, 'deny_community_request', now, {
      targetTitle: request.community_name,
    });
  });
}
