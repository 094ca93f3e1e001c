import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/time.js';
import { deliverPendingEvents } from '../src/notifications/notification-delivery.service.js';
import type { PushPayload } from '../src/notifications/push-sender.js';
import { safePost } from '../src/lib/safe-fetch.js';
import { createPushSender, deliverPush, type PushSenderOptions } from '../src/push/push.service.js';
import { listPushSubscriptions } from '../src/push/push-subscriptions.repository.js';
import { Secrets } from '../src/site/secrets.js';
import { NOT_LOGGED_IN } from './api-errors.js';
import { loggedInClient, makeUser, member, newCommunity } from './factories.js';
import { createTestApp, TestClock, type TestApp, type TestClient } from './harness.js';
import { decryptAsBrowser } from './push-receiver.js';

/**
 * Web Push (DOMAIN §5.6, API.md §12.5): subscriptions per session, and deliveries to a push service
 * that this test runs on loopback over HTTPS with its own certificate (test/fixtures). OUTBOUND_ALLOW
 * lets the app reach it; only this test's sender trusts the certificate. The test plays the browser:
 * it subscribes with its own keys, then reads what the push service received.
 */

const fixtures = path.join(import.meta.dirname, 'fixtures');
const cert = fs.readFileSync(path.join(fixtures, 'push-service.cert.pem'));
const key = fs.readFileSync(path.join(fixtures, 'push-service.key.pem'));
const SUBSCRIBER = 'ops@example.org';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let service: https.Server;
let origin: string;
let closedPort: number;
/** TCP connections the push service accepted: a refused endpoint must not add one. */
let connections = 0;
const received: Received[] = [];

let t: TestApp;
let off: TestApp;
let senderOptions: PushSenderOptions;
let secrets: Secrets;

/** The push service answers by path: /status/410/… answers 410, and so on; anything else 201. */
function answer(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) {
  received.push({ path: req.url ?? '', headers: req.headers, body });
  if (req.url === '/redirect') {
    res.writeHead(307, { Location: '/push/redirected' });
    res.end();
    return;
  }
  if (req.url === '/big') {
    res.writeHead(201, { 'Content-Type': 'text/plain' });
    res.end(Buffer.alloc(1024 * 1024, 0x61));
    return;
  }
  if (req.url === '/slow') return; // never answers
  const status = /^\/status\/(\d{3})\//.exec(req.url ?? '');
  res.writeHead(status ? Number(status[1]) : 201, { 'Content-Type': 'text/plain' });
  res.end(status ? 'no such subscription' : '');
}

beforeAll(async () => {
  service = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, Buffer.concat(chunks), res));
  });
  service.on('connection', () => connections++);
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
  // A port that nothing listens on: allowed, but the connection fails.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));

  const allow = `${new URL(origin).host},127.0.0.1:${closedPort}`;
  [t, off] = await Promise.all([
    createTestApp({ WEB_PUSH_SUBSCRIBER_EMAIL: SUBSCRIBER, OUTBOUND_ALLOW: allow }),
    createTestApp({ OUTBOUND_ALLOW: allow }),
  ]);
  secrets = new Secrets();
  await secrets.load(t.db, t.config);
  await secrets.loadVapidKeys(t.db);
  senderOptions = { log: t.app.log, ca: cert };
});

afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
  await new Promise((resolve) => service?.close(resolve));
});

beforeEach(() => {
  received.length = 0;
});

/** A browser's side of a subscription: its key pair and auth secret. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

function subscriptionBody(endpoint: string, keys = browserKeys().json) {
  return { endpoint, expirationTime: null, keys };
}

function payload(id: number): PushPayload {
  return {
    id,
    type: 'comment_reply',
    notif: null,
    seen: false,
    seenAt: null,
    createdAt: '2026-11-25T10:00:00.000Z',
  };
}

function sender(app: TestApp) {
  return createPushSender({ db: app.db, config: app.config, secrets, clock: systemClock }, senderOptions);
}

async function subscriptionsOf(app: TestApp, userId: string) {
  return app.db
    .selectFrom('web_push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function sessionIdOf(app: TestApp, client: TestClient): Promise<string> {
  const id = client.cookies.get(app.config.sessionCookieName);
  if (!id) throw new Error('no session cookie');
  return decodeURIComponent(id);
}

function publicKeyObject(raw: string): crypto.KeyObject {
  const point = Buffer.from(raw, 'base64url');
  return crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

describe('VAPID keys and _initial.vapidPublicKey', () => {
  it('gives the stored public key when push is on, and "" when it is off', async () => {
    const stored = await t.db
      .selectFrom('application_data')
      .select('value')
      .where('key', '=', 'vapid_keys')
      .executeTakeFirstOrThrow();
    const keys = stored.value as { public: string; private: string };
    expect(Buffer.from(keys.public, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.private, 'base64url')).toHaveLength(32);
    expect((await t.client().get('/api/_initial')).json.vapidPublicKey).toBe(keys.public);
    expect((await off.client().get('/api/_initial')).json.vapidPublicKey).toBe('');
  });

  it('generates the pair once: processes starting together all end up with the same one', async () => {
    await off.db.deleteFrom('application_data').where('key', '=', 'vapid_keys').execute();
    const starting = Array.from({ length: 4 }, () => new Secrets());
    await Promise.all(starting.map((s) => s.loadVapidKeys(off.db)));
    const publics = new Set(starting.map((s) => s.vapidKeys.public));
    expect(publics.size).toBe(1);
    const again = new Secrets();
    await again.loadVapidKeys(off.db);
    expect(again.vapidKeys).toEqual(starting[0]!.vapidKeys);
    const rows = await off.db
      .selectFrom('application_data')
      .select('value')
      .where('key', '=', 'vapid_keys')
      .execute();
    expect(rows).toEqual([{ value: starting[0]!.vapidKeys }]);
  });
});

describe('POST /api/push_subscriptions', () => {
  it('needs a login', async () => {
    const client = t.client();
    await client.start();
    const res = await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/anon`));
    expect(res.status).toBe(401);
    expect(res.json).toEqual(NOT_LOGGED_IN);
  });

  it('stores one subscription per session, replaced by the next one from that session', async () => {
    const { user, client } = await member(t);
    const first = await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/first`));
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ success: true });
    const [row] = await subscriptionsOf(t, user.id);
    expect(row?.session_id).toBe(await sessionIdOf(t, client));
    expect(row?.push_subscription.endpoint).toBe(`${origin}/push/first`);

    const keys = browserKeys().json;
    expect(
      (await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/second`, keys))).status,
    ).toBe(200);
    const rows = await subscriptionsOf(t, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(row!.id);
    expect(rows[0]!.push_subscription).toEqual({ endpoint: `${origin}/push/second`, keys });
    expect(rows[0]!.updated_at.getTime()).toBeGreaterThanOrEqual(row!.updated_at.getTime());

    // Another device (another session) of the same member: a second subscription.
    const phone = await loggedInClient(t, user);
    expect(
      (await phone.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/phone`))).status,
    ).toBe(200);
    expect(await subscriptionsOf(t, user.id)).toHaveLength(2);
    const admin = await member(t, { isAdmin: true });
    const details = await admin.client.get(`/api/users/${user.username}?adminsView=true`);
    expect(details.json.webPushSubscriptionsCount).toBe(2);
  });

  it('refuses values no browser sends with 400 invalid_json, storing nothing', async () => {
    const { user, client } = await member(t);
    const good = browserKeys().json;
    const offCurve = Buffer.from(good.p256dh, 'base64url');
    offCurve[64] = offCurve[64]! ^ 1;
    const endpointError = {
      status: 400,
      code: 'invalid_json',
      message: 'Invalid JSON body. endpoint must be an https URL.',
    };
    const keysError = {
      status: 400,
      code: 'invalid_json',
      message:
        'Invalid JSON body. keys.p256dh must be a P-256 public key and keys.auth 16 bytes, in base64url.',
    };
    const cases: Array<[unknown, object | null]> = [
      [subscriptionBody('http://push.example.net/x', good), endpointError],
      [subscriptionBody('not a url', good), endpointError],
      [subscriptionBody('https://user:pw@push.example.net/x', good), endpointError],
      [subscriptionBody(`https://push.example.net/${'a'.repeat(2100)}`, good), endpointError],
      [subscriptionBody(`${origin}/x`, { ...good, p256dh: good.p256dh.slice(0, 40) }), keysError],
      [subscriptionBody(`${origin}/x`, { ...good, p256dh: offCurve.toString('base64url') }), keysError],
      [
        subscriptionBody(`${origin}/x`, { ...good, auth: crypto.randomBytes(15).toString('base64url') }),
        keysError,
      ],
      [subscriptionBody(`${origin}/x`, { ...good, auth: 'not base64url!!!!!!!!!' }), keysError],
      // Wrong types and missing parts: the schema's invalid_json.
      [{ endpoint: 42, keys: good }, null],
      [{ endpoint: `${origin}/x` }, null],
      [{ endpoint: `${origin}/x`, keys: { p256dh: good.p256dh } }, null],
      [{ endpoint: `${origin}/x`, keys: good, expirationTime: 'soon' }, null],
      [[], null],
    ];
    for (const [body, error] of cases) {
      const res = await client.post('/api/push_subscriptions', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (error) expect(res.json).toEqual(error);
      else expect(res.json.code).toBe('invalid_json');
    }
    expect(await subscriptionsOf(t, user.id)).toEqual([]);
    // A padded key, as some browsers once sent, is accepted and stored unpadded.
    const padded = { p256dh: `${good.p256dh}=`, auth: `${good.auth}==` };
    expect(
      (await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/x`, padded))).status,
    ).toBe(200);
    expect((await subscriptionsOf(t, user.id))[0]?.push_subscription.keys).toEqual(good);
  });

  it('logout removes the session’s subscription, and only that one', async () => {
    const { user, client } = await member(t);
    const other = await loggedInClient(t, user);
    await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/laptop`));
    await other.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/phone`));
    expect((await client.post('/api/_login?action=logout')).status).toBe(200);
    const rows = await subscriptionsOf(t, user.id);
    expect(rows.map((r) => r.push_subscription.endpoint)).toEqual([`${origin}/push/phone`]);
  });

  it('account deletion removes every subscription of the account', async () => {
    const { user, client } = await member(t);
    const other = await loggedInClient(t, user);
    await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/a`));
    await other.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/b`));
    expect(await subscriptionsOf(t, user.id)).toHaveLength(2);
    const res = await client.delete(`/api/users/${user.username}`, { password: 'password123' });
    expect(res.status).toBe(200);
    expect(await subscriptionsOf(t, user.id)).toEqual([]);
  });
});

describe('delivery to a push service', () => {
  it('POSTs an encrypted, VAPID-signed message that the subscription’s keys decrypt', async () => {
    const { user, client } = await member(t);
    const browser = browserKeys();
    await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/ok/1`, browser.json));
    const vapidPublicKey = (await client.get('/api/_initial')).json.vapidPublicKey as string;
    const before = Math.floor(Date.now() / 1000);

    await sender(t).send(user.id, payload(4321));

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.path).toBe('/push/ok/1');
    expect(message!.headers).toMatchObject({
      ttl: '30',
      topic: '4321',
      urgency: 'normal',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    });
    expect(message!.headers.cookie).toBeUndefined();

    // Authorization: vapid t=<ES256 JWT>, k=<the site's public key> (RFC 8292 §3).
    const authorization = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(
      String(message!.headers.authorization),
    );
    expect(authorization).not.toBeNull();
    const [, head, claims, signature, k] = authorization!;
    expect(k).toBe(vapidPublicKey);
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
    const jwt = JSON.parse(Buffer.from(claims!, 'base64url').toString());
    expect(jwt.aud).toBe(origin);
    expect(jwt.sub).toBe(`mailto:${SUBSCRIBER}`);
    expect(jwt.exp).toBeGreaterThan(before);
    expect(jwt.exp).toBeLessThanOrEqual(before + 24 * 3600 + 5);
    const verified = crypto.verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: publicKeyObject(vapidPublicKey), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    );
    expect(verified).toBe(true);

    // The body opens with the browser's private key and auth secret, and holds the payload only.
    const plaintext = decryptAsBrowser(message!.body, browser.ecdh, browser.auth);
    expect(JSON.parse(plaintext.toString())).toEqual(payload(4321));
    expect(await subscriptionsOf(t, user.id)).toHaveLength(1);
  });

  it('sends to every subscription of the recipient, and to no one else’s', async () => {
    const { user, client } = await member(t);
    const phone = await loggedInClient(t, user);
    const stranger = await member(t);
    await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/many/laptop`));
    await phone.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/many/phone`));
    await stranger.client.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/many/stranger`));
    await sender(t).send(user.id, payload(12));
    expect(received.map((r) => r.path).sort()).toEqual(['/push/many/laptop', '/push/many/phone']);
  });

  it('signs once per push service and reuses the header for half its life', async () => {
    const { user, client } = await member(t);
    const phone = await loggedInClient(t, user);
    await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/jwt/a`));
    await phone.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/jwt/b`));
    const clock = new TestClock();
    const timed = createPushSender(
      { db: t.db, config: t.config, secrets, clock: clock.clock },
      senderOptions,
    );
    const expiry = (r: Received) =>
      JSON.parse(Buffer.from(String(r.headers.authorization).split('.')[1]!, 'base64url').toString()).exp;

    await timed.send(user.id, payload(1));
    clock.advance(5 * 3600 * 1000);
    await timed.send(user.id, payload(2));
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.headers.authorization)).size).toBe(1);
    expect(expiry(received[0]!)).toBe(Math.floor(clock.now.getTime() / 1000) + 7 * 3600);

    clock.advance(1 * 3600 * 1000 + 1000);
    await timed.send(user.id, payload(3));
    expect(received).toHaveLength(6);
    expect(received[4]!.headers.authorization).toBe(received[5]!.headers.authorization);
    expect(received[4]!.headers.authorization).not.toBe(received[0]!.headers.authorization);
    expect(expiry(received[4]!)).toBe(Math.floor(clock.now.getTime() / 1000) + 12 * 3600);
  });

  it('deletes a subscription the push service answers 410 or 404 to; keeps it on other errors', async () => {
    const { user, client } = await member(t);
    const phone = await loggedInClient(t, user);
    const tablet = await loggedInClient(t, user);
    await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/status/410/a`));
    await phone.post('/api/push_subscriptions', subscriptionBody(`${origin}/status/404/b`));
    await tablet.post('/api/push_subscriptions', subscriptionBody(`${origin}/status/500/c`));
    const rows = await listPushSubscriptions(t.db, user.id);
    const outcomes = await Promise.all(
      rows.map((row) =>
        deliverPush(
          { db: t.db, config: t.config, secrets, clock: systemClock },
          senderOptions,
          row,
          payload(5),
        ),
      ),
    );
    expect(outcomes).toEqual(['gone', 'gone', 'rejected']);
    expect(received).toHaveLength(3);
    const left = await subscriptionsOf(t, user.id);
    expect(left.map((r) => r.push_subscription.endpoint)).toEqual([`${origin}/status/500/c`]);
  });

  it('refuses an endpoint that is not https, or that resolves to a private address, without a request', async () => {
    const { user, client } = await member(t);
    await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/placeholder`));
    const [row] = await listPushSubscriptions(t.db, user.id);
    const deps = { db: t.db, config: t.config, secrets, clock: systemClock };
    // Stored values the route would refuse: set in the database, as an older row or a bug might hold.
    const withEndpoint = (endpoint: string) => ({
      ...row!,
      subscription: { ...row!.subscription, endpoint },
    });
    const toLoopback: PushSenderOptions = {
      ...senderOptions,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    };
    const connectionsBefore = connections;
    // The push service's own host and port, allowed by OUTBOUND_ALLOW: only the scheme is wrong.
    expect(
      await deliverPush(
        deps,
        senderOptions,
        withEndpoint(`${origin.replace('https', 'http')}/push/x`),
        payload(1),
      ),
    ).toBe('refused');
    // A name that resolves to loopback, and private or link-local literals.
    expect(await deliverPush(deps, toLoopback, withEndpoint('https://push.example.net/x'), payload(1))).toBe(
      'refused',
    );
    expect(await deliverPush(deps, senderOptions, withEndpoint('https://10.1.2.3/x'), payload(1))).toBe(
      'refused',
    );
    expect(await deliverPush(deps, senderOptions, withEndpoint('https://[fe80::1]/x'), payload(1))).toBe(
      'refused',
    );
    // Another port on the push service's host: not in OUTBOUND_ALLOW.
    expect(await deliverPush(deps, senderOptions, withEndpoint('https://127.0.0.1:1/x'), payload(1))).toBe(
      'refused',
    );
    expect(connections).toBe(connectionsBefore);
    expect(received).toEqual([]);
    // None of these counts as gone: the stored row stays.
    expect(await subscriptionsOf(t, user.id)).toHaveLength(1);
  });

  it('never throws: an unreachable push service or an untrusted certificate is a logged failure', async () => {
    const { user, client } = await member(t);
    await client.post('/api/push_subscriptions', subscriptionBody(`https://127.0.0.1:${closedPort}/push/x`));
    const [row] = await listPushSubscriptions(t.db, user.id);
    const deps = { db: t.db, config: t.config, secrets, clock: systemClock };
    expect(await deliverPush(deps, senderOptions, row!, payload(2))).toBe('failed');
    // Without the test's certificate the push service is not trusted.
    const untrusted = { ...row!, subscription: { ...row!.subscription, endpoint: `${origin}/push/x` } };
    expect(await deliverPush(deps, { log: t.app.log }, untrusted, payload(2))).toBe('failed');
    expect(received).toEqual([]);
    await expect(sender(t).send(user.id, payload(2))).resolves.toBeUndefined();
    expect(await subscriptionsOf(t, user.id)).toHaveLength(1);
  });

  it('sends nothing while push is off', async () => {
    const user = await makeUser(off.db);
    const client = await loggedInClient(off, user);
    expect(
      (await client.post('/api/push_subscriptions', subscriptionBody(`${origin}/push/off`))).status,
    ).toBe(200);
    await sender(off).send(user.id, payload(3));
    expect(received).toEqual([]);
  });
});

describe('from a notification to the push service', () => {
  it("pushes the post author's new_comment, and pushes its merge again under the same Topic", async () => {
    const author = await member(t, { points: 1000 });
    const commenter = await member(t);
    const community = await newCommunity(author.client);
    const created = await author.client.post('/api/posts', {
      type: 'text',
      title: 'Push me',
      body: 'x',
      community: community.name,
    });
    expect(created.status, created.text).toBe(200);
    const post = created.json;
    const browser = browserKeys();
    const subscribed = await author.client.post(
      '/api/push_subscriptions',
      subscriptionBody(`${origin}/push/real`, browser.json),
    );
    expect(subscribed.status).toBe(200);
    const comment = (body: string) =>
      commenter.client.post(`/api/posts/${post.publicId}/comments`, { body, parentCommentId: null });

    expect((await comment('Hello')).status).toBe(200);
    await deliverPendingEvents({ db: t.db, push: sender(t), clock: systemClock });
    expect(received.map((r) => r.path)).toEqual(['/push/real']);
    const sent = JSON.parse(decryptAsBrowser(received[0]!.body, browser.ecdh, browser.auth).toString());
    expect(sent).toMatchObject({ type: 'new_comment', notif: null, seen: false });
    expect(received[0]!.headers.topic).toBe(String(sent.id));
    const listed = (await author.client.get('/api/notifications?render=true')).json;
    expect(listed.items[0]).toMatchObject({ id: sent.id, type: 'new_comment' });

    expect((await comment('Again')).status).toBe(200);
    await deliverPendingEvents({ db: t.db, push: sender(t), clock: systemClock });
    expect(received).toHaveLength(2);
    expect(received[1]!.headers.topic).toBe(String(sent.id));
  });
});

describe('safePost, the outbound guard for pushes', () => {
  const post = (url: string, extra: Partial<Parameters<typeof safePost>[1]> = {}) =>
    safePost(url, { headers: {}, body: Buffer.from('x'), allow: t.config.outboundAllow, ca: cert, ...extra });

  it('does not follow a redirect: its status is the answer', async () => {
    const res = await post(`${origin}/redirect`);
    expect(res.status).toBe(307);
    expect(received.map((r) => r.path)).toEqual(['/redirect']);
  });

  it('reads only the start of a long answer', async () => {
    const res = await post(`${origin}/big`, { maxResponseBytes: 1000 });
    expect(res.status).toBe(201);
    expect(res.body.length).toBe(1000);
  });

  it('gives up on a push service that does not answer in time', async () => {
    const started = Date.now();
    await expect(post(`${origin}/slow`, { timeoutMs: 300 })).rejects.toThrow(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses http and private addresses before connecting', async () => {
    const before = connections;
    await expect(post(`${origin.replace('https', 'http')}/push/x`)).rejects.toThrow(
      /scheme http: is not allowed/,
    );
    await expect(post('https://192.168.1.1/x')).rejects.toThrow(/private/);
    expect(connections).toBe(before);
  });
});
