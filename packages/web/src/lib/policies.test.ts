import { describe, expect, test } from 'vitest';
import {
  mayActAs,
  mayBeBannedSiteWide,
  mayModerate,
  mayPin,
  mayPostIn,
  officialGroups,
  seesRemovedAccounts,
  standingIn,
} from './policies';

const member = standingIn({ isAdmin: false }, { userMod: false });
const mod = standingIn({ isAdmin: false }, { userMod: true });
const admin = standingIn({ isAdmin: true }, { userMod: false });
const adminMod = standingIn({ isAdmin: true }, { userMod: true });

describe('the client mirror of the server policies', () => {
  test('a guest has no standing and may do nothing', () => {
    expect(standingIn(null, { userMod: true })).toBeNull();
    expect(mayModerate(null)).toBe(false);
    expect(mayPostIn(null, { postingRestricted: false })).toBe(false);
    expect(officialGroups(null)).toEqual([]);
    expect(mayActAs(null, 'normal', true)).toBe(false);
  });

  test('moderators and admins moderate; members do not', () => {
    expect([member, mod, admin, adminMod].map(mayModerate)).toEqual([false, true, true, true]);
  });

  test('speaking as moderators needs the role itself; admins speak as admins anywhere', () => {
    expect(officialGroups(member)).toEqual([]);
    expect(officialGroups(mod)).toEqual(['mods']);
    expect(officialGroups(admin)).toEqual(['admins']);
    expect(officialGroups(adminMod)).toEqual(['mods', 'admins']);
  });

  test('acting as mods is a moderation capacity, which admins hold everywhere', () => {
    expect(mayActAs(admin, 'mods', false)).toBe(true);
    expect(mayActAs(mod, 'admins', false)).toBe(false);
    expect(mayActAs(member, 'normal', false)).toBe(false);
    expect(mayActAs(member, 'normal', true)).toBe(true);
  });

  test('restricted posting and bans', () => {
    expect(mayPostIn(member, { postingRestricted: true })).toBe(false);
    expect(mayPostIn(mod, { postingRestricted: true })).toBe(true);
    expect(mayPostIn(standingIn({ isAdmin: false }, null, true), { postingRestricted: false })).toBe(false);
  });

  test('site-wide pins, bans and removed accounts are for admins', () => {
    expect(mayPin(mod, false)).toBe(true);
    expect(mayPin(mod, true)).toBe(false);
    expect(mayPin(admin, true)).toBe(true);
    expect(mayBeBannedSiteWide({ isAdmin: true })).toBe(false);
    expect(seesRemovedAccounts(admin)).toBe(true);
    expect(seesRemovedAccounts(mod)).toBe(false);
  });
});
