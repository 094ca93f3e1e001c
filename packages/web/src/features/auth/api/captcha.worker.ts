/// <reference lib="webworker" />
import { solveChallenge } from 'altcha-lib/v1';
import type { CaptchaChallenge } from '@commons/shared';

/** Finds the number whose hash matches the challenge, off the main thread. */
self.onmessage = async (event: MessageEvent<CaptchaChallenge>) => {
  const { challenge, salt, algorithm, maxnumber } = event.data;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  self.postMessage(solution ? solution.number : null);
};
