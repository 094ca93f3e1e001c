import crypto from 'node:crypto';

/**
 * Entity ids (API.md §2.3): 8 bytes of Unix time in nanoseconds, big-endian, then 4 random bytes, as 24
 * lowercase hex characters. Ids sort by creation time, and keep increasing within a process even when
 * the clock repeats a value.
 */
const wallClockOffsetNs = BigInt(Date.now()) * 1_000_000n - process.hrtime.bigint();
let lastNs = 0n;

function nowNs(): bigint {
  let ns = wallClockOffsetNs + process.hrtime.bigint();
  if (ns <= lastNs) ns = lastNs + 1n;
  lastNs = ns;
  return ns;
}

export function newId(): string {
  const bytes = Buffer.alloc(12);
  bytes.writeBigUInt64BE(nowNs(), 0);
  crypto.randomFillSync(bytes, 8, 4);
  return bytes.toString('hex');
}

/** The id shown for the ghost (deleted) user. */
export const ZERO_ID = '000000000000000000000000';

const HEX24 = /^[0-9a-fA-F]{24}$/;

/** Input ids are accepted in any case (API.md §2.3); stored and compared lower-cased. */
export function parseId(value: string): string | null {
  return HEX24.test(value) ? value.toLowerCase() : null;
}

/** The 63-character alphabet of session ids, public ids and scrambled passwords. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_';

/** A string of `length` characters from the 63-character alphabet, from a secure random source. */
export function randomString(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      // 252 = 63 * 4: rejecting bytes above it keeps every character equally likely.
      if (byte < 252) out += ALPHABET[byte % 63];
      if (out.length === length) break;
    }
  }
  return out;
}

export const SESSION_ID_LENGTH = 36;
const SESSION_ID = /^[0-9A-Za-z_]{36}$/;

export function isSessionId(value: string | undefined): value is string {
  return value !== undefined && SESSION_ID.test(value);
}
