import { describe, expect, it } from 'vitest';
import { pageCount, pageLinks } from './pagination';

describe('pageLinks', () => {
  it('lists every page below 10 pages', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(9, 5)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('shows the first 8, an ellipsis and the last from 10 pages on', () => {
    expect(pageLinks(10, 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 'gap', 10]);
    expect(pageLinks(25, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 'gap', 25]);
    expect(pageLinks(25, 25)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 'gap', 25]);
  });

  it('adds the current page between the ellipsis and the last', () => {
    expect(pageLinks(25, 14)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 'gap', 14, 'gap', 25]);
    expect(pageLinks(25, 24)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 'gap', 24, 25]);
  });

  it('shows no ellipsis where no page is left out', () => {
    expect(pageLinks(10, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageLinks(11, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 'gap', 11]);
  });

  it('has no links without pages', () => {
    expect(pageLinks(0, 1)).toEqual([]);
  });
});

describe('pageCount', () => {
  it('rounds up and keeps one page for an empty list', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
