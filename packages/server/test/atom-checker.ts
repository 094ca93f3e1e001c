/**
 * A strict checker of XML 1.0 well-formedness and of the Atom 1.0 format's rules (RFC 4287), for the
 * feed tests: no XML parser is among the project's dependencies. It refuses what a conforming parser
 * refuses (characters XML cannot hold, unknown entities, unbalanced or crossed tags, a duplicate or
 * unquoted attribute, `<` in a value, `]]>` in text, text outside the root) and returns the element
 * tree, with text and attribute values decoded.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: (XmlElement | string)[];
}

const CHAR = /^[\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
const NAME = /^[A-Za-z_:][A-Za-z0-9_:.-]*/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function fail(message: string, at: number): never {
  throw new Error(`not well-formed XML at ${at}: ${message}`);
}

/** Replaces the references of text or an attribute value, refusing any that XML does not define. */
function decode(raw: string, at: number): string {
  return raw.replace(/&([^;&<]*);|&/g, (whole, name: string | undefined) => {
    if (name === undefined) fail('a bare "&"', at);
    const numeric = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(name);
    if (numeric) {
      const code = numeric[1] ? parseInt(numeric[1], 16) : Number(numeric[2]);
      const ch = code <= 0x10ffff ? String.fromCodePoint(code) : '';
      if (!ch || !CHAR.test(ch)) fail(`a reference to a character XML cannot hold: ${whole}`, at);
      return ch;
    }
    const value = PREDEFINED[name];
    if (value === undefined) fail(`an undefined entity ${whole}`, at);
    return value;
  });
}

export function parseXml(xml: string): XmlElement {
  if (!CHAR.test(xml)) fail('a character XML cannot hold', xml.search(/[^\t\n\r\x20-\uFFFD]/u));
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (
      end === -1 ||
      !/^<\?xml version="1\.0"( encoding="[A-Za-z0-9._-]+")?\?>$/.test(xml.slice(0, end + 2))
    ) {
      fail('a malformed XML declaration', 0);
    }
    i = end + 2;
  }
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (text) {
      if (text.includes(']]>')) fail('"]]>" in text', i);
      const top = stack[stack.length - 1];
      if (!top) {
        if (text.trim()) fail('text outside the root element', i);
      } else top.children.push(decode(text, i));
    }
    if (lt === -1) break;
    i = lt;
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end === -1 || xml.slice(i + 4, end).includes('--')) fail('a malformed comment', i);
      i = end + 3;
    } else if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i);
      const top = stack[stack.length - 1];
      if (end === -1 || !top) fail('a CDATA section outside an element or unclosed', i);
      top.children.push(xml.slice(i + 9, end));
      i = end + 3;
    } else if (xml.startsWith('<?', i)) {
      const end = xml.indexOf('?>', i);
      if (end === -1) fail('an unclosed processing instruction', i);
      i = end + 2;
    } else if (xml.startsWith('</', i)) {
      const name = NAME.exec(xml.slice(i + 2))?.[0];
      const open = stack.pop();
      if (!name || !open || open.name !== name) fail(`a closing tag </${name}> that matches nothing`, i);
      const rest = /^\s*>/.exec(xml.slice(i + 2 + name.length));
      if (!rest) fail('a malformed closing tag', i);
      i += 2 + name.length + rest[0].length;
    } else {
      const name = NAME.exec(xml.slice(i + 1))?.[0];
      if (!name) fail('a malformed tag', i);
      if (!stack.length && root) fail('a second root element', i);
      const element: XmlElement = { name, attrs: {}, children: [] };
      i += 1 + name.length;
      for (;;) {
        const end = /^\s*(\/?)>/.exec(xml.slice(i));
        if (end) {
          i += end[0].length;
          stack[stack.length - 1]?.children.push(element);
          if (!stack.length) root = element;
          if (!end[1]) stack.push(element);
          break;
        }
        const attr = /^\s+([A-Za-z_:][A-Za-z0-9_:.-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/.exec(xml.slice(i));
        if (!attr) fail(`a malformed attribute in <${name}>`, i);
        const key = attr[1]!;
        if (key in element.attrs) fail(`a duplicate attribute ${key}`, i);
        element.attrs[key] = decode(attr[2] ?? attr[3] ?? '', i);
        i += attr[0].length;
      }
    }
  }
  if (stack.length) fail(`<${stack[stack.length - 1]!.name}> is never closed`, xml.length);
  if (!root) fail('no root element', 0);
  return root;
}

const ATOM = 'http://www.w3.org/2005/Atom';
/** RFC 3339 date-time, as RFC 4287 §3.3 requires (a "T", seconds, and a zone). */
const DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
/** An absolute IRI: a scheme, then a colon. */
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

export const childrenNamed = (el: XmlElement, name: string): XmlElement[] =>
  el.children.filter((c): c is XmlElement => typeof c !== 'string' && c.name === name);
export const textOf = (el: XmlElement | undefined): string =>
  el ? el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('') : '';

function one(el: XmlElement, name: string, where: string, optional = false): XmlElement | undefined {
  const found = childrenNamed(el, name);
  if (found.length > 1 || (!optional && found.length === 0)) {
    throw new Error(`Atom: ${where} must have ${optional ? 'at most' : 'exactly'} one <${name}>`);
  }
  return found[0];
}

function checkText(el: XmlElement | undefined, where: string): void {
  if (!el) return;
  const type = el.attrs.type ?? 'text';
  if (!['text', 'html', 'xhtml'].includes(type)) throw new Error(`Atom: ${where} has type "${type}"`);
  if (type !== 'xhtml' && el.children.some((c) => typeof c !== 'string')) {
    throw new Error(`Atom: ${where} of type ${type} holds elements`);
  }
}

function checkDate(el: XmlElement | undefined, where: string): void {
  if (el && !DATE.test(textOf(el))) throw new Error(`Atom: ${where} "${textOf(el)}" is not an RFC 3339 date`);
}

function checkPeople(el: XmlElement, where: string): void {
  for (const person of [...childrenNamed(el, 'author'), ...childrenNamed(el, 'contributor')]) {
    if (!textOf(one(person, 'name', `${where} <${person.name}>`)))
      throw new Error(`Atom: ${where} empty name`);
    const uri = one(person, 'uri', where, true);
    if (uri && !ABSOLUTE.test(textOf(uri))) throw new Error(`Atom: ${where} author uri is not absolute`);
  }
}

function checkLinks(el: XmlElement, where: string): void {
  const alternates = new Set<string>();
  for (const link of childrenNamed(el, 'link')) {
    if (!link.attrs.href) throw new Error(`Atom: a <link> in ${where} without href`);
    if ((link.attrs.rel ?? 'alternate') === 'alternate') {
      const key = `${link.attrs.type ?? ''} ${link.attrs.hreflang ?? ''}`;
      if (alternates.has(key)) throw new Error(`Atom: ${where} has two alternate links of one type`);
      alternates.add(key);
    }
    if (link.attrs.length !== undefined && !/^\d+$/.test(link.attrs.length)) {
      throw new Error(`Atom: a link length in ${where} is not a number`);
    }
  }
  for (const category of childrenNamed(el, 'category')) {
    if (!category.attrs.term) throw new Error(`Atom: a <category> in ${where} without term`);
  }
}

function checkCommon(el: XmlElement, where: string): void {
  const id = textOf(one(el, 'id', where));
  if (!ABSOLUTE.test(id)) throw new Error(`Atom: ${where} id "${id}" is not an absolute IRI`);
  checkText(one(el, 'title', where), `${where} title`);
  checkDate(one(el, 'updated', where), `${where} updated`);
  checkText(one(el, 'rights', where, true), `${where} rights`);
  checkPeople(el, where);
  checkLinks(el, where);
}

/** Parses `xml` and checks it against RFC 4287's rules for feeds and entries; returns the feed. */
export function parseAtom(xml: string): XmlElement {
  const feed = parseXml(xml);
  if (feed.name !== 'feed' || feed.attrs.xmlns !== ATOM)
    throw new Error('Atom: the root is not an Atom <feed>');
  checkCommon(feed, 'the feed');
  checkText(one(feed, 'subtitle', 'the feed', true), 'the feed subtitle');
  one(feed, 'generator', 'the feed', true);
  const entries = childrenNamed(feed, 'entry');
  const feedHasAuthor = childrenNamed(feed, 'author').length > 0;
  const ids = new Set<string>();
  for (const [n, entry] of entries.entries()) {
    const where = `entry ${n + 1}`;
    checkCommon(entry, where);
    const id = textOf(one(entry, 'id', where));
    if (ids.has(id)) throw new Error(`Atom: two entries with the id ${id}`);
    ids.add(id);
    if (!feedHasAuthor && childrenNamed(entry, 'author').length === 0) {
      throw new Error(`Atom: ${where} has no author, nor has the feed`);
    }
    checkDate(one(entry, 'published', where, true), `${where} published`);
    const summary = one(entry, 'summary', where, true);
    checkText(summary, `${where} summary`);
    const content = one(entry, 'content', where, true);
    const alternate = childrenNamed(entry, 'link').some((l) => (l.attrs.rel ?? 'alternate') === 'alternate');
    if (!content && !alternate) throw new Error(`Atom: ${where} has neither content nor an alternate link`);
  }
  return feed;
}
