import { describe, expect, it } from 'vitest';
import { metaContent, normalizeLinkUrl, pageText } from './link-info.js';

describe('normalizeLinkUrl (DOMAIN §11.1)', () => {
  it('keeps http and https URLs, normalised, with their host name', () => {
    expect(normalizeLinkUrl('https://Example.com/a?b=c#d')).toEqual({
      url: 'https://example.com/a?b=c#d',
      hostname: 'example.com',
    });
    expect(normalizeLinkUrl('HTTP://example.org')).toEqual({
      url: 'http://example.org/',
      hostname: 'example.org',
    });
    expect(normalizeLinkUrl('  https://example.com/x  ')?.url).toBe('https://example.com/x');
  });

  it('gives a URL without a scheme the http scheme', () => {
    expect(normalizeLinkUrl('//example.com/path')).toEqual({
      url: 'http://example.com/path',
      hostname: 'example.com',
    });
  });

  // Other schemes, then URLs without a host (including a host name written as a path).
  it.each([
    'ftp://example.com/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,x',
    'mailto:a@b.c',
    'example.com/x',
    'example.com',
    'http:example.com',
    'http:/example.com',
    'http:///x',
    'http://',
    '',
    'localhost:8080',
  ])('refuses %j', (raw) => {
    expect(normalizeLinkUrl(raw)).toBeNull();
  });

  it('cuts the URL to 2048 bytes before parsing, never inside a character', () => {
    const long = `https://example.com/${'a'.repeat(3000)}`;
    expect(normalizeLinkUrl(long)?.url).toBe(`https://example.com/${'a'.repeat(2048 - 20)}`);
    const accented = `https://example.com/${'é'.repeat(1500)}`; // 2 bytes each
    const url = normalizeLinkUrl(accented)!.url;
    expect(decodeURIComponent(new URL(url).pathname)).toBe(`/${'é'.repeat(1014)}`);
  });

  it('keeps credentials and ports: refusing those is the fetcher’s job, not the link rule’s', () => {
    expect(normalizeLinkUrl('http://user:pw@example.com:8080/')?.hostname).toBe('example.com');
  });

  it('puts international host names in their ASCII form', () => {
    expect(normalizeLinkUrl('https://bücher.example/')?.hostname).toBe('xn--bcher-kva.example');
  });
});

describe('metaContent', () => {
  it('finds the first og:title, whatever the quoting and attribute order, and decodes entities', () => {
    const html = `<html><head>
      <!-- <meta property="og:title" content="in a comment"> -->
      <script>var s = '<meta property="og:title" content="in a script">';</script>
      <meta content='Fish &amp; Chips &#8211; &#x1F41F; &quot;q&quot;' property='og:title'>
      <meta property="og:title" content="second">
    </head></html>`;
    expect(metaContent(html, 'og:title')).toBe('Fish & Chips – 🐟 "q"');
  });

  it('reads name= as well as property=, and unquoted values', () => {
    expect(metaContent('<meta name=og:title content=Hello>', 'og:title')).toBe('Hello');
    expect(metaContent('<META PROPERTY="OG:IMAGE" CONTENT="https://x/y.png">', 'og:image')).toBe(
      'https://x/y.png',
    );
  });

  it('gives null without the tag, and ignores <title>', () => {
    expect(
      metaContent('<title>Not this</title><meta property="og:description" content="x">', 'og:title'),
    ).toBeNull();
  });

  it("decodes the Latin-1 letters' names, case by case, and leaves unknown names as written", () => {
    const html =
      '<meta property="og:title" content="Caf&eacute; &Eacute;t&eacute; &laquo;Gr&uuml;&szlig;e&raquo; &euro;5 &AMP; &Amp; &zork;">';
    expect(metaContent(html, 'og:title')).toBe('Café Été «Grüße» €5 & &Amp; &zork;');
  });

  it('handles a ">" inside a quoted value', () => {
    expect(metaContent('<meta property="og:title" content="a > b">', 'og:title')).toBe('a > b');
  });
});

describe('pageText', () => {
  it('reads a page labelled windows-1252 or Latin-1 as windows-1252, as browsers do', () => {
    // Curly quotes and a euro sign at 0x93, 0x94 and 0x80; é at 0xE9.
    const bytes = Buffer.from([0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x80]);
    for (const label of ['windows-1252', 'ISO-8859-1', 'latin1']) {
      expect(pageText(bytes, `text/html; charset=${label}`)).toBe('\u201cCafé\u201d \u20ac');
    }
    const meta = Buffer.concat([Buffer.from('<meta charset="windows-1252">'), bytes]);
    expect(pageText(meta, 'text/html')).toBe('<meta charset="windows-1252">\u201cCafé\u201d \u20ac');
  });

  it('reads UTF-8 when nothing else is said', () => {
    expect(pageText(Buffer.from('Caf\u00e9 \u{1F41F}'), undefined)).toBe('Café 🐟');
  });
});
