import { describe, expect, it } from 'vitest';
import { messages } from '@commons/shared';
import { associatedUsers, blockRange, parseExpiresIn, readBlockInput, wildcardProblem } from './block-rules';

describe('wildcardProblem', () => {
  it('accepts trailing wildcards and addresses without any', () => {
    for (const address of [
      '10.0.*.*',
      '10.*.*.*',
      '192.168.1.*',
      '2001:db8:*:*',
      '10.0.0.1',
      '10.0.0.0/16',
      '::1',
    ]) {
      expect(wildcardProblem(address), address).toBeNull();
    }
  });

  it('refuses a wildcard followed by a number, inside a part, or with a prefix length', () => {
    for (const address of ['10.*.0.1', '*.0.0.1', '10.0.1*.*', '10.0.*.5', '2001:*:db8::1', '10.*/8']) {
      expect(wildcardProblem(address), address).toBe(messages.admin.invalidWildcard);
    }
  });
});

describe('parseExpiresIn', () => {
  it('reads empty as never and decimals as hours', () => {
    expect(parseExpiresIn('')).toBeNull();
    expect(parseExpiresIn('  ')).toBeNull();
    expect(parseExpiresIn('24')).toBe(24);
    expect(parseExpiresIn('0.5')).toBe(0.5);
    expect(parseExpiresIn('.25')).toBe(0.25);
  });

  it('refuses what is not a plain number', () => {
    for (const text of ['abc', '1e3', '-2', '2h', '1.2.3', 'Infinity'])
      expect(parseExpiresIn(text), text).toBeUndefined();
  });
});

describe('readBlockInput', () => {
  it('builds the body the API takes', () => {
    expect(readBlockInput(' 127.0.2.* ', '1', ' loopback test ')).toEqual({
      ok: true,
      body: { address: '127.0.2.*', expiresIn: 1, note: 'loopback test' },
    });
    expect(readBlockInput('10.0.0.1', '', '')).toEqual({
      ok: true,
      body: { address: '10.0.0.1', expiresIn: null, note: '' },
    });
  });

  it('names the field at fault, the address first', () => {
    expect(readBlockInput('10.*.0.1', 'x', '')).toEqual({
      ok: false,
      field: 'address',
      message: messages.admin.invalidWildcard,
    });
    expect(readBlockInput('10.0.0.1', 'soon', '')).toEqual({
      ok: false,
      field: 'expiresIn',
      message: messages.admin.invalidExpiresIn,
    });
  });
});

describe('blockRange and associatedUsers', () => {
  it('writes networks with their prefix and hosts bare', () => {
    expect(blockRange({ ip: '10.0.0.0', maskedBits: 16 })).toBe('10.0.0.0/16');
    expect(blockRange({ ip: '10.0.0.7', maskedBits: 0 })).toBe('10.0.0.7');
  });

  it('names at most 10 users and counts the rest', () => {
    const names = Array.from({ length: 13 }, (_, i) => `user${i}`);
    expect(associatedUsers(names)).toEqual({ shown: names.slice(0, 10), more: 3 });
    expect(associatedUsers(names.slice(0, 10))).toEqual({ shown: names.slice(0, 10), more: 0 });
    expect(associatedUsers([])).toEqual({ shown: [], more: 0 });
  });
});
