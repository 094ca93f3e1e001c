import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../lib/html.js';
import type { FirstScreen } from './first-screen.js';

/** One entry of Vite's build manifest (dist/.vite/manifest.json), the fields read here. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The route modules of the pages whose first screen the server knows (app/router.tsx). */
const ROUTE_SOURCES: Record<Exclude<FirstScreen['kind'], 'other'>, string> = {
  home: 'src/app/routes/home.tsx',
  community: 'src/app/routes/community.tsx',
  post: 'src/app/routes/post.tsx',
};

/**
 * `<link rel="modulepreload">` for a page's route chunk and the chunks it imports, and a style preload
 * for their CSS, from Vite's build manifest: without them the browser learns of the route chunk only
 * once the entry has run, one more round trip before the first screen. What the entry already loads is
 * left out. Without a manifest (a build without it, the tests' fake builds) nothing is added.
 */
export class RoutePreloads {
  private readonly links = new Map<string, string>();
  /** The same when the page carries its first screen's markup: its styles apply before the first paint. */
  private readonly rendered = new Map<string, string>();

  private constructor(manifest: Record<string, ManifestChunk>) {
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    const loaded = new Set<string>();
    const walk = (key: string, into: Set<string>) => {
      if (into.has(key) || !manifest[key]) return;
      into.add(key);
      for (const imported of manifest[key].imports ?? []) walk(imported, into);
    };
    const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
    if (entryKey) walk(entryKey, loaded);
    const entryCss = new Set([...loaded].flatMap((key) => manifest[key]?.css ?? []));
    for (const [kind, source] of Object.entries(ROUTE_SOURCES)) {
      if (!manifest[source]) continue;
      const chunks = new Set<string>();
      walk(source, chunks);
      const keys = [...chunks].filter((key) => !loaded.has(key));
      const scripts = keys.map(
        (key) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key]!.file)}" />`,
      );
      const styles = [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))].filter(
        (file) => !entryCss.has(file),
      );
      const tags = (rel: string) =>
        [...styles.map((file) => `<link ${rel} crossorigin href="/${escapeHtml(file)}" />`), ...scripts].join(
          '\n    ',
        );
      this.links.set(kind, tags('rel="preload" as="style"'));
      this.rendered.set(kind, tags('rel="stylesheet"'));
    }
  }

  static load(distDir: string): RoutePreloads {
    const file = path.join(distDir, '.vite', 'manifest.json');
    const manifest = fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>)
      : {};
    return new RoutePreloads(manifest);
  }

  /** The tags for a page's head; empty for pages with no known route chunk. */
  linksFor(screen: FirstScreen, rendered = false): string {
    if (screen.kind === 'other') return '';
    return (rendered ? this.rendered : this.links).get(screen.kind) ?? '';
  }
}
