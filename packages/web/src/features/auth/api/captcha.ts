import { captchaToken, type CaptchaChallenge } from '@commons/shared';
import { api, ApiError } from '../../../lib/api-client';

/**
 * The invisible captcha: fetch a proof-of-work challenge from our own server and solve it in a web
 * worker (well under a second). Resolves to the token for `captchaToken`, or '' when the site has the
 * captcha off (the server then ignores it).
 */
export async function solveCaptcha(): Promise<string> {
  let challenge: CaptchaChallenge;
  try {
    challenge = await api<CaptchaChallenge>('/_captcha');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return '';
    throw error;
  }
  const worker = new Worker(new URL('./captcha.worker.ts', import.meta.url), { type: 'module' });
  try {
    const number = await new Promise<number | null>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<number | null>) => resolve(event.data);
      worker.onerror = () => reject(new Error('The captcha worker failed.'));
      worker.postMessage(challenge);
    });
    return number === null ? '' : captchaToken(challenge, number);
  } finally {
    worker.terminate();
  }
}
