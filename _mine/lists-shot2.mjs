import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4690';
async function client() {
  let cookie = '';
  let csrf = '';
  const call = async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', cookie, ...(csrf ? { 'x-csrf-token': csrf } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie();
    if (set.length) {
      const jar = Object.fromEntries(cookie.split('; ').filter(Boolean).map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]));
      for (const s of set) { const [kv] = s.split(';'); jar[kv.slice(0, kv.indexOf('='))] = kv.slice(kv.indexOf('=') + 1); }
      cookie = Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (res.headers.get('csrf-token')) csrf = res.headers.get('csrf-token');
    const text = await res.text();
    try { return JSON.parse(text); } catch { return text; }
  };
  await call('GET', '/api/_initial');
  return { call, get cookie() { return cookie; } };
}
const alice = await client();
console.log((await alice.call('POST', '/api/_login', { username: 'alice_shots', password: 'password123' })).username);
const bob = await client();
await bob.call('POST', '/api/_login', { username: 'bob_the_writer', password: 'password123' });
const c = await alice.call('POST', '/api/communities', { name: 'gardens', about: 'Green things' });
await bob.call('POST', '/api/_joinCommunity', { communityId: c.id });
const p1 = await bob.call('POST', '/api/posts', { type: 'text', title: 'Tomatoes in November, a long report', body: 'They grew.', community: 'gardens' });
const p2 = await bob.call('POST', '/api/posts', { type: 'text', title: 'Buy cheap seeds here', body: 'spam', community: 'gardens' });
const cm = await bob.call('POST', `/api/posts/${p1.publicId}/comments`, { body: 'A comment worth saving, about soil.' });
const list = await alice.call('POST', '/api/users/alice_shots/lists', { name: 'keep', displayName: 'Keep', public: true });
console.log(list.name ?? list);
for (const [type, id] of [['post', p1.id], ['post', p2.id], ['comment', cm.id]]) {
  console.log(JSON.stringify(await alice.call('POST', '/api/users/alice_shots/lists/keep/items', { targetType: type, targetId: id })).slice(0, 80));
}
console.log(JSON.stringify(await alice.call('DELETE', `/api/posts/${p2.publicId}?deleteAs=admins`)).slice(0, 60));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h, theme] of [[1280, 900, 'light'], [390, 844, 'dark']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: theme });
  const page = await ctx.newPage();
  await page.goto(`${base}/@alice_shots/lists/keep`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/list-${w}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
