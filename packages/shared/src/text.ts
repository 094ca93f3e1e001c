/** Text helpers that both sides apply the same way ("characters" are Unicode code points). */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Drops what cannot be encoded as UTF-8 (lone surrogates), as the contract's "invalid UTF-8 is dropped". */
export function dropInvalidUnicode(value: string): string {
  return value.replace(LONE_SURROGATE, '');
}

/** Number of Unicode code points. */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** Cuts `value` to at most `max` code points, after dropping invalid code units. */
export function truncateChars(value: string, max: number): string {
  const clean = dropInvalidUnicode(value);
  if (clean.length <= max) return clean;
  let out = '';
  let n = 0;
  for (const ch of clean) {
    if (n === max) break;
    out += ch;
    n++;
  }
  return out;
}
