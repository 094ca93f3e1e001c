import { describe, expect, test } from 'vitest';
import { highlightRange, inHighlight } from './highlight';

describe('highlight range', () => {
  test('reads two Unix seconds, and refuses anything else', () => {
    expect(highlightRange('100', '200')).toEqual({ from: 100, to: 200 });
    expect(highlightRange('100', null)).toBeNull();
    expect(highlightRange('abc', '200')).toBeNull();
    expect(highlightRange('-1', '200')).toBeNull();
    expect(highlightRange('300', '200')).toBeNull();
  });

  test('both ends are included, at whole seconds', () => {
    const range = { from: 1_700_000_000, to: 1_700_000_060 };
    expect(inHighlight(range, '2023-11-14T22:13:20.999Z')).toBe(true); // 1_700_000_000.999
    expect(inHighlight(range, '2023-11-14T22:14:20.500Z')).toBe(true); // 1_700_000_060.5
    expect(inHighlight(range, '2023-11-14T22:13:19.999Z')).toBe(false);
    expect(inHighlight(range, '2023-11-14T22:14:21.000Z')).toBe(false);
    expect(inHighlight(null, '2023-11-14T22:13:30.000Z')).toBe(false);
  });
});
