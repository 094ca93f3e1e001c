import type { FastifyInstance } from 'fastify';
import { CaptchaChallengeSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { newChallenge } from './captcha.service.js';

export function captchaRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/_captcha', { schema: { response: { 200: CaptchaChallengeSchema } } }, () => newChallenge(deps));
}
