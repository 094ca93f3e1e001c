import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml, jsonForScript, jsonTextForScript } from '../lib/html.js';
import type { EmbeddedAnswer } from './first-screen.js';

/** Title, description and image of one page, for link previews (API.md §17.2). */
export interface PageMeta {
  /** The page's own title; the document title becomes "{title} - {siteName}". Null: the site name alone. */
  title: string | null;
  /** og:title and twitter:title when they differ from `title`. */
  shareTitle?: string;
  description?: string;
  /** `<meta name="description">` when it differs from og:description (posts add their title). */
  metaDescription?: string;
  /** og:image; relative URLs are made absolute. */
  image?: string;
  /** Atom feeds of the page, as `<link rel="alternate">` for feed readers; relative URLs made absolute. */
  feeds?: { title: string; href: string }[];
}

export interface ShellContext {
  siteName: string;
  siteDescription: string;
  /** The page's absolute URL (og:url). */
  url: URL;
  /** Public settings the client reads at start (site name, footer links). */
  siteConfig: Record<string, unknown>;
  /** `<link>` tags that start the page's route chunks early (route-preloads.ts). */
  preloads?: string;
  /**
   * API answers the first screen needs (first-screen.ts), one `<script type="application/json">`
   * block each, marked with the address they answer; `csrfToken` rides on the block that replaces
   * `_initial`, whose answer header carries it.
   */
  answers?: (EmbeddedAnswer & { csrfToken?: string })[];
  /**
   * The server's render of the first screen (server-render.ts), the content of `#root`. It is shown
   * inert (not clickable, not focusable) and hidden from assistive technology until the client's first
   * render takes it over and lifts both: until then its buttons would do nothing, a click on one would
   * be lost, and a screen reader would announce controls that do not work yet.
   */
  markup?: string | null;
  /**
   * The layout the markup was rendered for, on `<html>` as the page's inline script would set it: a
   * browser without JavaScript then shows the markup in that layout too (the script, when it runs, sets
   * it again by the window's width).
   */
  layout?: 'mobile' | 'desktop';
}

const HEAD_START = '<!--app-head-->';
const HEAD_END = '<!--/app-head-->';
const CONFIG_PATTERN = /<script id="site-config" type="application\/json">[\s\S]*?<\/script>/;
const DEFAULT_IMAGE = '/og-image.png';
const ROOT = '<div id="root"></div>';

/**
 * The built index.html as a template. The part between the app-head markers is rewritten per page; the
 * site-config block gets the public settings. Hashes of the inline scripts go into the CSP, so the
 * policy stays strict without 'unsafe-inline'.
 */
export class IndexHtml {
  readonly inlineScriptHashes: string[];
  private readonly before: string;
  private readonly after: string;
  /** Where `</head>` and `</body>` start in `after`. */
  private readonly headEnd: number;
  private readonly bodyEnd: number;

  private constructor(html: string) {
    const start = html.indexOf(HEAD_START);
    const end = html.indexOf(HEAD_END);
    if (start === -1 || end === -1 || !CONFIG_PATTERN.test(html)) {
      throw new Error('index.html lacks the app-head markers or the site-config block.');
    }
    this.before = html.slice(0, start);
    this.after = html.slice(end + HEAD_END.length);
    const headEnd = this.after.indexOf('</head>');
    const bodyEnd = this.after.lastIndexOf('</body>');
    this.headEnd = headEnd === -1 ? 0 : headEnd;
    this.bodyEnd = bodyEnd === -1 ? this.after.length : Math.max(bodyEnd, this.headEnd);
    this.inlineScriptHashes = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g),
    ].map(
      (m) =>
        `sha256-${crypto
          .createHash('sha256')
          .update(m[1] ?? '')
          .digest('base64')}`,
    );
  }

  static load(distDir: string): IndexHtml {
    return new IndexHtml(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  }

  render(meta: PageMeta, context: ShellContext): string {
    const title = meta.title ? `${meta.title} - ${context.siteName}` : context.siteName;
    const shareTitle = meta.shareTitle ?? meta.title ?? context.siteName;
    const description = meta.description ?? context.siteDescription;
    const image = new URL(meta.image ?? DEFAULT_IMAGE, context.url).toString();
    const tag = (attr: 'name' | 'property', key: string, value: string) =>
      `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
    const head = [
      `<title>${escapeHtml(title)}</title>`,
      tag('name', 'description', meta.metaDescription ?? description),
      tag('name', 'application-name', context.siteName),
      tag('property', 'og:site_name', context.siteName),
      tag('property', 'og:type', 'website'),
      tag('property', 'og:title', shareTitle),
      tag('property', 'og:description', description),
      tag('property', 'og:url', context.url.toString()),
      tag('property', 'og:image', image),
      tag('name', 'twitter:card', 'summary'),
      tag('name', 'twitter:title', shareTitle),
      tag('name', 'twitter:description', description),
      tag('name', 'twitter:image', image),
      ...(meta.feeds ?? []).map(
        (feed) =>
          `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(new URL(feed.href, context.url).toString())}" />`,
      ),
    ].join('\n    ');
    // At the end of the body: on a slow link the bytes of the data do not hold back the tags of the
    // scripts and styles above them, and the entry (a module, run after parsing) still finds them.
    const data = (context.answers ?? [])
      .map(
        (answer) =>
          `<script type="application/json" data-api="${escapeHtml(answer.url)}"${answer.csrfToken ? ` data-csrf-token="${escapeHtml(answer.csrfToken)}"` : ''}>${jsonTextForScript(answer.text)}</script>\n  `,
      )
      .join('');
    const config = `<script id="site-config" type="application/json">${jsonForScript(context.siteConfig)}</script>`;
    // The route's chunks after the entry's own tags (the entry comes first), still in the head.
    const preloads = context.preloads ? `  ${context.preloads}\n  ` : '';
    const html =
      this.before +
      head +
      this.after.slice(0, this.headEnd) +
      preloads +
      this.after.slice(this.headEnd, this.bodyEnd) +
      data +
      this.after.slice(this.bodyEnd);
    const withLayout = context.layout ? html.replace('<html', `<html data-layout="${context.layout}"`) : html;
    const withMarkup = context.markup
      ? withLayout.replace(ROOT, () => `<div id="root" inert aria-hidden="true">${context.markup}</div>`)
      : withLayout;
    return withMarkup.replace(CONFIG_PATTERN, () => config);
  }
}
