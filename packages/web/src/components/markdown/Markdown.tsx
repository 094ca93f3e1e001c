import type { Element } from 'hast';
import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Link } from 'wouter';
import styles from './Markdown.module.css';
import { videoId } from './video-link';
import { VideoEmbed } from './VideoEmbed';

/** A path inside this app when `href` points at this site, else null. */
function inAppPath(href: string): string | null {
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  try {
    const url = new URL(href);
    // A path of `//host/…` on this site's own address is another site once it is a bare path.
    const own = url.host === window.location.host && !url.pathname.startsWith('//');
    return own ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

function MarkdownLink({ href = '', children }: ComponentProps<'a'>) {
  const path = inAppPath(href);
  if (path !== null) return <Link href={path}>{children}</Link>;
  if (href.startsWith('#')) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noreferrer nofollow noopener">
      {children}
    </a>
  );
}

/** The only child of a paragraph, when it is a link that can be embedded. */
function embeddableLink(node: Element | undefined): string | null {
  const children = node?.children.filter((c) => !(c.type === 'text' && c.value.trim() === '')) ?? [];
  const only = children[0];
  if (children.length !== 1 || only?.type !== 'element' || only.tagName !== 'a') return null;
  const href = only.properties.href;
  return typeof href === 'string' && videoId(href) ? href : null;
}

/**
 * Renders posts, comments and pages with the specification's rules (core §5): raw HTML is skipped;
 * only http, https, irc, ircs, mailto and xmpp links are kept (react-markdown's default transform);
 * links to this site navigate in the app, others open in a new tab with noreferrer and nofollow; a
 * video link on its own line becomes a lazy embed unless the reader turned embeds off. Images from
 * markdown are shown as links, so reading a post never loads anything from another server.
 */

/** The text of a syntax tree's element, all its descendants' text joined. */
function textOf(node: Element | Element['children'][number]): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map((child) => textOf(child)).join('') : '';
}

const FIRST_LETTER = /\p{L}/u;
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * A quote's direction, from its first letter: `dir="auto"` on the quote would skip its paragraphs, each
 * with a `dir` of its own, and put the bar on the left of right-to-left words.
 */
function quoteDirection(node: Element | undefined): 'rtl' | 'auto' {
  const letter = node ? FIRST_LETTER.exec(textOf(node))?.[0] : undefined;
  return letter && RIGHT_TO_LEFT.test(letter) ? 'rtl' : 'auto';
}

export default function Markdown({ text, embeds = true }: { text: string; embeds?: boolean }) {
  const components: Components = {
    a: MarkdownLink,
    img: ({ src, alt }) =>
      typeof src === 'string' ? (
        <a href={src} target="_blank" rel="noreferrer nofollow noopener">
          {alt ? `Image: ${alt}` : src}
        </a>
      ) : null,
    // Long code scrolls sideways; keyboard users must be able to reach it to scroll it.
    pre: ({ children }) => <pre tabIndex={0}>{children}</pre>,
    // Task-list boxes show state; they are not controls, but still need a name.
    input: ({ type, checked }) =>
      type === 'checkbox' ? (
        <input
          type="checkbox"
          checked={Boolean(checked)}
          disabled
          aria-label={checked ? 'Done' : 'Not done'}
        />
      ) : null,
    p: ({ node, children }) => {
      const href = embeds ? embeddableLink(node) : null;
      const id = href ? videoId(href) : null;
      return href && id ? <VideoEmbed id={id} href={href} /> : <p dir="auto">{children}</p>;
    },
    // Each block takes the direction of its own first letters, so a Hebrew or Arabic paragraph reads
    // right to left even in an English post (and the other way round); lists as a whole, so that the
    // markers and their indent stay on one side.
    ul: ({ className, children }) => (
      <ul className={className} dir="auto">
        {children}
      </ul>
    ),
    ol: ({ className, start, children }) => (
      <ol className={className} start={start} dir="auto">
        {children}
      </ol>
    ),
    blockquote: ({ node, children }) => <blockquote dir={quoteDirection(node)}>{children}</blockquote>,
    h1: ({ children }) => <h1 dir="auto">{children}</h1>,
    h2: ({ children }) => <h2 dir="auto">{children}</h2>,
    h3: ({ children }) => <h3 dir="auto">{children}</h3>,
    h4: ({ children }) => <h4 dir="auto">{children}</h4>,
    h5: ({ children }) => <h5 dir="auto">{children}</h5>,
    h6: ({ children }) => <h6 dir="auto">{children}</h6>,
  };
  return (
    <div className={styles.markdown} dir="auto">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
