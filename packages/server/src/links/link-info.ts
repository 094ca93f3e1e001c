import { limits, type LinkInfo } from '@commons/shared';
import type { Deps } from '../deps.js';
import { storeImage } from '../images/images.service.js';
import type { ImageRow } from '../images/images.repository.js';
import { errors } from '../lib/errors.js';
import { OutboundFailedError, OutboundRefusedError, safeFetch, looksLikeImage } from '../lib/safe-fetch.js';
import type { UserRow } from '../users/users.repository.js';

/** Link posts, their thumbnails and the title helper (DOMAIN §11). */

export interface NormalizedLink {
  url: string;
  hostname: string;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** Cuts a string to at most `max` bytes of UTF-8 without splitting a character. */
function truncateUtf8(value: string, max: number): string {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length <= max) return value;
  // A cut inside a multi-byte character leaves a replacement character at the end: drop it.
  return bytes
    .subarray(0, max)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

/**
 * The link URL rules of DOMAIN §11.1: cut to 2048 bytes; no scheme means http; only http and https;
 * there must be a host, written as `//host` (so `example.com/x` is a path and refused). Returns the
 * normalised URL and its host name, or null when the URL is refused.
 */
export function normalizeLinkUrl(raw: string): NormalizedLink | null {
  let text = truncateUtf8(raw, limits.linkUrlMaxBytes).trim();
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) text = `http:${text}`;
  else if (scheme !== 'http' && scheme !== 'https') return null;
  // The WHATWG parser forgives "http:example.com" and "http:\\example.com"; the rule wants "//host".
  const rest = text.slice(text.indexOf(':') + 1);
  if (!rest.startsWith('//') || /^\/\/[/?#\\]/.test(rest) || rest === '//') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.hostname === '') return null;
  return { url: url.href, hostname: url.hostname };
}

/** The first `<meta property="og:…">` (or name="og:…") content of an HTML page, decoded; null if none. */
export function metaContent(html: string, property: string): string | null {
  const searchable = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
  const tags = searchable.match(/<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi) ?? [];
  for (const tag of tags) {
    const attributes = new Map<string, string>();
    for (const m of tag.matchAll(/([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g)) {
      const name = m[1]!.toLowerCase();
      if (!attributes.has(name)) attributes.set(name, m[2] ?? m[3] ?? m[4] ?? '');
    }
    const key = (attributes.get('property') ?? attributes.get('name') ?? '').trim().toLowerCase();
    if (key === property && attributes.has('content')) return decodeEntities(attributes.get('content')!);
  }
  return null;
}

/** The named character references of HTML 4's Latin-1 set, for U+00A0 to U+00FF in order. */
const LATIN1_ENTITIES =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 ' +
  'sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc ' +
  'Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve ' +
  'Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute ' +
  'acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ' +
  'ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

/**
 * Named references as titles use them: HTML 4's Latin-1 letters and signs, its punctuation and a few
 * more symbols (HTML's full list is 2,231 names; one not here stays as written). Names are
 * case-sensitive (`&Eacute;` is not `&eacute;`).
 */
const NAMED_ENTITIES: Record<string, string> = {
  ...Object.fromEntries(LATIN1_ENTITIES.split(' ').map((name, i) => [name, String.fromCodePoint(0xa0 + i)])),
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  OElig: '\u0152',
  oelig: '\u0153',
  Scaron: '\u0160',
  scaron: '\u0161',
  Yuml: '\u0178',
  fnof: '\u0192',
  circ: '\u02c6',
  tilde: '\u02dc',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  dagger: '\u2020',
  Dagger: '\u2021',
  bull: '\u2022',
  hellip: '\u2026',
  permil: '\u2030',
  prime: '\u2032',
  Prime: '\u2033',
  lsaquo: '\u2039',
  rsaquo: '\u203a',
  euro: '\u20ac',
  trade: '\u2122',
  larr: '\u2190',
  rarr: '\u2192',
  minus: '\u2212',
};

/** Written in capitals, these few are HTML's too (`&AMP;`, `&COPY;`). */
const UPPER_CASE_TOO = new Set(['amp', 'lt', 'gt', 'quot', 'copy', 'reg']);

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    const lower = entity.toLowerCase();
    return (
      NAMED_ENTITIES[entity] ??
      (entity === entity.toUpperCase() && UPPER_CASE_TOO.has(lower) ? NAMED_ENTITIES[lower] : undefined) ??
      whole
    );
  });
}

/**
 * What windows-1252 has at 0x80–0x9F, where Latin-1 has control characters. HTML reads every page
 * labelled Latin-1 (or ASCII) as windows-1252, and Node's TextDecoder reads windows-1252 as Latin-1.
 */
const WINDOWS_1252_HIGH =
  '\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f' +
  '\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178';

const WINDOWS_1252_LABELS = new Set([
  'windows-1252',
  'cp1252',
  'x-cp1252',
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'latin1',
  'l1',
  'us-ascii',
  'ascii',
]);

function decodeWindows1252(body: Buffer): string {
  return body.toString('latin1').replace(/[\x80-\x9f]/g, (ch) => WINDOWS_1252_HIGH[ch.charCodeAt(0) - 0x80]!);
}

/** The page as text, in the character set its header or its first bytes name (UTF-8 otherwise). */
export function pageText(body: Buffer, contentTypeHeader: string | undefined): string {
  const declared =
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentTypeHeader ?? '')?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1] ??
    'utf-8';
  if (WINDOWS_1252_LABELS.has(declared.toLowerCase())) return decodeWindows1252(body);
  try {
    return new TextDecoder(declared).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * `GET /api/_link_info?url=` (API.md §16.5): the page's first og:title, or "" (no `<title>` fallback).
 * A malformed URL, or one the outbound rules refuse, is 400 `invalid-url`; a page that cannot be had
 * (unreachable, too slow, not 2xx, not HTML) gives "".
 */
export async function getLinkInfo(
  deps: Deps,
  viewer: UserRow | null,
  rawUrl: string | undefined,
): Promise<LinkInfo> {
  if (!viewer) throw errors.notLoggedIn();
  await deps.limiter.consume('linkInfo', viewer.id);
  const link = normalizeLinkUrl(rawUrl ?? '');
  if (!link) throw errors.invalidUrl();
  try {
    const page = await safeFetch(link.url, { kind: 'page', allow: deps.config.outboundAllow });
    if (!page.accepted) return { title: '' };
    const title = metaContent(pageText(page.body, page.headers['content-type']), 'og:title');
    return { title: title?.trim() ?? '' };
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw errors.invalidUrl();
    if (error instanceof OutboundFailedError) return { title: '' };
    throw error;
  }
}

const LINKED_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The thumbnail of a new link post (DOMAIN §11.2): the page's og:image (absolute http(s) only), or the
 * URL itself when it is an image; downloaded under the outbound rules and stored as a 1280×720 cover
 * JPEG. `url` is a normalised link (normalizeLinkUrl). Any failure gives null: the post goes without.
 */
export async function fetchLinkThumbnail(
  deps: Pick<Deps, 'db' | 'config'>,
  url: string,
): Promise<ImageRow | null> {
  const allow = deps.config.outboundAllow;
  try {
    const page = await safeFetch(url, { kind: 'page', allow });
    if (page.status < 200 || page.status >= 300) return null;
    let imageUrl: string;
    if (page.accepted) {
      const ogImage = metaContent(pageText(page.body, page.headers['content-type']), 'og:image')?.trim();
      if (ogImage !== undefined) {
        // A relative og:image is not resolved against the page: such pages get no thumbnail.
        if (!/^https?:\/\//i.test(ogImage)) return null;
        imageUrl = ogImage;
      } else if (/\.(jpe?g|png|webp)$/i.test(new URL(url).pathname)) {
        imageUrl = url;
      } else {
        return null;
      }
    } else if (LINKED_IMAGE_TYPES.has(page.contentType) || looksLikeImage('', new URL(url))) {
      imageUrl = url;
    } else {
      return null;
    }
    const image = await safeFetch(imageUrl, { kind: 'image', allow, maxBytes: deps.config.maxImageSize });
    if (!image.accepted || image.body.length === 0) return null;
    return await storeImage(deps, image.body, 'link');
  } catch {
    return null;
  }
}
