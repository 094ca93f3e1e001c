/** One entry of an Atom feed (RFC 4287 §4.1.2), its values as plain text; the writer escapes them. */
export interface AtomEntry {
  /** A tag: URI (RFC 4151) that names the post or comment for good, whatever its URL becomes. */
  id: string;
  title: string;
  /** The page of the post (or comment) on this site. */
  link: string;
  /** A link post's target. */
  related?: string;
  author: { name: string; uri?: string };
  published: Date;
  updated: Date;
  category?: { term: string; label: string; scheme: string };
  /** HTML, rendered by the site's markdown rules; written escaped as `type="html"`. */
  summaryHtml: string;
  /** An image post's images. */
  enclosures: { href: string; type: string; length: number }[];
}

/** An Atom feed (RFC 4287 §4.1.1). */
export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  /** The feed's own URL. */
  self: string;
  /** The page of the site the feed follows. */
  alternate: string;
  /** The newest entry's update, or the time its subject began when it has none. */
  updated: Date;
  /** Named when no entry names its author (an empty feed must still have one). */
  author: string;
  generator: string;
  entries: AtomEntry[];
}

/**
 * Characters XML 1.0 cannot hold at all (§2.2: C0 controls but tab, newline and carriage return; lone
 * surrogates; U+FFFE and U+FFFF). Escaping cannot save them (&#1; is not well-formed either): they go.
 */
const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text for XML content and attribute values: invalid characters stripped, markup escaped (`>` too, so
 * `]]>` can never appear).
 */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
}

const date = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

function entryXml(entry: AtomEntry): string {
  const lines = [
    '  <entry>',
    `    <id>${xmlText(entry.id)}</id>`,
    `    <title type="text">${xmlText(entry.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${xmlText(entry.link)}"/>`,
  ];
  if (entry.related) lines.push(`    <link rel="related" href="${xmlText(entry.related)}"/>`);
  for (const e of entry.enclosures) {
    lines.push(
      `    <link rel="enclosure" type="${xmlText(e.type)}" length="${e.length}" href="${xmlText(e.href)}"/>`,
    );
  }
  lines.push(
    `    <author><name>${xmlText(entry.author.name)}</name>${
      entry.author.uri ? `<uri>${xmlText(entry.author.uri)}</uri>` : ''
    }</author>`,
    `    <published>${date(entry.published)}</published>`,
    `    <updated>${date(entry.updated)}</updated>`,
  );
  if (entry.category) {
    const c = entry.category;
    lines.push(
      `    <category term="${xmlText(c.term)}" label="${xmlText(c.label)}" scheme="${xmlText(c.scheme)}"/>`,
    );
  }
  lines.push(`    <summary type="html">${xmlText(entry.summaryHtml)}</summary>`, '  </entry>');
  return lines.join('\n');
}

/** The feed as an Atom 1.0 document, UTF-8. */
export function atomXml(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(feed.id)}</id>`,
    `  <title type="text">${xmlText(feed.title)}</title>`,
    ...(feed.subtitle ? [`  <subtitle type="text">${xmlText(feed.subtitle)}</subtitle>`] : []),
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.alternate)}"/>`,
    `  <updated>${date(feed.updated)}</updated>`,
    `  <author><name>${xmlText(feed.author)}</name></author>`,
    `  <generator>${xmlText(feed.generator)}</generator>`,
    ...feed.entries.map(entryXml),
    '</feed>',
    '',
  ].join('\n');
}
