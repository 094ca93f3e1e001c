// Builds what is not built, or is older than its sources: the server (tsc) and the web client (vite).
//   node scripts/build.mjs           build what is stale
//   node scripts/build.mjs --force   build everything
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}

function mtime(file) {
  const full = path.join(root, file);
  return fs.existsSync(full) ? fs.statSync(full).mtimeMs : 0;
}

function run(label, command, args, cwd = root) {
  console.log(`${label}…`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`${label} failed.`);
    process.exit(result.status ?? 1);
  }
  console.log(`${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const SHARED = [
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

export function buildServer({ force = false } = {}) {
  const sources = newest([
    ...SHARED,
    'packages/server/src',
    'packages/server/package.json',
    'packages/server/tsconfig.json',
  ]);
  if (force || sources > mtime('packages/server/dist/.tsbuildinfo')) {
    run('Building the server', process.execPath, [
      path.join(root, 'node_modules/typescript/bin/tsc'),
      '-b',
      'packages/server',
    ]);
  }
}

export function buildWeb({ force = false } = {}) {
  const sources = newest([
    ...SHARED,
    'packages/web/src',
    'packages/web/public',
    'packages/web/index.html',
    'packages/web/vite.config.ts',
    'packages/web/package.json',
  ]);
  if (force || sources > mtime('packages/web/dist/.vite/manifest.json')) {
    run(
      'Building the web client',
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      path.join(root, 'packages/web'),
    );
    run(
      "Building the web client's server render",
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', '--logLevel', 'warn'],
      path.join(root, 'packages/web'),
    );
    run('Checking the page-weight budget', process.execPath, [path.join(root, 'scripts/bundle-budget.mjs')]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const force = process.argv.includes('--force');
  buildServer({ force });
  buildWeb({ force });
}
