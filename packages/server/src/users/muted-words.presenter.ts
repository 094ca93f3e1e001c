import type { MutedWord } from '@commons/shared';
import type { MutedWordRow } from './muted-words.repository.js';

/** A muted word as the API shows it (README, API notes); the pattern stays on the server. */
export function presentMutedWord(row: MutedWordRow): MutedWord {
  return { id: row.id, word: row.word, createdAt: row.created_at.toISOString() };
}
