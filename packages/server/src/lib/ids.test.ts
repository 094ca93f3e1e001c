import { describe, expect, it } from 'vitest';
import { isSessionId, newId, parseId, randomString, SESSION_ID_LENGTH, ZERO_ID } from './ids.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_';

describe('newId', () => {
  it('is 24 lowercase hex characters', () => {
    for (let i = 0; i < 100; i++) expect(newId()).toMatch(/^[0-9a-f]{24}$/);
  });

  it('starts with the Unix time in nanoseconds, big-endian', () => {
    const before = BigInt(Date.now()) * 1_000_000n;
    const id = newId();
    const after = BigInt(Date.now()) * 1_000_000n;
    const ns = Buffer.from(id, 'hex').readBigUInt64BE(0);
    // The process clock and the wall clock may drift apart a little: allow a second.
    expect(ns).toBeGreaterThanOrEqual(before - 1_000_000_000n);
    expect(ns).toBeLessThanOrEqual(after + 1_000_000_000n);
  });

  it('increases strictly across 10 000 ids made in a row', () => {
    const ids = Array.from({ length: 10_000 }, () => newId());
    for (let i = 1; i < ids.length; i++) {
      if (!(ids[i]! > ids[i - 1]!)) throw new Error(`id ${i} (${ids[i]}) does not sort after ${ids[i - 1]}`);
    }
    expect(new Set(ids).size).toBe(10_000);
    // One assertion for the lot: ten thousand expect() calls took over 5 s on a busy CI machine.
    const times = ids.map((id) => Buffer.from(id, 'hex').readBigUInt64BE(0));
    expect(times.findIndex((time, i) => i > 0 && time <= times[i - 1]!)).toBe(-1);
  });

  it('sorts an id made later after one made earlier', async () => {
    const first = newId();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(newId() > first).toBe(true);
  });

  it('has random last 4 bytes', () => {
    const tails = new Set(Array.from({ length: 200 }, () => newId().slice(16)));
    expect(tails.size).toBeGreaterThan(190);
  });

  it('keeps the zero id for the ghost', () => {
    expect(ZERO_ID).toBe('000000000000000000000000');
    expect(parseId(ZERO_ID)).toBe(ZERO_ID);
  });
});

describe('parseId', () => {
  it('accepts hex of any case and returns it lower-cased', () => {
    const id = newId();
    expect(parseId(id)).toBe(id);
    expect(parseId(id.toUpperCase())).toBe(id);
    expect(parseId('17F4aBcDeF0123456789AbCd')).toBe('17f4abcdef0123456789abcd');
  });

  it('refuses anything else', () => {
    const id = newId();
    for (const bad of [
      '',
      id.slice(1),
      `${id}0`,
      `${id.slice(0, 23)}g`,
      ` ${id.slice(1)}`,
      `${id.slice(0, 23)}\n`,
      `0x${id.slice(2)}`,
      '-'.repeat(24),
      'ééééééééééééééééééééééé',
    ]) {
      expect(parseId(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('randomString', () => {
  it('has the asked length', () => {
    for (const length of [0, 1, 8, 36, 48, 500]) expect(randomString(length)).toHaveLength(length);
  });

  it('draws only from the 63-character alphabet, and uses all of it', () => {
    const text = Array.from({ length: 400 }, () => randomString(50)).join('');
    expect(text).toMatch(/^[0-9A-Za-z_]+$/);
    expect(new Set(text).size).toBe(ALPHABET.length);
  });

  it('gives different strings each time', () => {
    const values = new Set(Array.from({ length: 1000 }, () => randomString(SESSION_ID_LENGTH)));
    expect(values.size).toBe(1000);
  });
});

describe('isSessionId', () => {
  it('accepts exactly 36 characters of the alphabet', () => {
    expect(isSessionId(randomString(SESSION_ID_LENGTH))).toBe(true);
    for (const bad of [
      undefined,
      '',
      randomString(35),
      randomString(37),
      `${randomString(35)}-`,
      `${randomString(35)}=`,
    ]) {
      expect(isSessionId(bad), String(bad)).toBe(false);
    }
  });
});
