// Renders the site's PNG icons from the SVG mark into packages/web/public. Run after changing the mark:
//   node scripts/make-icons.mjs
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../packages/web/public');
const TEAL = '#0b6e64';

const mark = (background, foreground, radius = 8) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${radius}" fill="${background}"/>
  <path d="M22.4 10.4A8 8 0 1 0 22.4 21.6" fill="none" stroke="${foreground}" stroke-width="3.4" stroke-linecap="round"/>
  <circle cx="24.2" cy="16" r="2.1" fill="${foreground}"/>
</svg>`;

const badge = `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="30" fill="#f2b705"/>
  <circle cx="32" cy="32" r="24" fill="none" stroke="#ffffff" stroke-width="3"/>
  <path d="M32 44s-12-7.2-12-15a6.6 6.6 0 0 1 12-3.8A6.6 6.6 0 0 1 44 29c0 7.8-12 15-12 15z" fill="#ffffff"/>
</svg>`;

const ogImage = `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#f4f5f7"/>
  <g transform="translate(470 185) scale(8.2)">${mark(TEAL, '#ffffff').replace(/<\/?svg[^>]*>/g, '')}</g>
</svg>`;

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: 600 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));

await render(mark(TEAL, '#ffffff'), 64, 'favicon.png');
await render(mark('#8a939e', '#ffffff'), 64, 'favicon-gray.png');
await render(mark(TEAL, '#ffffff', 0), 512, 'logo-manifest-512.png');
await render(mark(TEAL, '#ffffff', 0), 192, 'logo-manifest-192.png');
await render(badge, 128, 'badge-supporter.png');
await sharp(Buffer.from(ogImage))
  .resize(1200, 630)
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, 'og-image.png'));
console.log('icons written to', out);
