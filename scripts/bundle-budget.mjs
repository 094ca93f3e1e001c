// Measures what the first load of a page downloads: the entry chunk, every chunk it imports statically,
// the page's own lazy chunk with its static imports, and their CSS, gzipped, each file apart as the
// server sends them. One budget holds JS and CSS together: both block the first paint. Fails over it.
//   node scripts/bundle-budget.mjs            (after vite build)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../packages/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
// Issue 11's goal. The app renders with Preact through preact/compat (~10 KB where React and react-dom
// weighed ~66 KB); docs/decisions.md §35 and docs/performance.md.
const BUDGET = 100 * 1024;

/** Chunks a first load of these manifest entries needs (static imports only: lazy ones wait). */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

function measure(keys) {
  const files = { js: new Set(), css: new Set() };
  for (const key of closure(keys)) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) files.js.add(chunk.file);
    for (const css of chunk.css ?? []) files.css.add(css);
  }
  const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const sum = (set) => [...set].reduce((total, file) => total + gz(file), 0);
  return { js: sum(files.js), css: sum(files.css), files: files.js.size + files.css.size };
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
// Guests and members load the same chunks on arrival; the account menu's code waits for a hover, focus
// or click on its button, and is reported as a separate figure.
const pages = {
  home: { keys: [entry, 'src/app/routes/home.tsx'], budgeted: true },
  'home, then opening the account menu': {
    keys: [entry, 'src/app/routes/home.tsx', 'src/features/layout/ProfileMenu.tsx'],
    budgeted: false,
  },
};
// The other pages' first loads, for the record (docs/performance.md): the same entry, their own chunk.
for (const key of Object.keys(manifest).sort()) {
  const route = /^src\/app\/routes\/([a-z-]+)\.tsx$/.exec(key)?.[1];
  if (route && route !== 'home') pages[route] = { keys: [entry, key], budgeted: false };
}

let over = false;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const [name, { keys, budgeted }] of Object.entries(pages)) {
  const { js, css, files } = measure(keys);
  const ok = js + css <= BUDGET;
  if (budgeted) over ||= !ok;
  const verdict = budgeted
    ? `${ok ? 'within' : 'OVER'} the budget (${kb(BUDGET)} JS and CSS)`
    : 'not budgeted';
  console.log(
    `${name}: ${kb(js + css)} gzipped (${kb(js)} JS + ${kb(css)} CSS) in ${files} files, ${verdict}`,
  );
}
if (over) process.exit(1);
