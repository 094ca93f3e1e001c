import { describe, expect, test } from 'vitest';
import { parseTitle, titleText } from './notification-title';

describe('parseTitle', () => {
  test('bold runs come from the server b tags', () => {
    expect(parseTitle('<b>alice</b> commented on your post <b>Hello</b>')).toEqual([
      { text: 'alice', bold: true },
      { text: ' commented on your post ', bold: false },
      { text: 'Hello', bold: true },
    ]);
  });

  test('the five escapes are decoded, once', () => {
    expect(titleText('&lt;i&gt; &amp; &quot;q&quot; &#39;s&#x27; &apos; &amp;lt;')).toBe(
      `<i> & "q" 's' ' &lt;`,
    );
  });

  test('an escaped tag stays text, and so does any raw tag other than b', () => {
    expect(parseTitle('<b>&lt;img src=x onerror=alert(1)&gt;</b> <i>x</i>')).toEqual([
      { text: '<img src=x onerror=alert(1)>', bold: true },
      { text: ' <i>x</i>', bold: false },
    ]);
  });

  test('an unmatched closing tag does not make later text bold or break the rest', () => {
    expect(parseTitle('a</b>b<b>c')).toEqual([
      { text: 'ab', bold: false },
      { text: 'c', bold: true },
    ]);
  });

  test('plain text is one run', () => {
    expect(parseTitle('Your request was denied.')).toEqual([
      { text: 'Your request was denied.', bold: false },
    ]);
    expect(parseTitle('')).toEqual([]);
  });
});
