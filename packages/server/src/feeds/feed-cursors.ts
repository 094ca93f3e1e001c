import type { FeedSort } from '@commons/shared';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import type { Cursor, FeedRow } from './feeds.repository.js';
import { INT32_MAX, INT32_MIN } from '../lib/int32.js';

const PAIR = /^(-?\d{1,20})\.([0-9a-fA-F]{24})$/;

export function parseCursor(sort: FeedSort, next: string): Cursor {
  if (sort === 'latest') {
    const id = parseId(next);
    if (!id) throw errors.invalidCursor();
    return { sort: 'latest', id };
  }
  const match = PAIR.exec(next);
  if (!match) throw errors.invalidCursor();
  const [, number, hex] = match as unknown as [string, string, string];
  const id = hex.toLowerCase();
  if (sort === 'activity') {
    if (number.startsWith('-')) throw errors.invalidCursor();
    return { sort: 'activity', micros: BigInt(number) / 1000n, id };
  }
  const value = Number(number);
  if (!Number.isSafeInteger(value)) throw errors.invalidCursor();
  if (sort === 'hot') return { sort: 'hot', hotness: value, id };
  // Points are a 32-bit integer column: no post is beyond it, and the query could not compare.
  if (value > INT32_MAX || value < INT32_MIN) throw errors.invalidCursor();
  return { sort: 'top', points: value, id };
}

/** The cursor that starts the next page at `row` (API.md §19). */
export function cursorOf(sort: FeedSort, row: FeedRow): string {
  switch (sort) {
    case 'latest':
      return row.id;
    case 'hot':
      return `${row.hotness}.${row.id}`;
    case 'activity':
      return `${BigInt(row.activity_us) * 1000n}.${row.id}`;
    default:
      return `${row.points}.${row.id}`;
  }
}
