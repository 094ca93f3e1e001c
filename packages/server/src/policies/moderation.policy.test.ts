import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { assertMayAddModerator, assertMayEditRules, assertMayRemoveModerator } from './moderation.policy.js';
import type { Standing } from './roles.policy.js';

const member: Standing = { isAdmin: false, moderates: false, banned: false };
const moderator: Standing = { isAdmin: false, moderates: true, banned: false };
const admin: Standing = { isAdmin: true, moderates: false, banned: false };

function outcome(check: () => unknown): string {
  try {
    check();
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return `${error.status} ${error.code}`;
  }
}

describe('moderator ranks (DOMAIN §7.2)', () => {
  const remove = (
    viewer: Standing | null,
    viewerPosition: number | undefined,
    targetPosition: number,
    isSelf = false,
  ) => outcome(() => assertMayRemoveModerator(viewer, { viewerPosition, targetPosition, isSelf }));

  it('lets a moderator remove those at or after their own place, never those above', () => {
    expect(remove(moderator, 1, 2)).toBe('ok');
    expect(remove(moderator, 1, 1)).toBe('ok');
    expect(remove(moderator, 1, 0)).toBe('403 lower-mod');
  });

  it('lets anyone resign and admins remove anyone; refuses the others', () => {
    expect(remove(moderator, 3, 3, true)).toBe('ok');
    expect(remove(admin, undefined, 0)).toBe('ok');
    expect(remove(member, undefined, 0)).toBe('403 not-mod-not-admin');
    expect(remove(null, undefined, 0)).toBe('401 not_logged_in');
  });

  it('leaves rules and adding moderators to moderators and admins, with their own codes', () => {
    expect([moderator, admin, member, null].map((v) => outcome(() => assertMayEditRules(v)))).toEqual([
      'ok',
      'ok',
      '403 not_mod',
      '401 not_logged_in',
    ]);
    expect([moderator, admin, member, null].map((v) => outcome(() => assertMayAddModerator(v)))).toEqual([
      'ok',
      'ok',
      '403 not-mod-not-admin',
      '401 not_logged_in',
    ]);
  });
});
