import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { isSessionId, randomString, SESSION_ID_LENGTH } from '../lib/ids.js';
import { recordLastSeen, type UserRow } from '../users/users.repository.js';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  extendSession,
  findSessionWithUser,
  insertSession,
} from './sessions.repository.js';

/** 360 days, rolling (DOMAIN §8.1). */
export const SESSION_LIFETIME_MS = 360 * 24 * 3600 * 1000;
/** Last-seen time is written at most this often per session (DOMAIN §8.7). */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/** The visitor behind a request. Every visitor has a session id; only logged-in ones are stored. */
export interface Viewer {
  sessionId: string;
  /** True when the request carried no usable session cookie and this id was just made. */
  isNewSession: boolean;
  user: UserRow | null;
  lastSeenAt: Date | null;
}

export function newSessionId(): string {
  return randomString(SESSION_ID_LENGTH);
}

/**
 * Session ids this process found not stored: guests' ids, which a returning guest's browser sends with
 * every request. An id is never stored after it was first seen unstored (a login or a password change
 * always makes a new id, against session fixation, and ids are random), so what is remembered here
 * never goes stale, and a returning guest's request needs no query. The oldest are forgotten first: a
 * flood of made-up ids costs queries again, never memory.
 */
export interface GuestSessionIds {
  has(id: string): boolean;
  add(id: string): void;
}

export function createGuestSessionIds(max = 20_000): GuestSessionIds {
  const ids = new Set<string>();
  return {
    has(id) {
      if (!ids.has(id)) return false;
      // Seen again: now the newest.
      ids.delete(id);
      ids.add(id);
      return true;
    },
    add(id) {
      ids.add(id);
      if (ids.size > max) ids.delete(ids.values().next().value!);
    },
  };
}

/**
 * Turns the session cookie into a viewer. A missing or malformed cookie, or one for a session that is
 * not stored (anonymous) or has expired, gives an anonymous viewer; only a missing or malformed one
 * gets a new id. With `recent`, a member's session found in the last few seconds serves without a
 * query (recent-sessions.ts says for which reads).
 */
export async function resolveViewer(deps: Deps, cookie: string | undefined, recent = false): Promise<Viewer> {
  if (!isSessionId(cookie)) {
    return { sessionId: newSessionId(), isNewSession: true, user: null, lastSeenAt: null };
  }
  const guest = { sessionId: cookie, isNewSession: false, user: null, lastSeenAt: null };
  if (deps.guestSessionIds.has(cookie)) return guest;
  const now = deps.clock();
  let stored = recent ? deps.recentSessions.get(cookie, now.getTime()) : undefined;
  if (!stored) {
    const generation = deps.recentSessions.generation;
    stored = await findSessionWithUser(deps.db, cookie);
    if (!stored) deps.guestSessionIds.add(cookie);
    else deps.recentSessions.set(cookie, stored, generation, now.getTime());
  }
  if (!stored || stored.expiresAt <= now) return guest;
  return { sessionId: cookie, isNewSession: false, user: stored.user, lastSeenAt: stored.lastSeenAt };
}

/** The CSRF token of a session (DOMAIN §8.2): base64url with padding of HMAC-SHA256(secret, session id). */
/**
 * Tokens already made, per key (a restore brings another key, and with it an empty map). Every request
 * asks for its session's token, and its HMAC was about 6% of the server's work for a guest's cached
 * page. The oldest are forgotten first, so made-up ids cost HMACs again, never memory.
 */
const csrfTokensByKey = new WeakMap<Buffer, Map<string, string>>();
const CSRF_TOKENS_KEPT = 20_000;

export function csrfTokenFor(deps: Deps, sessionId: string): string {
  const key = deps.secrets.csrfKey;
  let tokens = csrfTokensByKey.get(key);
  if (!tokens) csrfTokensByKey.set(key, (tokens = new Map<string, string>()));
  let token = tokens.get(sessionId);
  if (token === undefined) {
    const base64 = crypto.createHmac('sha256', key).update(sessionId).digest('base64');
    token = base64.replaceAll('+', '-').replaceAll('/', '_');
    if (tokens.size >= CSRF_TOKENS_KEPT) tokens.delete(tokens.keys().next().value!);
    tokens.set(sessionId, token);
  }
  return token;
}

export function isValidCsrfToken(deps: Deps, sessionId: string, token: string | undefined): boolean {
  if (token === undefined) return false;
  const expected = Buffer.from(csrfTokenFor(deps, sessionId));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * Binds a user to a new session id (against session fixation) and drops the old session; a login is
 * also a visit, so the user's last-seen time and address are written. Returns the new id; the caller
 * sends it with its new CSRF token.
 */
export async function startUserSession(
  deps: Deps,
  oldSessionId: string,
  userId: string,
  ip: string,
): Promise<string> {
  const id = newSessionId();
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await deleteSession(trx, oldSessionId);
    await insertSession(trx, { id, userId, now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) });
    await recordLastSeen(trx, userId, now, ip);
  });
  deps.recentSessions.forget(oldSessionId);
  return id;
}

/**
 * After a password change: every session of the user ends, and the one that made the change goes on
 * under a new id, so neither another device nor a copy of the old cookie keeps the account. Runs in
 * the caller's transaction, beside the password write; returns the new id.
 */
export async function restartUserSessions(db: Kysely<DB>, now: Date, userId: string): Promise<string> {
  const id = newSessionId();
  await deleteUserSessions(db, userId);
  await insertSession(db, { id, userId, now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) });
  return id;
}

export async function endSession(deps: Deps, sessionId: string): Promise<void> {
  await deleteSession(deps.db, sessionId);
  deps.recentSessions.forget(sessionId);
}

export function lastSeenIsStale(deps: Deps, viewer: Viewer): boolean {
  if (!viewer.user) return false;
  return !viewer.lastSeenAt || deps.clock().getTime() - viewer.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS;
}

/**
 * Records that a logged-in viewer was here (at most every 5 minutes per session), and rolls the
 * session's expiry forward.
 */
export async function recordVisit(deps: Deps, viewer: Viewer, ip: string): Promise<void> {
  if (!viewer.user) return;
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await extendSession(trx, viewer.sessionId, now, new Date(now.getTime() + SESSION_LIFETIME_MS));
    await recordLastSeen(trx, viewer.user!.id, now, ip);
  });
  // Its remembered copy holds the old last-seen time, which would record this visit again.
  deps.recentSessions.forget(viewer.sessionId);
}

export function purgeExpiredSessions(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  return deleteExpiredSessions(deps.db, deps.clock());
}
