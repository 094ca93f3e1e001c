import {
  checkPassword,
  checkUsername,
  isValidEmail,
  type LoginBody,
  type SignupBody,
  type User,
} from '@commons/shared';
import { consumeCaptcha } from '../captcha/captcha.service.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { endSession, startUserSession, type Viewer } from '../sessions/sessions.service.js';
import { getSiteSettings } from '../site/site-settings.repository.js';
import { dummyPasswordHash, hashPassword, isWeakHash, verifyPassword } from '../users/passwords.js';
import { findUserByName, setPasswordHash } from '../users/users.repository.js';
import { createUser, userJson } from '../users/users.service.js';

/** A login or signup that bound a user to a new session. */
export interface SessionStart {
  user: User;
  /** Set when a new session id was issued; the route sends it with its CSRF token. */
  newSessionId: string | null;
}

/** `POST /api/_signup`, checks in the contract's order (API.md §6.4, DOMAIN §8.3). */
export async function signup(
  deps: Deps,
  viewer: Viewer,
  body: SignupBody,
  ip: string,
): Promise<SessionStart> {
  if (viewer.user) throw errors.alreadyLoggedIn();
  if ((await getSiteSettings(deps.db)).signupsDisabled) {
    throw errors.signupsDisabled();
  }
  const username = (body.username ?? '').trim();
  const email = (body.email ?? '').trim();
  const password = (body.password ?? '').trim();

  await consumeCaptcha(deps, body.captchaToken);
  await deps.limiter.consume('signupIp', ip);

  if (await findUserByName(deps.db, username)) {
    throw errors.userExists(username);
  }
  const usernameProblem = checkUsername(username);
  if (usernameProblem) throw errors.invalidUsername(usernameProblem);
  const passwordProblem = checkPassword(password);
  if (passwordProblem) {
    throw errors.invalidPassword(passwordProblem);
  }
  if (email !== '' && !isValidEmail(email)) throw errors.invalidEmail();

  const passwordHash = await hashPassword(password);
  const created = await deps.db
    .transaction()
    .execute((trx) => createUser(trx, { username, email: email || null, passwordHash, ip }));
  if (!created) throw errors.userExists(username);

  const newSessionId = await startUserSession(deps, viewer.sessionId, created.id, ip);
  return { user: await userJson(deps, created, created), newSessionId };
}

/** `POST /api/_login` (API.md §6.2, DOMAIN §8.4). */
export async function login(deps: Deps, viewer: Viewer, body: LoginBody, ip: string): Promise<SessionStart> {
  if (viewer.user) return { user: await userJson(deps, viewer.user, viewer.user), newSessionId: null };
  const username = (body.username ?? '').trim();
  const password = (body.password ?? '').trim();
  await deps.limiter.consume('loginIp', ip);
  await deps.limiter.consume('loginIpUser', `${ip}|${username.toLowerCase()}`);

  const row = await findUserByName(deps.db, username);
  const usable = row && !row.deleted_at ? row : null;
  // Unknown and deleted accounts are checked against a dummy hash so that every failure costs the same.
  const matches = await verifyPassword(usable?.password ?? (await dummyPasswordHash()), password);
  if (!usable || !matches) throw errors.wrongPassword();
  if (usable.banned_at) throw errors.accountSuspended();

  if (isWeakHash(usable.password)) await setPasswordHash(deps.db, usable.id, await hashPassword(password));
  const newSessionId = await startUserSession(deps, viewer.sessionId, usable.id, ip);
  return { user: await userJson(deps, usable, usable), newSessionId };
}

/** `POST /api/_login?action=logout` (API.md §6.3): the session stays, without its user. */
export async function logout(deps: Deps, viewer: Viewer): Promise<void> {
  if (!viewer.user) throw errors.notLoggedIn();
  await endSession(deps, viewer.sessionId);
}
