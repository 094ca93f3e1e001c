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

/** Each action's answer for every role, in the order of ROLES. */
const MATRIX: Record<string, [(viewer: Standing | null) => unknown, Record<Role, string>]> = {
  'speak as normal': [
    (v) => speakingAs(v, 'normal'),
    {
      guest: '401 not_logged_in',
      member: 'ok',
      bannedMember: 'ok',
      moderator: 'ok',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  'speak as mods': [
    (v) => speakingAs(v, 'mods'),
    {
      guest: '401 not_logged_in',
      member: '403 not_mod',
      bannedMember: '403 not_mod',
      moderator: 'ok',
      adminNotModerator: '403 not_mod',
      adminAndModerator: 'ok',
    },
  ],
  'speak as admins': [
    (v) => speakingAs(v, 'admins'),
    {
      guest: '401 not_logged_in',
      member: '403 not_admin',
      bannedMember: '403 not_admin',
      moderator: '403 not_admin',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  'lock or delete as mods': [
    (v) => assertMayActAs(v, 'mods', false),
    {
      guest: '401 not_logged_in',
      member: '403 not_mod',
      bannedMember: '403 not_mod',
      moderator: 'ok',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  'lock or delete as admins': [
    (v) => assertMayActAs(v, 'admins', false),
    {
      guest: '401 not_logged_in',
      member: '403 not_admin',
      bannedMember: '403 not_admin',
      moderator: '403 not_admin',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  "delete someone else's as author": [
    (v) => assertMayActAs(v, 'normal', false),
    {
      guest: '401 not_logged_in',
      member: '403 not_author',
      bannedMember: '403 not_author',
      moderator: '403 not_author',
      adminNotModerator: '403 not_author',
      adminAndModerator: '403 not_author',
    },
  ],
  'delete own as author': [
    (v) => assertMayActAs(v, 'normal', true),
    {
      guest: '401 not_logged_in',
      member: 'ok',
      bannedMember: 'ok',
      moderator: 'ok',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  unlock: [
    assertMayUnlock,
    {
      guest: '401 not_logged_in',
      member: '403 not-mod-not-admin',
      bannedMember: '403 not-mod-not-admin',
      moderator: 'ok',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  'pin in the community': [
    (v) => assertMayPin(v, false),
    {
      guest: '401 not_logged_in',
      member: '403 not_mod',
      bannedMember: '403 not_mod',
      moderator: 'ok',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  'pin site-wide': [
    (v) => assertMayPin(v, true),
    {
      guest: '401 not_logged_in',
      member: '403 not_admin',
      bannedMember: '403 not_admin',
      moderator: '403 not_admin',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  'announce, or any admin-only action': [
    assertAdmin,
    {
      guest: '401 not_logged_in',
      member: '403 not_admin',
      bannedMember: '403 not_admin',
      moderator: '403 not_admin',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  'edit community settings': [
    assertMayEditCommunity,
    {
      guest: '401 not_logged_in',
      member: '403 not_mod',
      bannedMember: '403 not_mod',
      moderator: 'ok',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  'use the ban list and modtools feed': [
    assertMayUseModTools,
    {
      guest: '401 not_logged_in',
      member: '403 not_admin_nor_mod',
      bannedMember: '403 not_admin_nor_mod',
      moderator: 'ok',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  'post in an open community': [
    (v) => assertMayPostIn(v, { postingRestricted: false }),
    {
      guest: '401 not_logged_in',
      member: 'ok',
      bannedMember: '403 banned_from_community',
      moderator: 'ok',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  'post in a restricted community': [
    (v) => assertMayPostIn(v, { postingRestricted: true }),
    {
      guest: '401 not_logged_in',
      member: '403 posting-restricted',
      bannedMember: '403 banned_from_community',
      moderator: 'ok',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
  'comment or report': [
    assertNotBanned,
    {
      guest: '401 not_logged_in',
      member: 'ok',
      bannedMember: '403 banned_from_community',
      moderator: 'ok',
      adminNotModerator: 'ok',
      adminAndModerator: 'ok',
    },
  ],
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
