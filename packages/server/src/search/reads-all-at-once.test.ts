import { describe, expect, it } from 'vitest';
import {
  matchesWithoutItsWords,
  readsAllAtOnce,
  requiredWords,
  type WordStats,
} from './search.repository.js';

describe('requiredWords', () => {
  it('takes the lexemes that every match holds', () => {
    expect(requiredWords("'quiet' & 'bridg'")).toEqual(['quiet', 'bridg']);
    expect(requiredWords("'red' <-> 'car' & 'blue'")).toEqual(['red', 'car', 'blue']);
  });

  it('leaves out a negated word and a negated phrase', () => {
    expect(requiredWords("'quiet' & !( 'old' <-> 'bridg' ) & !'x' & 'car'")).toEqual(['quiet', 'car']);
    expect(requiredWords("!( !'a' & 'b' ) & 'c'")).toEqual(['c']);
  });

  it("reads a quote inside a lexeme as PostgreSQL writes it ('')", () => {
    expect(requiredWords("'o''reilli' & 'book'")).toEqual(["o'reilli", 'book']);
  });
});

/** A table of `rows` documents where each named word is in the given share of them. */
function stats(rows: number, shares: Record<string, number>): WordStats {
  const share = new Map(Object.entries(shares));
  return { rows, share, rare: Math.min(...share.values()) / 2 };
}

describe('readsAllAtOnce', () => {
  const posts = stats(1_000_000, { quiet: 0.05, bridg: 0.05, zither: 0.001 });
  const comments = stats(10_000_000, { quiet: 0.011, bridg: 0.011, common: 0.2 });

  it('never for one word, an or, or a table never analysed', () => {
    expect(readsAllAtOnce("'zither'", posts)).toBe(false);
    expect(readsAllAtOnce("'zither' | 'quiet'", posts)).toBe(false);
    expect(readsAllAtOnce("'quiet' & 'bridg'", null)).toBe(false);
  });

  it('when the least common word bounds the matches below a few thousand', () => {
    expect(readsAllAtOnce("'zither' & 'quiet'", posts)).toBe(true);
    // A word the statistics do not list is rarer than every word they do.
    expect(readsAllAtOnce("'unlisted' & 'quiet'", posts)).toBe(true);
  });

  it('not when the spans re-read few index entries, whatever the estimate', () => {
    // 1M posts: 100,000 entries for the two words; independent they would be 2,500 matches.
    expect(readsAllAtOnce("'quiet' & 'bridg'", posts)).toBe(false);
  });

  it('by the estimate when the spans would re-read many entries', () => {
    // 10M comments: 220,000 entries; about 1,210 expected.
    expect(readsAllAtOnce("'quiet' & 'bridg'", comments)).toBe(true);
    // 22,000 expected: the newest spans hold the 1,000 candidates.
    expect(readsAllAtOnce("'quiet' & 'common'", comments)).toBe(false);
  });

  it('counts only the words every match must hold', () => {
    // `!'zither'` narrows nothing: the two common words decide.
    expect(readsAllAtOnce("'quiet' & 'bridg' & !'zither'", posts)).toBe(false);
  });
});

describe('matchesWithoutItsWords', () => {
  it('is true where a document with none of the words would match', () => {
    for (const q of [
      "!'cat'",
      "'cat' | !'dog'",
      "!'cat' & !'dog'",
      "!( 'cat' & 'dog' )",
      "!( 'a' <-> 'b' )",
      "!'a' <-> !'b'",
    ])
      expect(matchesWithoutItsWords(q), q).toBe(true);
  });
  it('is false where some word must be there', () => {
    for (const q of [
      "'cat'",
      "'cat' & !'dog'",
      "'cat' | 'dog'",
      "!!'cat'",
      "'a' <-> 'b'",
      "'a' <2> !'b'",
      "( 'a' | !'b' ) & 'c'",
      "'o''reilli' & !'x'",
      '',
    ])
      expect(matchesWithoutItsWords(q), q).toBe(false);
  });
});
