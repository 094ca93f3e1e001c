import type { CaptchaChallenge } from './schemas/types.js';

/**
 * The `captchaToken` for a solved challenge: the ALTCHA payload, base64 of its JSON (API.md §6.4). One
 * definition for the web client and for tests that sign up the way the client does.
 */
export function captchaToken(challenge: CaptchaChallenge, number: number): string {
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  );
}
