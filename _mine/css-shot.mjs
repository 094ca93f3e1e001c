import { chromium } from 'playwright-core';
import { execSync } from 'node:child_process';
const base = 'http://127.0.0.1:4690';
async function client() {
  let cookie = '', csrf = '';
  const call = async (method, path, body) => {
    const res = await fetch(base + path, { method, headers: { 'content-type': 'application/json', cookie, ...(csrf ? { 'x-csrf-token': csrf } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const set = res.headers.getSetCookie();
    if (set.length) {
      const jar = Object.fromEntries(cookie.split('; ').filter(Boolean).map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]));
      for (const s of set) { const [kv] = s.split(';'); jar[kv.slice(0, kv.indexOf('='))] = kv.slice(kv.indexOf('=') + 1); }
      cookie = Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (res.headers.get('csrf-token')) csrf = res.headers.get('csrf-token');
    const text = await res.text(); try { return JSON.parse(text); } catch { return text; }
  };
  await call('GET', '/api/_initial');
  return { call, get cookie() { return cookie; } };
}
const a = await client();
await a.call('POST', '/api/_signup', { username: 'modder_one', password: 'password123' });
execSync('npm run -s cli -- admin add modder_one', { env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shots', DATA_DIR: '/tmp/shots-data' } });
const b = await client();
await b.call('POST', '/api/_signup', { username: 'replier', password: 'password123' });
const c = await a.call('POST', '/api/communities', { name: 'WWWWWWWWWWWWWWWWWWWWW', about: 'wide' });
const p = await a.call('POST', '/api/posts', { type: 'text', title: 'Post for replies', body: 'x', community: c.name });
await b.call('POST', `/api/posts/${p.publicId}/comments`, { body: 'A comment to reply to.' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36' });
await ctx.addCookies(a.cookie.split('; ').map((kv) => ({ name: kv.slice(0, kv.indexOf('=')), value: kv.slice(kv.indexOf('=') + 1), url: base })));
const page = await ctx.newPage();
await page.goto(`${base}/${c.name}/post/${p.publicId}`);
await page.getByRole('button', { name: 'Reply' }).first().click();
await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/reply-390.png' });
await ctx.close();
const ctx2 = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page2 = await ctx2.newPage();
await page2.goto(`${base}/@modder_one`);
await page2.waitForTimeout(1000);
console.log('overflow', await page2.evaluate(() => document.documentElement.scrollWidth - window.innerWidth));
await page2.screenshot({ path: '/tmp/profile-1280.png' });
await browser.close();
