import { describe, expect, it } from 'vitest';
import { markdownToHtml, safeUrl } from './markdown.js';

const base = new URL('https://forum.example.org');
const html = (markdown: string) => markdownToHtml(markdown, base);

describe('markdownToHtml', () => {
  it('renders CommonMark and the GitHub extensions the site renders', () => {
    expect(html('# Title\n\n*a* **b** ~~c~~ `d<e>`')).toBe(
      '<h1>Title</h1><p><em>a</em> <strong>b</strong> <del>c</del> <code>d&lt;e&gt;</code></p>',
    );
    expect(html('- one\n- [x] done\n- [ ] not\n\n3. three')).toBe(
      '<ul><li>one</li><li>☑ done</li><li>☐ not</li></ul><ol start="3"><li>three</li></ol>',
    );
    expect(html('```\n<b> & </b>\n```\n\n> quoted\n\n---')).toBe(
      '<pre><code>&lt;b&gt; &amp; &lt;/b&gt;</code></pre><blockquote><p>quoted</p></blockquote><hr />',
    );
    expect(html('| a | b |\n|---|---|\n| 1 | 2 |')).toBe(
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    );
    expect(html('[ref] and www.example.com\n\n[ref]: https://example.org/x "t"')).toBe(
      '<p><a href="https://example.org/x">ref</a> and <a href="http://www.example.com">www.example.com</a></p>',
    );
  });

  it('skips raw HTML, drops unsafe links, shows images as links and makes links absolute', () => {
    expect(html('<div onclick="x()">hi</div>\n\n<img src=x onerror=alert(1)>')).toBe('');
    expect(html('a <b>bold</b> word')).toBe('<p>a bold word</p>');
    expect(html('[x](javascript:alert(1)) [y](data:text/html,hi) [z](/c/post/1) [m](mailto:a@b.c)')).toBe(
      '<p>x y <a href="https://forum.example.org/c/post/1">z</a> <a href="mailto:a@b.c">m</a></p>',
    );
    expect(html('![a "cat"](https://img.example/c.png) ![](javascript:x)')).toBe(
      '<p><a href="https://img.example/c.png">Image: a &quot;cat&quot;</a> </p>',
    );
  });

  it('keeps only the safe schemes', () => {
    expect(safeUrl('HTTPS://a.example/', base)).toBe('HTTPS://a.example/');
    expect(safeUrl('ircs://irc.example/x', base)).toBe('ircs://irc.example/x');
    expect(safeUrl('vbscript:x', base)).toBe('');
    expect(safeUrl('/a?b:c', base)).toBe('https://forum.example.org/a?b:c');
  });
});
