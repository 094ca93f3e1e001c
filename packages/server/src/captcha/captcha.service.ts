import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { type CaptchaChallenge } from '@commons/shared';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { deleteExpiredCaptchas, markCaptchaUsed } from './used-captchas.repository.js';

/**
 * Self-hosted proof-of-work captcha (ALTCHA, v1 challenges with SHA-256): no third party and nothing
 * that tracks. The page solves a challenge in a web worker in well under a second; a bot pays the same
 * per signup. Each solution verifies once, until its challenge expires.
 */
const MAX_NUMBER = 60_000;
const LIFETIME_MS = 10 * 60 * 1000;

export async function newChallenge(deps: Deps): Promise<CaptchaChallenge> {
  if (deps.config.captcha === 'off') throw errors.captchaOff();
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey: deps.secrets.captchaKey,
    maxNumber: MAX_NUMBER,
    expires: new Date(deps.clock().getTime() + LIFETIME_MS),
  });
  return { ...challenge, maxnumber: challenge.maxnumber ?? MAX_NUMBER };
}

interface Payload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function decode(token: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<Payload>;
    const ok =
      payload.algorithm === 'SHA-256' &&
      typeof payload.challenge === 'string' &&
      typeof payload.salt === 'string' &&
      typeof payload.signature === 'string' &&
      Number.isInteger(payload.number);
    return ok ? (payload as Payload) : null;
  } catch {
    return null;
  }
}

/**
 * Throws unless `token` is a solved, unexpired, unused challenge of ours. Marks it used, so a token
 * works once even across processes (the database decides).
 */
export async function consumeCaptcha(deps: Deps, token: string | null | undefined): Promise<void> {
  if (deps.config.captcha === 'off') return;
  if (!token) throw errors.captchaEmpty();
  const payload = decode(token);
  const rejected = errors.captchaRejected();
  if (!payload) throw rejected;
  let verified: boolean;
  try {
    verified = await verifySolution(
      payload as Parameters<typeof verifySolution>[0],
      deps.secrets.captchaKey,
      true,
    );
  } catch {
    throw errors.captchaFailed();
  }
  if (!verified) throw rejected;
  const expiresSeconds = Number(extractParams(payload as Parameters<typeof extractParams>[0]).expires);
  const expiresAt = Number.isFinite(expiresSeconds)
    ? new Date(expiresSeconds * 1000)
    : new Date(deps.clock().getTime() + LIFETIME_MS);
  if (!(await markCaptchaUsed(deps.db, payload.challenge, expiresAt))) throw rejected;
}

export async function purgeUsedCaptchas(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  return deleteExpiredCaptchas(deps.db, deps.clock());
}
