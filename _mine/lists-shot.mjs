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
      const jar = Object.fromEntries(cookie.split('; ').filter(Boolean).map((c) => c.split('=')));
      for (const s of set) { const [kv] = s.split(';'); const [k, v] = kv.split('='); jar[k] = v; }
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
await alice.call('POST', '/api/_signup', { username: 'alice_shots', password: 'password123' });
const bob = await client();
await bob.call('POST', '/api/_signup', { username: 'bob_the_writer', password: 'password123' });
console.log(process.argv[2]);
