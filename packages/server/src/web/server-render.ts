import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { decodeHtmlEscapes } from '@commons/shared';
import type { EmbeddedAnswer } from './first-screen.js';

/** What the web build's server entry (packages/web/src/entry-server.tsx) takes. */
interface FirstScreenInput {
  location: string;
  answers: { url: string; json: unknown }[];
  siteConfig: Record<string, unknown>;
  mobile: boolean;
}

interface ServerEntry {
  ready: Promise<unknown>;
  renderFirstScreen(input: FirstScreenInput): string;
  mobileFromUserAgent(userAgent: string, mobileHint: boolean | undefined): boolean;
}

/** Where `vite build --ssr` puts the server entry, inside the build it belongs to (vite.config.ts). */
export const SERVER_ENTRY = path.join('.ssr', 'entry-server.js');

export interface RenderedScreen {
  /** The content of the page's `#root`. */
  markup: string;
  /** CSP hashes of its style attributes (security-headers.ts). */
  styleHashes: string[];
}

const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g;

/** The hashes of the distinct style attribute values in markup, as the browser reads them. */
function styleAttributeHashes(markup: string): string[] {
  const values = new Set<string>();
  for (const match of markup.matchAll(STYLE_ATTRIBUTE)) {
    values.add(decodeHtmlEscapes(match[1]!));
  }
  return [...values].map((value) => `sha256-${crypto.createHash('sha256').update(value).digest('base64')}`);
}

export interface FirstScreenPage {
  location: string;
  answers: EmbeddedAnswer[];
  siteConfig: Record<string, unknown>;
  /** A phone or tablet: the mobile layout (`mobile` of this class). */
  mobile: boolean;
}

/**
 * The server's render of first screens (docs/decisions.md §52): the web build's own components turn
 * the answers a page carries into the markup of its `#root`, so the feed or post shows before any
 * script has run. A build without the server entry (the tests' fake builds) renders nothing.
 */
export class FirstScreenRenderer {
  private constructor(
    private readonly entry: ServerEntry,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async load(distDir: string, log: FastifyBaseLogger): Promise<FirstScreenRenderer | null> {
    const file = path.join(distDir, SERVER_ENTRY);
    if (!fs.existsSync(file)) return null;
    const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
    await entry.ready;
    return new FirstScreenRenderer(entry, log);
  }

  /** The markup, or null when the render fails: the page then goes out without, as the client renders it. */
  render(page: FirstScreenPage): RenderedScreen | null {
    try {
      const markup = this.entry.renderFirstScreen({
        location: page.location,
        answers: page.answers.map((answer) => ({
          url: answer.url,
          json: JSON.parse(answer.text) as unknown,
        })),
        siteConfig: page.siteConfig,
        mobile: page.mobile,
      });
      return { markup, styleHashes: styleAttributeHashes(markup) };
    } catch (error) {
      this.log.warn({ err: error, location: page.location }, 'first screen render failed');
      return null;
    }
  }

  /**
   * Whether a request comes from a phone or tablet, by the client's own rule (lib/device.ts): its
   * `Sec-CH-UA-Mobile` hint (`?1`, `?0`), which Chromium browsers send, else its User-Agent.
   */
  mobile(userAgent: string | undefined, mobileHint: string | undefined): boolean {
    const hint = mobileHint === '?1' ? true : mobileHint === '?0' ? false : undefined;
    return this.entry.mobileFromUserAgent(userAgent ?? '', hint);
  }

  /** A key that changes with anything the markup depends on. */
  static cacheKey(page: FirstScreenPage): string {
    const hash = crypto.createHash('sha1');
    hash.update(`${page.location}\n${String(page.mobile)}\n`);
    hash.update(JSON.stringify(page.siteConfig));
    for (const answer of page.answers) hash.update(`\n${answer.url}\n`).update(answer.text);
    return `first-screen:${hash.digest('base64url')}`;
  }
}
