import { limits, type MutedWord } from '@commons/shared';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { presentMutedWord } from './muted-words.presenter.js';
import { clearMutedWords, deleteMutedWord, insertMutedWord, mutedWordsOf } from './muted-words.repository.js';
import type { UserRow } from './users.repository.js';

/*
 * Muted words (an addition to the contract; README, API notes): the member's own rows only, like mutes
 * (API.md §13), and not rate-limited either. The words filter the same feeds as muted authors do
 * (DOMAIN §2.2); the filter itself is in feeds.repository.ts.
 */

function requireViewer(viewer: UserRow | null): UserRow {
  if (!viewer) throw errors.notLoggedIn();
  return viewer;
}

/** The word as kept: composed Unicode, trimmed, each run of whitespace one space. */
export function normalizeMutedWord(word: string): string {
  return word.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/**
 * The word as a PostgreSQL regular expression (ARE): every character but letters, digits and spaces
 * escaped (a backslash before a non-alphanumeric is always that character itself), and each space
 * matching any run of whitespace, so a phrase matches across line breaks. Whole-word boundaries are
 * added around the alternation of all of a member's patterns when a feed asks.
 */
export function mutedWordPattern(word: string): string {
  return word.replace(/[^\p{L}\p{N} ]/gu, '\\$&').replaceAll(' ', '\\s+');
}

async function mutedWordsJson(deps: Deps, userId: string): Promise<MutedWord[]> {
  return (await mutedWordsOf(deps.db, userId)).map(presentMutedWord);
}

/** `GET /api/muted_words`: the member's words, oldest first. */
export async function getMutedWords(deps: Deps, viewer: UserRow | null): Promise<MutedWord[]> {
  return mutedWordsJson(deps, requireViewer(viewer).id);
}

/**
 * `POST /api/muted_words {word}`: adds the word (trimmed; one already muted in any case is kept as it
 * was, not an error). Answers the member's words after the change.
 */
export async function addMutedWord(
  deps: Deps,
  viewer: UserRow | null,
  body: { word?: string | undefined },
): Promise<MutedWord[]> {
  const user = requireViewer(viewer);
  const word = normalizeMutedWord(body.word ?? '');
  if (word === '') throw errors.mutedWordEmpty();
  if ([...word].length > limits.mutedWordMax) throw errors.mutedWordTooLong();
  const result = await deps.db
    .transaction()
    .execute((trx) =>
      insertMutedWord(trx, { userId: user.id, word, pattern: mutedWordPattern(word) }, limits.mutedWordsMax),
    );
  if (result === 'full') throw errors.mutedWordsLimit();
  return mutedWordsJson(deps, user.id);
}

/** Word ids are PostgreSQL integers: a larger number names no word. */
const MAX_WORD_ID = 2 ** 31 - 1;

/** `DELETE /api/muted_words/{wordId}`: a word that is not there (or not the member's) is not an error. */
export async function removeMutedWord(deps: Deps, viewer: UserRow | null, wordId: string): Promise<void> {
  const user = requireViewer(viewer);
  if (!/^[1-9]\d{0,15}$/.test(wordId)) throw errors.invalidMutedWordId();
  const id = Number(wordId);
  if (id > MAX_WORD_ID) return;
  await deleteMutedWord(deps.db, user.id, id);
}

/** `DELETE /api/muted_words`: unmutes every word; answers the (empty) list after clearing. */
export async function clearAllMutedWords(deps: Deps, viewer: UserRow | null): Promise<MutedWord[]> {
  const user = requireViewer(viewer);
  await clearMutedWords(deps.db, user.id);
  return mutedWordsJson(deps, user.id);
}
