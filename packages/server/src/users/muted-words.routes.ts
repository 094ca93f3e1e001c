import type { FastifyInstance } from 'fastify';
import {
  MutedWordBodySchema,
  MutedWordIdParamsSchema,
  MutedWordsSchema,
  SuccessSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { addMutedWord, clearAllMutedWords, getMutedWords, removeMutedWord } from './muted-words.service.js';

const words = { 200: MutedWordsSchema };
const success = { 200: SuccessSchema };

/** Muted words, the viewer's own (an addition to the contract; README, API notes). */
export function mutedWordsRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.get('/muted_words', { schema: { response: words } }, (request) =>
    getMutedWords(deps, request.viewer.user),
  );

  app.post('/muted_words', { schema: { body: MutedWordBodySchema, response: words } }, (request) =>
    addMutedWord(deps, request.viewer.user, request.body),
  );

  app.delete('/muted_words', { schema: { response: words } }, (request) =>
    clearAllMutedWords(deps, request.viewer.user),
  );

  app.delete(
    '/muted_words/:wordId',
    { schema: { params: MutedWordIdParamsSchema, response: success } },
    async (request) => {
      await removeMutedWord(deps, request.viewer.user, request.params.wordId);
      return { success: true as const };
    },
  );
}
