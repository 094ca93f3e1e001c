import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { forThisSite } from '../src/features/static-pages/StaticPage';

const folder = path.join(import.meta.dirname, '../src/features/static-pages/content');
const read = (name: string) => fs.readFileSync(path.join(folder, `${name}.md`), 'utf8');

describe('static pages as the site runs', () => {
  const builtin = { siteName: 'Gardeners', externalSearch: false };
  const external = { siteName: 'Gardeners', externalSearch: true };

  test('About and the privacy policy describe the search the site has', () => {
    const about = forThisSite(read('about'), builtin);
    expect(about).toContain(
      'The search box finds posts, comments, communities and people on Gardeners itself',
    );
    expect(about).not.toContain("doesn't have built-in search");
    expect(forThisSite(read('about'), external)).toContain(
      "Gardeners doesn't have built-in search. The search box opens a web search limited to this site.",
    );
    expect(forThisSite(read('privacy-policy'), builtin)).not.toContain('external search engine');
    expect(forThisSite(read('privacy-policy'), external)).toContain(
      '**Search.** The search box sends your search to an external search engine',
    );
  });

  test('leaves no placeholder in any page, whichever search the site has', () => {
    for (const file of fs.readdirSync(folder)) {
      for (const site of [builtin, external]) {
        const text = forThisSite(read(file.replace(/\.md$/u, '')), site);
        expect(text, file).not.toMatch(/\{\/?(siteName|builtinSearch|externalSearch)\}/u);
      }
    }
  });
});
