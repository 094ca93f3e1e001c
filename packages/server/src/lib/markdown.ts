import type { Definition, Nodes, Parents, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { escapeHtml } from './html.js';

/** The link schemes the web client keeps (react-markdown's default transform); others lose their href. */
const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/**
 * The URL as the web client would keep it: relative URLs and the safe schemes pass; anything else
 * (javascript:, data:, vbscript:) becomes empty. A relative URL is made absolute against `base`, since
 * a feed reader shows the HTML far from this site.
 */
export function safeUrl(url: string, base: URL): string {
  const colon = url.indexOf(':');
  const firstBreak = url.search(/[/?#]/);
  if (colon !== -1 && (firstBreak === -1 || colon < firstBreak)) {
    return SAFE_PROTOCOL.test(url.slice(0, colon)) ? url : '';
  }
  try {
    return new URL(url, base).toString();
  } catch {
    return '';
  }
}

interface Context {
  base: URL;
  definitions: Map<string, Definition>;
}

function children(node: Parents, context: Context): string {
  return node.children.map((child) => render(child, context)).join('');
}

function link(href: string, inner: string, context: Context): string {
  const url = safeUrl(href, context.base);
  return url ? `<a href="${escapeHtml(url)}">${inner}</a>` : inner;
}

/** An image in a post is shown as a link to it, as on the site: reading never loads another server. */
function imageLink(src: string, alt: string | null | undefined, context: Context): string {
  const url = safeUrl(src, context.base);
  const label = escapeHtml(alt ? `Image: ${alt}` : url);
  return url ? `<a href="${escapeHtml(url)}">${label}</a>` : label;
}

function render(node: RootContent, context: Context): string {
  switch (node.type) {
    case 'paragraph':
      return `<p>${children(node, context)}</p>`;
    case 'heading':
      return `<h${node.depth}>${children(node, context)}</h${node.depth}>`;
    case 'text':
      return escapeHtml(node.value);
    case 'emphasis':
      return `<em>${children(node, context)}</em>`;
    case 'strong':
      return `<strong>${children(node, context)}</strong>`;
    case 'delete':
      return `<del>${children(node, context)}</del>`;
    case 'inlineCode':
      return `<code>${escapeHtml(node.value)}</code>`;
    case 'code':
      return `<pre><code>${escapeHtml(node.value)}</code></pre>`;
    case 'blockquote':
      return `<blockquote>${children(node, context)}</blockquote>`;
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul';
      const start = node.ordered && node.start !== null && node.start !== undefined && node.start !== 1;
      return `<${tag}${start ? ` start="${node.start}"` : ''}>${children(node, context)}</${tag}>`;
    }
    case 'listItem': {
      const box = node.checked === true ? '☑ ' : node.checked === false ? '☐ ' : '';
      // A tight item's paragraphs read as plain lines, as browsers show them on the site.
      const inner = node.children
        .map((child) =>
          child.type === 'paragraph' && node.spread !== true
            ? children(child, context)
            : render(child, context),
        )
        .join('');
      return `<li>${box}${inner}</li>`;
    }
    case 'thematicBreak':
      return '<hr />';
    case 'break':
      return '<br />';
    case 'link':
      return link(node.url, children(node, context), context);
    case 'linkReference': {
      const definition = context.definitions.get(node.identifier);
      return definition ? link(definition.url, children(node, context), context) : children(node, context);
    }
    case 'image':
      return imageLink(node.url, node.alt, context);
    case 'imageReference': {
      const definition = context.definitions.get(node.identifier);
      return definition ? imageLink(definition.url, node.alt, context) : escapeHtml(node.alt ?? '');
    }
    case 'table': {
      const [head, ...body] = node.children;
      const row = (cells: Parents, tag: 'th' | 'td') =>
        `<tr>${cells.children.map((cell) => `<${tag}>${children(cell as Parents, context)}</${tag}>`).join('')}</tr>`;
      return `<table>${head ? `<thead>${row(head, 'th')}</thead>` : ''}${
        body.length ? `<tbody>${body.map((r) => row(r, 'td')).join('')}</tbody>` : ''
      }</table>`;
    }
    case 'footnoteReference':
      return `<sup>[${escapeHtml(node.label ?? node.identifier)}]</sup>`;
    case 'footnoteDefinition':
      return `<div>[${escapeHtml(node.label ?? node.identifier)}] ${children(node, context)}</div>`;
    // Raw HTML is skipped, as on the site (core §5); definitions are used by their references.
    case 'html':
    case 'definition':
      return '';
    default:
      return 'children' in node ? children(node, context) : '';
  }
}

function collectDefinitions(node: Nodes, into: Map<string, Definition>): void {
  if (node.type === 'definition') {
    if (!into.has(node.identifier)) into.set(node.identifier, node);
    return;
  }
  if ('children' in node) for (const child of node.children) collectDefinitions(child, into);
}

/**
 * Markdown as HTML by the site's rules (the web client's Markdown component: CommonMark with GitHub's
 * extensions, from the same parser): raw HTML skipped, only http(s), irc(s), mailto and xmpp links
 * kept, images shown as links. For readers outside the site (Atom feeds), so links are absolute and
 * there are no embeds. The result is HTML text, every inserted value escaped.
 */
export function markdownToHtml(markdown: string, base: URL): string {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const definitions = new Map<string, Definition>();
  collectDefinitions(tree, definitions);
  return children(tree, { base, definitions });
}
