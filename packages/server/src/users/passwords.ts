import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { randomString } from '../lib/ids.js';

/**
 * argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane) or above (DOMAIN §8.5). The whole password
 * counts. Raising these values makes old hashes "weak": they are replaced at the next login.
 */
const PARAMETERS = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum in the package's types)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMETERS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}

export function isWeakHash(stored: string): boolean {
  try {
    const used = parseOptions(stored);
    return (
      used.algorithm !== PARAMETERS.algorithm ||
      used.memoryCost < PARAMETERS.memoryCost ||
      used.timeCost < PARAMETERS.timeCost
    );
  } catch {
    return true;
  }
}

/** Hash of a random 48-character string: for sentinel and deleted accounts, so no one can log in. */
export function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomString(48));
}

let dummyHash: Promise<string> | null = null;

/**
 * Unknown usernames are checked against this hash, so a failed login takes as long whether or not the
 * account exists (DOMAIN §8.4).
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomString(16));
  return dummyHash;
}
