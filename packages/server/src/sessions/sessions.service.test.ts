import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { DB } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { Secrets } from '../site/secrets.js';
import { createGuestSessionIds, csrfTokenFor, isValidCsrfToken, newSessionId } from './sessions.service.js';

/** CSRF tokens (API.md §3.2, DOMAIN §8.2): base64url with padding of HMAC-SHA256(secret, session id). */

/** With SECRET set, the keys come from it alone: no database is read. */
async function depsWithSecret(secret: string): Promise<Deps> {
  const secrets = new Secrets();
  await secrets.load(null as unknown as Kysely<DB>, loadConfig({ SECRET: secret }));
  return { secrets } as Deps;
}

let deps: Deps;
let otherDeps: Deps;
beforeAll(async () => {
  deps = await depsWithSecret('a'.repeat(32));
  otherDeps = await depsWithSecret('b'.repeat(32));
});

describe('csrfTokenFor', () => {
  it('is 44 characters of base64url ending in one = of padding', () => {
    for (let i = 0; i < 200; i++) {
      const token = csrfTokenFor(deps, newSessionId());
      expect(token).toHaveLength(44);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    }
  });

  it('is the HMAC-SHA256 of the session id under the CSRF key', () => {
    const sessionId = newSessionId();
    const expected = `${crypto.createHmac('sha256', deps.secrets.csrfKey).update(sessionId).digest('base64url')}=`;
    expect(csrfTokenFor(deps, sessionId)).toBe(expected);
  });

  it('stays the same for a session and differs between sessions and between secrets', () => {
    const sessionId = newSessionId();
    expect(csrfTokenFor(deps, sessionId)).toBe(csrfTokenFor(deps, sessionId));
    const tokens = new Set(Array.from({ length: 1000 }, () => csrfTokenFor(deps, newSessionId())));
    expect(tokens.size).toBe(1000);
    expect(csrfTokenFor(otherDeps, sessionId)).not.toBe(csrfTokenFor(deps, sessionId));
  });

  it('follows the key when a restore replaces the secret, though the tokens made before are kept', async () => {
    const reloaded = await depsWithSecret('c'.repeat(32));
    const sessionId = newSessionId();
    const before = csrfTokenFor(reloaded, sessionId);
    await reloaded.secrets.load(null as unknown as Kysely<DB>, loadConfig({ SECRET: 'd'.repeat(32) }));
    const after = csrfTokenFor(reloaded, sessionId);
    expect(after).not.toBe(before);
    expect(after).toBe(
      `${crypto.createHmac('sha256', reloaded.secrets.csrfKey).update(sessionId).digest('base64url')}=`,
    );
  });
});

describe('isValidCsrfToken', () => {
  it('accepts the right token and nothing else, without throwing on odd input', () => {
    // A session whose token has a URL-safe character, to try its standard-base64 twin.
    let sessionId = newSessionId();
    while (!/[-_]/.test(csrfTokenFor(deps, sessionId))) sessionId = newSessionId();
    const token = csrfTokenFor(deps, sessionId);
    expect(isValidCsrfToken(deps, sessionId, token)).toBe(true);

    const flipped = `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
    const wrong = [
      undefined,
      '',
      flipped,
      token.slice(0, 43), // padding dropped
      `${token}=`,
      token.replaceAll('-', '+').replaceAll('_', '/'), // standard base64
      csrfTokenFor(deps, newSessionId()), // another session's token
      csrfTokenFor(otherDeps, sessionId), // another site's token
      'é'.repeat(44), // same length in characters, not in bytes
      ` ${token.slice(1)}`,
    ];
    for (const candidate of wrong) {
      expect(() => isValidCsrfToken(deps, sessionId, candidate)).not.toThrow();
      expect(isValidCsrfToken(deps, sessionId, candidate), String(candidate)).toBe(false);
    }
  });
});

describe('createGuestSessionIds', () => {
  it('keeps the most recently seen ids up to its size, forgetting the oldest first', () => {
    const ids = createGuestSessionIds(3);
    for (const id of ['a', 'b', 'c']) ids.add(id);
    expect(ids.has('a')).toBe(true); // seen again: now the newest
    ids.add('d'); // over the size: 'b', the oldest, goes
    expect(['a', 'b', 'c', 'd'].map((id) => ids.has(id))).toEqual([true, false, true, true]);
    expect(ids.has('never seen')).toBe(false);
  });
});
