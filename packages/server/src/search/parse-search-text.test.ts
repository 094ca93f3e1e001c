import { describe, expect, it } from 'vitest';
import { parseSearchText } from '@commons/shared/search';

describe('parseSearchText', () => {
  it('takes out community: and author: with bare or quoted names, in any case', () => {
    expect(parseSearchText('tomato author:Robert COMMUNITY:"garden" soup')).toEqual({
      text: 'tomato soup',
      communities: ['garden'],
      authors: ['Robert'],
      notCommunities: [],
      notAuthors: [],
    });
  });

  it('leaves operators inside quoted phrases, and after an unclosed quote, as words', () => {
    expect(parseSearchText('"red community:x" author:y')).toMatchObject({
      text: '"red community:x"',
      communities: [],
      authors: ['y'],
    });
    expect(parseSearchText('a "b author:y')).toMatchObject({
      text: 'a "b author:y',
      communities: [],
      authors: [],
    });
  });

  it('drops an empty name, and keeps a name that is no name (a space in quotes, a colon mid-word) as text', () => {
    expect(parseSearchText('author: words community:""')).toMatchObject({
      text: 'words',
      communities: [],
      authors: [],
    });
    expect(parseSearchText('author:"a b" x').text).toBe('author:"a b" x');
    expect(parseSearchText('coauthor:bob').text).toBe('coauthor:bob');
  });

  it('takes out one operator alone when asked, leaving the other as typed', () => {
    expect(parseSearchText('soup community:garden author:"bob"', 'community')).toMatchObject({
      text: 'soup author:"bob"',
      communities: ['garden'],
      authors: [],
    });
    // What is left out stays left out.
    expect(parseSearchText('soup community:garden -community:cooking', 'community')).toMatchObject({
      text: 'soup -community:cooking',
      communities: ['garden'],
      notCommunities: [],
    });
  });

  it('takes out -community: and -author: as names to leave out, not as words to exclude and require', () => {
    expect(parseSearchText('river -community:Pets -author:"alice" -word')).toEqual({
      text: 'river -word',
      communities: [],
      authors: [],
      notCommunities: ['Pets'],
      notAuthors: ['alice'],
    });
    // Inside quotes, or mid-word, it is text.
    expect(parseSearchText('"a -author:b" x-author:c').text).toBe('"a -author:b" x-author:c');
    expect(parseSearchText('-author: -community:"" y')).toMatchObject({
      text: 'y',
      notAuthors: [],
      notCommunities: [],
    });
  });
});
