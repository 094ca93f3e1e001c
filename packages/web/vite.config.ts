import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, transformWithOxc, type Plugin } from 'vite';

/**
 * The app is written against React's API and typed with @types/react, but renders with Preact through
 * preact/compat: react-dom alone was 207 KB of the entry's 306 KB minified, and the home page's first
 * load had to come under 100 KB gzipped (docs/decisions.md §35). Every import of React, by our code or
 * by a library (Radix, TanStack Query, wouter, react-markdown), goes to the compatibility layer. The
 * build, the dev server and the component tests (vitest.config.ts) use these same aliases.
 */
export const reactCompatAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // wouter reads useSyncExternalStore through this shim for React 17, which forwards to React's own; a
  // CommonJS module, so in the component tests Node would resolve its require('react') to real React.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  // Only tests import these: test-utils for @testing-library/react's `act` (React 19 exports one itself,
  // preact/compat does not), and server to compare markup (through preact-render-to-string).
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];

const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest|map)$/;

/** Writes .br and .gz siblings of every compressible file, which the server sends when accepted. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'commons-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** A rule for the dark theme: its selector names `[data-theme='dark']` (either quotes). */
const DARK_THEME = /\[data-theme=(['"]?)dark\1\]/;

interface CssRule {
  type: 'rule';
  selectors: string[];
  parent?: { type: string };
  clone(overrides: { selectors: string[] }): CssRule;
}
interface CssRoot {
  walkRules(visit: (rule: CssRule) => void): void;
  append(node: unknown): void;
}
type AtRuleMaker = new (init: { name: string; params: string }) => { append(nodes: CssRule[]): void };

/**
 * The dark theme for pages without JavaScript. index.html's script sets `data-theme` from the reader's
 * choice or the system's before the first paint; without scripts it never runs, and a server-rendered
 * page (decisions §52) stayed light on a dark system. Every dark-theme rule is written once and copied
 * here, at build time, into `@media (prefers-color-scheme: dark)` for a root that has no `data-theme`,
 * so that the script's choice, when it runs, still wins.
 */
function darkWithoutScript() {
  return {
    postcssPlugin: 'commons-dark-without-script',
    Once(root: CssRoot, { AtRule }: { AtRule: AtRuleMaker }) {
      const copies: CssRule[] = [];
      root.walkRules((rule) => {
        if (rule.parent?.type !== 'root' || !rule.selectors.some((s) => DARK_THEME.test(s))) return;
        copies.push(
          rule.clone({
            // Only the rule's dark selectors: a light one beside them must not be repeated here.
            selectors: rule.selectors
              .filter((s) => DARK_THEME.test(s))
              .map((s) => s.replace(new RegExp(DARK_THEME, 'g'), ':root:not([data-theme])')),
          }),
        );
      });
      if (copies.length === 0) return;
      const media = new AtRule({ name: 'media', params: '(prefers-color-scheme: dark)' });
      media.append(copies);
      root.append(media);
    },
  };
}

/** Files outside /assets/ that the worker precaches with the shell (API.md §18.5, §18.7). */
const PRECACHED_STATIC = ['/', '/manifest.json', '/favicon.png?v=2', '/logo-manifest-192.png?v=2'];

/**
 * Builds /service-worker.js from src/service-worker/service-worker.ts (no imports: one file) and
 * prepends `BUILD`: a version made of the worker's source and every output file's name (hashed, so any
 * change of the app changes it), and the precache list. A new build is a new worker, byte for byte,
 * which is what makes browsers install it and the app offer the update.
 */
function serviceWorker(): Plugin {
  const source = path.resolve(import.meta.dirname, 'src/service-worker/service-worker.ts');
  return {
    name: 'commons-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && !file.endsWith('.map'))
        .sort();
      const code = fs.readFileSync(source, 'utf8');
      const version = crypto
        .createHash('sha256')
        .update(code)
        .update(assets.join('\n'))
        .digest('hex')
        .slice(0, 16);
      const js = await transformWithOxc(code, source, { lang: 'ts' });
      // A classic worker script (the widest support): the source's `export {}` only makes it a module
      // for the type checker.
      const script = js.code.replace(/^export \{\s*\};?\s*$/m, '');
      const build = { version, precache: [...PRECACHED_STATIC, ...assets.map((file) => `/${file}`)] };
      this.emitFile({
        type: 'asset',
        fileName: 'service-worker.js',
        source: `const BUILD = ${JSON.stringify(build)};\n${script}`,
      });
    },
  };
}

/*
 * The first screen over HTTP/1.1 (issue 15): a browser fetches six files at a time from one host, so a
 * home page of 21 files took four round trips (150 ms each on a phone's network) before it could show
 * the feed. Two groups gather the small files: `common`, tiny modules most pages use, and `feed`, what a
 * feed page shows first beyond the entry (its dependencies come along). The home page is then 7 files
 * and 4 KB lighter (gzip works better on one file than on many), a post page 26 files instead of 33;
 * pages that need one module of `feed` (the editor, settings) load all of it, about 11 KB more, which
 * a reader who came through a feed already has. Measured with bench/first-screen.mjs
 * (docs/performance.md): the home page 14% and a post page 11–19% sooner.
 */

/** Small modules nearly every page uses, in one file rather than files of their own. */
const COMMON_MODULES = [
  /\/src\/lib\/(policies|relative-time)/,
  /\/src\/components\/ui\/(LazyMenu|RelativeTime)/,
  /@tanstack\/(query-core|react-query)\/.*(useMutation|mutationObserver)/,
];

/** What a feed page shows first beyond the entry, in one file instead of a dozen. */
const FEED_MODULES = [
  /\/src\/features\/posts\/(api\/(get-feed|hide-post|unhide-post|vote-post|keys|post-cache)|components\/(PostCard|Feed|FeedHeader|FeedPaging|PostBody|PostByline|VoteButtons)|post-images|post-rules|use-pull-to-refresh)/,
  /\/src\/features\/mutes\/(api\/(mute|unmute|mute-state|keys)|components\/mute-items)\./,
  /\/src\/components\/markdown\/(plain-text|PlainText|UserText|Markdown\.module)/,
  /\/src\/lib\/use-feed-links/,
  /\/src\/app\/routes\/feed-pages/,
  /\/packages\/shared\/src\/texts\/feeds/,
  /@tanstack\/(query-core|react-query)\/.*(useInfiniteQuery|infiniteQueryObserver|infiniteQueryBehavior)/,
];

/**
 * `vite build --ssr` (scripts/build.mjs): src/entry-server.tsx and what it imports, for the server's
 * render of first screens (docs/decisions.md §52), into dist/.ssr/: beside the files it matches, and
 * never served (the server serves no dot-directory).
 * Everything is bundled (no package is looked up at run time) and CSS modules keep the class names of
 * the browser's build.
 */
const ssrBuild = {
  outDir: 'dist/.ssr',
  target: 'node20',
  emptyOutDir: true,
  sourcemap: false,
  ssrEmitAssets: false,
  copyPublicDir: false,
  rolldownOptions: {
    input: 'src/entry-server.tsx',
    onwarn(
      warning: { code?: string; message: string },
      warn: (warning: { code?: string; message: string }) => void,
    ) {
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
      warn(warning);
    },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  // JSX compiles to the automatic runtime from tsconfig's "jsx": "react-jsx"; no React plugin: its fast
  // refresh drives react-dom's internals, which Preact does not have (the dev server reloads instead).
  plugins: isSsrBuild ? [] : [serviceWorker(), precompress()],
  css: { postcss: { plugins: [darkWithoutScript()] } },
  resolve: {
    alias: reactCompatAliases,
    // Read @commons/shared from its TypeScript source: one build, no stale copy.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  ssr: {
    noExternal: true,
    resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/images': 'http://localhost:8080',
      '/healthz': 'http://localhost:8080',
    },
  },
  build: isSsrBuild
    ? ssrBuild
    : {
        target: 'es2022',
        manifest: true,
        sourcemap: false,
        assetsInlineLimit: 0,
        rolldownOptions: {
          // TanStack Query marks its modules "use client" for React server components, which a client-only
          // bundle has no use for; the bundler warns that it drops the directive (the React plugin used to
          // silence this).
          onwarn(warning, warn) {
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
            warn(warning);
          },
          output: {
            codeSplitting: {
              // Everything the entry imports statically goes in the entry's one file: left to itself the
              // bundler splits out the parts lazy pages share with it (React, TanStack Query, messages…) as
              // a dozen small chunks, which every first load then fetches and gzips apart (~3.5 KB more).
              groups: [
                { name: 'index', tags: ['$initial'], priority: 20 },
                {
                  name: 'common',
                  priority: 20,
                  test: (id: string) => COMMON_MODULES.some((re) => re.test(id)),
                },
                { name: 'feed', priority: 15, test: (id: string) => FEED_MODULES.some((re) => re.test(id)) },
              ],
            },
          },
        },
      },
}));
