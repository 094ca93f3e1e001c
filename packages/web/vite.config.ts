import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, transformWithOxc, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), serviceWorker(), precompress()],
  resolve: {
    // Read @commons/shared from its TypeScript source: one build, no stale copy.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/images': 'http://localhost:8080',
      '/healthz': 'http://localhost:8080',
    },
  },
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes in the entry's one file: left to itself the
          // bundler splits out the parts lazy pages share with it (React, TanStack Query, messages…) as
          // a dozen small chunks, which every first load then fetches and gzips apart (~3.5 KB more).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
