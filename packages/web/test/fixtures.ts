import type { CaptchaChallenge, CommunityWithoutMods, Initial, User } from '@commons/shared';

/** Contract-shaped values (API.md §5, §6.1) for tests; override what a test is about. */

let counter = 0;
const hexId = () => (++counter).toString(16).padStart(24, '0');

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: hexId(),
    username: 'alice',
    email: null,
    emailConfirmedAt: null,
    aboutMe: null,
    points: 12,
    isAdmin: false,
    proPic: null,
    badges: [],
    noPosts: 0,
    noComments: 0,
    lastSeenMonth: '2025-01',
    createdAt: '2025-01-01T00:00:00Z',
    deleted: false,
    deletedAt: null,
    homeFeed: 'all',
    bannedAt: null,
    isBanned: false,
    notificationsNewCount: 0,
    moddingList: null,
    ...overrides,
  };
}

export function makeCommunity(
  name: string,
  overrides: Partial<CommunityWithoutMods> = {},
): CommunityWithoutMods {
  return {
    id: hexId(),
    userId: hexId(),
    name,
    nsfw: false,
    about: null,
    noMembers: 1,
    proPic: null,
    bannerImage: null,
    postingRestricted: false,
    createdAt: '2025-01-01T00:00:00Z',
    deletedAt: null,
    userJoined: null,
    userMod: null,
    isMuted: false,
    mods: null,
    rules: null,
    ReportsDetails: null,
    ...overrides,
  };
}

/** `n` communities named community1, community2, ... */
export function makeCommunities(n: number): CommunityWithoutMods[] {
  return Array.from({ length: n }, (_, i) => makeCommunity(`community${i + 1}`));
}

/** What `GET /api/_initial` answers to a guest on a fresh site. */
export function makeInitial(overrides: Partial<Initial> = {}): Initial {
  return {
    signupsDisabled: false,
    reportReasons: null,
    user: null,
    lists: [],
    communities: null,
    noUsers: 1,
    bannedFrom: null,
    vapidPublicKey: '',
    mutes: { communityMutes: [], userMutes: [] },
    imagePostSubmitReqPoints: 0,
    linkPostSubmitReqPoints: 0,
    ...overrides,
  };
}

/** A well-formed ALTCHA challenge, as `GET /api/_captcha` answers when the captcha is on. */
export const captchaChallenge: CaptchaChallenge = {
  algorithm: 'SHA-256',
  challenge: 'a'.repeat(64),
  maxnumber: 1000,
  salt: 'salt?expires=9999999999',
  signature: 'b'.repeat(64),
};
