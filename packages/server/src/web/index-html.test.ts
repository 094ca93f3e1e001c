import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IndexHtml, type ShellContext } from './index-html.js';

const THEME = "document.documentElement.dataset.theme = 'dark';";
const OTHER = '\n      window.__started = Date.now();\n    ';

const TEMPLATE = `<!doctype html>
<html>
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <title>Placeholder</title>
    <meta name="description" content="placeholder" />
    <!--/app-head-->
    <script>${THEME}</script>
    <script id="site-config" type="application/json">
      {}
    </script>
    <script type="module" src="/assets/app.js"></script>
    <script defer>${OTHER}</script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function load(html: string): IndexHtml {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-index-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  return IndexHtml.load(dir);
}

const sha256 = (text: string) => `sha256-${crypto.createHash('sha256').update(text).digest('base64')}`;

function context(overrides: Partial<ShellContext> = {}): ShellContext {
  return {
    siteName: 'Commons',
    siteDescription: 'A place to talk.',
    url: new URL('https://forum.example.org/about'),
    siteConfig: { siteName: 'Commons' },
    ...overrides,
  };
}

function configBlock(html: string): string {
  return /<script id="site-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!;
}

describe('IndexHtml', () => {
  it('hashes the inline scripts, and only them', () => {
    expect(load(TEMPLATE).inlineScriptHashes).toEqual([sha256(THEME), sha256(OTHER)]);
  });

  it('refuses a file without the markers or the site-config block', () => {
    const message = 'index.html lacks the app-head markers or the site-config block.';
    expect(() => load(TEMPLATE.replace('<!--app-head-->', ''))).toThrow(message);
    expect(() => load(TEMPLATE.replace('<!--/app-head-->', ''))).toThrow(message);
    expect(() => load(TEMPLATE.replace(' id="site-config"', ''))).toThrow(message);
  });

  it('replaces the head between the markers and keeps the rest of the file', () => {
    const html = load(TEMPLATE).render({ title: 'About Commons' }, context());
    expect(html).not.toContain('Placeholder');
    expect(html).not.toContain('<!--app-head-->');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>About Commons - Commons</title>');
    expect(html).toContain(`<script>${THEME}</script>`);
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html).toContain('<body><div id="root"></div></body>');
  });

  it('fills the link preview tags, with defaults from the site', () => {
    const html = load(TEMPLATE).render({ title: null }, context());
    expect(html).toContain('<title>Commons</title>');
    expect(html).toContain('<meta name="description" content="A place to talk." />');
    expect(html).toContain('<meta property="og:title" content="Commons" />');
    expect(html).toContain('<meta property="og:url" content="https://forum.example.org/about" />');
    expect(html).toContain('<meta property="og:image" content="https://forum.example.org/og-image.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');

    const custom = load(TEMPLATE).render(
      {
        title: '@bob',
        shareTitle: '@bob on Commons',
        description: "bob's profile.",
        image: '/images/x.jpeg',
      },
      context(),
    );
    expect(custom).toContain('<title>@bob - Commons</title>');
    expect(custom).toContain('<meta property="og:title" content="@bob on Commons" />');
    expect(custom).toContain('<meta name="twitter:title" content="@bob on Commons" />');
    expect(custom).toContain('<meta property="og:description" content="bob&#39;s profile." />');
    expect(custom).toContain(
      '<meta property="og:image" content="https://forum.example.org/images/x.jpeg" />',
    );
  });

  it('escapes every value it inserts', () => {
    const evil = `<script>alert("x")</script> & 'quotes'`;
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;';
    const html = load(TEMPLATE).render(
      { title: evil, shareTitle: evil, description: evil, image: 'https://cdn.example.org/a.png?x="><b>' },
      context({
        siteName: evil,
        siteDescription: evil,
        url: new URL('https://forum.example.org/about?q="><script>'),
        siteConfig: { siteName: evil },
      }),
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('"><b>');
    expect(html).not.toContain('"><script>');
    expect(html).toContain(`<title>${escaped} - ${escaped}</title>`);
    expect(html).toContain(`<meta name="application-name" content="${escaped}" />`);
    expect(html).toContain(`<meta name="description" content="${escaped}" />`);
    for (const [, content] of html.matchAll(/<meta [a-z]+="[^"]+" content="([^"]*)" \/>/g)) {
      expect(content).not.toMatch(/[<>"']/);
    }
  });

  it('writes the site config as JSON that cannot end its script element', () => {
    const config = { siteName: '</script><script>alert(1)</script>', note: 'a & b', links: { github: null } };
    const html = load(TEMPLATE).render({ title: null }, context({ siteConfig: config }));
    const block = configBlock(html);
    expect(block).not.toMatch(/[<>&]/);
    expect(JSON.parse(block)).toEqual(config);
    expect(html.match(/<\/script>/g)).toHaveLength(4); // the file's four scripts, no more
  });

  it('inserts values with replacement patterns literally', () => {
    const name = "$& $1 $$ $' $`";
    const html = load(TEMPLATE).render(
      { title: null },
      context({ siteName: name, siteConfig: { siteName: name } }),
    );
    expect(JSON.parse(configBlock(html))).toEqual({ siteName: name });
    expect(html).toContain('<title>$&amp; $1 $$ $&#39; $`</title>');
  });
});
