import { charLength, composedText } from '@commons/shared';
import { describe, expect, it } from 'vitest';

/** Posts' and comments' text as kept (packages/shared/src/text.ts): trimmed, composed when it fits. */
describe('composedText', () => {
  it('composes accents typed as combining marks, and trims', () => {
    expect(composedText('  Le cafe\u0301 ', 100)).toBe('Le caf\u00e9');
    expect(composedText(null, 100)).toBe('');
  });

  it('keeps as sent what fits the limit as sent but would not once composed', () => {
    // U+0958 composes to two code points (it is excluded from composition).
    const title = '\u0958'.repeat(200);
    expect(charLength(title.normalize('NFC'))).toBe(400);
    expect(composedText(title, 255)).toBe(title);
    // Over the limit either way: composed, and the caller cuts it.
    expect(composedText('\u0958'.repeat(300), 255)).toBe('\u0958'.repeat(300).normalize('NFC'));
    expect(composedText(`${'x'.repeat(19_000)}${'\uFB2A'.repeat(900)}`, 20_000)).toBe(
      `${'x'.repeat(19_000)}${'\uFB2A'.repeat(900)}`,
    );
  });
});
