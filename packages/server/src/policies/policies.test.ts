import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import {
  assertMayEditCommunity,
  assertMayPostIn,
  assertMayUseModTools,
  assertNotBanned,
  mayBeBannedFromCommunity,
  skipsCommunityCreationLimits,
} from './communities.policy.js';
import { assertMayActAs, assertMayPin, assertMayUnlock, parseGroup, speakingAs } from './content.policy.js';
import {
  assertMayChangeList,
  assertMayCreateListFor,
  assertMayReadList,
  mayChangeList,
  mayReadList,
} from './lists.policy.js';
import { assertAdmin, mayModerate, type Standing } from './roles.policy.js';
import {
  assertMayBeBannedSiteWide,
  assertMayDeleteAccount,
  assertMaySeeBannedAccount,
  mayEditAltText,
  seesRemovedAccounts,
} from './users.policy.js';

const ROLES: Record<string, Standing | null> = {
  guest: null,
  member: { isAdmin: false, moderates: false, banned: false },
  bannedMember: { isAdmin: false, moderates: false, banned: true },
  moderator: { isAdmin: false, moderates: true, banned: false },
  adminNotModerator: { isAdmin: true, moderates: false, banned: false },
  adminAndModerator: { isAdmin: true, moderates: true, banned: false },
};
type Role = keyof typeof ROLES;

/** "ok", or the error code the check answers with. */
function outcome(check: () => unknown): string {
  try {
    check();
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return `${error.status} ${error.code}`;
  }
}

const LOGGED_IN: Role[] = ['member', 'bannedMember', 'moderator', 'adminNotModerator', 'adminAndModerator'];
const ADMINS: Role[] = ['adminNotModerator', 'adminAndModerator'];
const MODS_AND_ADMINS: Role[] = ['moderator', ...ADMINS];
const NOT_BANNED: Role[] = ['member', ...MODS_AND_ADMINS];
const BANNED = '403 banned_from_community';

/** The answers when only `allowed` pass and the other members get `refusal`; guests must log in. */
function allowing(allowed: Role[], refusal = ''): Record<Role, string> {
  const answers = Object.keys(ROLES).map((role) => [role, allowed.includes(role) ? 'ok' : refusal]);
  return { ...Object.fromEntries(answers), guest: '401 not_logged_in' };
}

/** Each action's answer for every role. */
const MATRIX: Record<string, [(viewer: Standing | null) => unknown, Record<Role, string>]> = {
  'speak as normal': [(v) => speakingAs(v, 'normal'), allowing(LOGGED_IN)],
  'speak as mods': [
    (v) => speakingAs(v, 'mods'),
    allowing(['moderator', 'adminAndModerator'], '403 not_mod'),
  ],
  'speak as admins': [(v) => speakingAs(v, 'admins'), allowing(ADMINS, '403 not_admin')],
  'lock or delete as mods': [
    (v) => assertMayActAs(v, 'mods', false),
    allowing(MODS_AND_ADMINS, '403 not_mod'),
  ],
  'lock or delete as admins': [(v) => assertMayActAs(v, 'admins', false), allowing(ADMINS, '403 not_admin')],
  "delete someone else's as author": [
    (v) => assertMayActAs(v, 'normal', false),
    allowing([], '403 not_author'),
  ],
  'delete own as author': [(v) => assertMayActAs(v, 'normal', true), allowing(LOGGED_IN)],
  unlock: [assertMayUnlock, allowing(MODS_AND_ADMINS, '403 not-mod-not-admin')],
  'pin in the community': [(v) => assertMayPin(v, false), allowing(MODS_AND_ADMINS, '403 not_mod')],
  'pin site-wide': [(v) => assertMayPin(v, true), allowing(ADMINS, '403 not_admin')],
  'announce, or any admin-only action': [assertAdmin, allowing(ADMINS, '403 not_admin')],
  'edit community settings': [assertMayEditCommunity, allowing(MODS_AND_ADMINS, '403 not_mod')],
  'use the ban list and modtools feed': [
    assertMayUseModTools,
    allowing(MODS_AND_ADMINS, '403 not_admin_nor_mod'),
  ],
  'post in an open community': [
    (v) => assertMayPostIn(v, { postingRestricted: false }),
    allowing(NOT_BANNED, BANNED),
  ],
  'post in a restricted community': [
    (v) => assertMayPostIn(v, { postingRestricted: true }),
    { ...allowing(MODS_AND_ADMINS, '403 posting-restricted'), bannedMember: BANNED },
  ],
  'comment or report': [assertNotBanned, allowing(NOT_BANNED, BANNED)],
};

describe('the role matrix', () => {
  for (const [action, [check, expected]] of Object.entries(MATRIX)) {
    it(action, () => {
      const answers = Object.fromEntries(
        Object.entries(ROLES).map(([role, viewer]) => [role, outcome(() => check(viewer))]),
      );
      expect(answers).toEqual(expected);
    });
  }
});

describe('the yes-or-no rules', () => {
  it('lets moderators and admins moderate, not guests or members', () => {
    const answers = Object.fromEntries(Object.entries(ROLES).map(([role, v]) => [role, mayModerate(v)]));
    expect(answers).toEqual({
      guest: false,
      member: false,
      bannedMember: false,
      moderator: true,
      adminNotModerator: true,
      adminAndModerator: true,
    });
  });

  it('bans from a community only those who neither moderate it nor are admins', () => {
    expect(mayBeBannedFromCommunity({ isAdmin: false, moderates: false })).toBe(true);
    expect(mayBeBannedFromCommunity({ isAdmin: false, moderates: true })).toBe(false);
    expect(mayBeBannedFromCommunity({ isAdmin: true, moderates: false })).toBe(false);
  });

  it('never bans an admin site-wide', () => {
    expect(outcome(() => assertMayBeBannedSiteWide({ isAdmin: false }))).toBe('ok');
    expect(outcome(() => assertMayBeBannedSiteWide({ isAdmin: true }))).toBe('403 no_ban_admin');
  });

  it('lets owners and admins delete an account', () => {
    expect(outcome(() => assertMayDeleteAccount({ isAdmin: false }, true))).toBe('ok');
    expect(outcome(() => assertMayDeleteAccount({ isAdmin: false }, false))).toBe('403 not_admin');
    expect(outcome(() => assertMayDeleteAccount({ isAdmin: true }, false))).toBe('ok');
  });

  it('lets owners and admins edit alt text', () => {
    expect(mayEditAltText({ isAdmin: false }, true)).toBe(true);
    expect(mayEditAltText({ isAdmin: false }, false)).toBe(false);
    expect(mayEditAltText({ isAdmin: true }, false)).toBe(true);
  });

  it("shows banned and deleted accounts' content to admins only", () => {
    expect(outcome(() => assertMaySeeBannedAccount(null))).toBe('401 user_banned');
    expect(outcome(() => assertMaySeeBannedAccount({ isAdmin: false }))).toBe('403 not_admin');
    expect(outcome(() => assertMaySeeBannedAccount({ isAdmin: true }))).toBe('ok');
    expect(seesRemovedAccounts(null)).toBe(false);
    expect(seesRemovedAccounts({ isAdmin: false })).toBe(false);
    expect(seesRemovedAccounts({ isAdmin: true })).toBe(true);
  });

  it('spares admins the community creation limits', () => {
    expect(skipsCommunityCreationLimits(null)).toBe(false);
    expect(skipsCommunityCreationLimits({ isAdmin: false })).toBe(false);
    expect(skipsCommunityCreationLimits({ isAdmin: true })).toBe(true);
  });

  it('accepts only the contract group words', () => {
    expect(parseGroup('mods')).toBe('mods');
    for (const word of [undefined, '', 'Admins', 'null', 'superuser']) {
      expect(outcome(() => parseGroup(word))).toBe('400 user/invalid-group');
    }
  });
});

describe('lists', () => {
  const LISTS = {
    ownPrivate: { owned: true, public: false },
    ownPublic: { owned: true, public: true },
    othersPrivate: { owned: false, public: false },
    othersPublic: { owned: false, public: true },
    missing: undefined,
  };
  const answers = (check: (list: (typeof LISTS)[keyof typeof LISTS]) => unknown) =>
    Object.fromEntries(Object.entries(LISTS).map(([name, list]) => [name, outcome(() => check(list))]));

  it('lets the owner read every list of theirs and others only public ones; the rest is 404', () => {
    expect(answers(assertMayReadList)).toEqual({
      ownPrivate: 'ok',
      ownPublic: 'ok',
      othersPrivate: '404 list-not-found',
      othersPublic: 'ok',
      missing: '404 list-not-found',
    });
    expect(mayReadList({ owned: false, public: false })).toBe(false);
  });

  it("refuses changes to someone else's public list with 403, their private one with 404", () => {
    expect(answers((list) => assertMayChangeList(list))).toEqual({
      ownPrivate: 'ok',
      ownPublic: 'ok',
      othersPrivate: '404 list-not-found',
      othersPublic: '403 not-list-owner',
      missing: '404 list-not-found',
    });
    expect(mayChangeList({ owned: false, public: true })).toBe(false);
    expect(mayChangeList({ owned: true, public: false })).toBe(true);
    expect(answers((list) => assertMayChangeList(list, 'notYourList')).othersPublic).toBe(
      '403 not-your-list',
    );
  });

  it('creates lists only for oneself, and only when logged in', () => {
    expect(outcome(() => assertMayCreateListFor(null, false))).toBe('401 not_logged_in');
    expect(outcome(() => assertMayCreateListFor({ isAdmin: true }, false))).toBe('403 not-your-list');
    expect(outcome(() => assertMayCreateListFor({ isAdmin: false }, true))).toBe('ok');
  });
});
