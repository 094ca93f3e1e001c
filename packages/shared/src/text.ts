/** Text helpers that both sides apply the same way ("characters" are Unicode code points). */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Drops what cannot be encoded as UTF-8 (lone surrogates), as the contract's "invalid UTF-8 is dropped". */
export function dropInvalidUnicode(value: string): string {
  return value.replace(LONE_SURROGATE, '');
}

/**
 * Text as posts and comments are kept: trimmed, in composed Unicode (NFC), so that an accent typed as a
 * combining mark matches the same letter typed whole, in muted words (kept composed) and in search. A
 * few letters grow under NFC (U+0958, Hebrew presentation forms): text that fits `max` code points as
 * sent but not composed is kept as sent, rather than cut.
 */
export function composedText(raw: string | null | undefined, max: number): string {
  const sent = (raw ?? '').trim();
  const composed = sent.normalize('NFC');
  return charLength(composed) > max && charLength(sent) <= max ? sent : composed;
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

/** The escapes HTML escaping writes (ours, and a renderer's), and the characters they stand for. */
export const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&apos;': "'",
};

const HTML_ESCAPE = /&(?:amp|lt|gt|quot|apos|#39|#x27);/g;

/** Text with those escapes decoded, and nothing else (no other entity, no markup). */
export function decodeHtmlEscapes(text: string): string {
  return text.replace(HTML_ESCAPE, (escape) => HTML_ESCAPES[escape]!);
}
