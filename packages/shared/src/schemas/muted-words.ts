import { Type } from '@sinclair/typebox';
import { Time } from './common.js';

/*
 * Muted words: an addition to the contract (the README's API notes). A member's words or phrases; posts
 * whose title or body contains one as a whole word leave their feeds as a muted author's posts do.
 */

export const MutedWordSchema = Type.Object(
  {
    id: Type.Integer(),
    word: Type.String(),
    createdAt: Time,
  },
  { additionalProperties: false },
);

/** `GET`, `POST` and `DELETE /api/muted_words`: the member's words after the change, oldest first. */
export const MutedWordsSchema = Type.Array(MutedWordSchema);

/** `POST /api/muted_words`. */
export const MutedWordBodySchema = Type.Object({ word: Type.Optional(Type.String()) });

/** `DELETE /api/muted_words/{wordId}`. */
export const MutedWordIdParamsSchema = Type.Object({ wordId: Type.String() });
