import { describe, expect, it } from 'vitest';
import { parseSearchText } from '@commons/shared/search';

describe('parseSearchText', () => {
  it('takes out community: and author: with bare or quoted names, in any case', () => {
    expect(parseSearchText('tomato author:Robert COMMUNITY:"garden" soup')).toEqual({
      text: 'tomato soup',
      communities: ['garden'],
      authors: ['Robert'],
    });
  });

  it('leaves operators inside quoted phrases, and after an unclosed quote, as words', () => {
    expect(parseSearchText('"red community:x" author:y')).toEqual({
      text: '"red community:x"',
      communities: [],
      authors: ['y'],
    });
    expect(parseSearchText('a "b author:y')).toEqual({ text: 'a "b author:y', communities: [], authors: [] });
  });

  it('drops an empty name, and keeps a name that is no name (a space in quotes, a colon mid-word) as text', () => {
    expect(parseSearchText('author: words community:""')).toEqual({
      text: 'words',
      communities: [],
      authors: [],
    });
    expect(parseSearchText('author:"a b" x').text).toBe('author:"a b" x');
    expect(parseSearchText('coauthor:bob').text).toBe('coauthor:bob');
  });

  it('takes out one operator alone when asked, leaving the other as typed', () => {
    expect(parseSearchText('soup community:garden author:"bob"', 'community')).toEqual({
      text: 'soup author:"bob"',
      communities: ['garden'],
      authors: [],
    });
  });
});
