import { Type } from '@sinclair/typebox';
import { CommentSchema } from './comment.js';
import { Nullable, Time } from './common.js';
import { PostSchema } from './post.js';

/*
 * Built-in search: an addition to the contract (the README's API notes, docs/decisions.md "Search").
 *
 * Highlights are runs of plain text, each saying whether it is a matched word: the client renders them
 * as text (matches in <mark>), so no user text is ever read as markup.
 */

/** A run of text from a title, body, name or about text; `match` when it is a matched word. */
export const HighlightRunSchema = Type.Object(
  { text: Type.String(), match: Type.Boolean() },
  { additionalProperties: false },
);
export const HighlightSchema = Type.Array(HighlightRunSchema);

const SearchPostResultSchema = Type.Object(
  {
    type: Type.Literal('post'),
    item: PostSchema,
    title: HighlightSchema,
    /** A few fragments of the body around the matches; empty when the body has none. */
    body: HighlightSchema,
  },
  { additionalProperties: false },
);

const SearchCommentResultSchema = Type.Object(
  { type: Type.Literal('comment'), item: CommentSchema, body: HighlightSchema },
  { additionalProperties: false },
);

const SearchCommunityResultSchema = Type.Object(
  {
    type: Type.Literal('community'),
    item: Type.Object(
      {
        id: Type.String(),
        name: Type.String(),
        nsfw: Type.Boolean(),
        noMembers: Type.Integer(),
        createdAt: Time,
      },
      { additionalProperties: false },
    ),
    name: HighlightSchema,
    about: HighlightSchema,
  },
  { additionalProperties: false },
);

const SearchUserResultSchema = Type.Object(
  {
    type: Type.Literal('user'),
    item: Type.Object(
      { id: Type.String(), username: Type.String(), points: Type.Integer(), createdAt: Time },
      { additionalProperties: false },
    ),
    username: HighlightSchema,
    about: HighlightSchema,
  },
  { additionalProperties: false },
);

/** `GET /api/search`: one page of results of one type, and the cursor of the next (null at the end). */
export const SearchPageSchema = Type.Object(
  {
    results: Type.Array(
      Type.Union([
        SearchPostResultSchema,
        SearchCommentResultSchema,
        SearchCommunityResultSchema,
        SearchUserResultSchema,
      ]),
    ),
    next: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

/** `GET /api/search` query parameters; what each means is checked by the service. */
const Query = Type.Optional(Type.String());
export const SearchQuerySchema = Type.Object({
  q: Query,
  type: Query,
  community: Query,
  author: Query,
  postType: Query,
  t: Query,
  sort: Query,
  cursor: Query,
  limit: Query,
});
