import type dns from 'node:dns';
import { type PushSubscriptionBody } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import type { StoredPushSubscription } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { OutboundFailedError, OutboundRefusedError, safePost } from '../lib/safe-fetch.js';
import type { PushPayload, PushSender } from '../notifications/push-sender.js';
import type { Viewer } from '../sessions/sessions.service.js';
import {
  countPushSubscriptions,
  deleteGoneSubscription,
  listPushSubscriptions,
  upsertPushSubscription,
  type PushSubscriptionRow,
} from './push-subscriptions.repository.js';
import {
  audienceOf,
  AUTH_SECRET_BYTES,
  encryptPayload,
  isP256PublicKey,
  vapidAuthorization,
} from './web-push-crypto.js';

/**
 * Web Push (DOMAIN §5.6, API.md §12.5, §12.6): subscriptions stored per session, and the sender the
 * notification delivery calls. Each message is encrypted for the subscription (RFC 8291), signed with
 * the site's VAPID key (RFC 8292) and POSTed to the push service through the outbound guard.
 */

/** Push services ask for ≤ 24 h; 12 h leaves room for a clock that is off. */
const VAPID_LIFETIME_MS = 12 * 3600 * 1000;
/** Seconds a push service keeps an undelivered message (DOMAIN §5.6): a stale alert is worse than none. */
const TTL_SECONDS = 30;
/** Browsers' endpoints are about 200 characters; anything far longer is not one. */
const MAX_ENDPOINT_LENGTH = 2048;

/** Whether push is on: only with a subscriber address (DOMAIN §5.6). */
export function pushEnabled(deps: Pick<Deps, 'config'>): boolean {
  return deps.config.webPushSubscriberEmail !== null;
}

/** `_initial.vapidPublicKey`: the public key when push is on, else "" (the client then never asks). */
export function vapidPublicKey(deps: Pick<Deps, 'config' | 'secrets'>): string {
  return pushEnabled(deps) ? deps.secrets.vapidKeys.public : '';
}

/** base64url (padding tolerated, as some browsers once sent it) to bytes; null for anything else. */
function base64url(value: string): Buffer | null {
  const unpadded = value.replace(/={0,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(unpadded)) return null;
  return Buffer.from(unpadded, 'base64url');
}

/** Checks a browser's PushSubscription: an https endpoint, a P-256 key and a 16-byte auth secret. */
function storedSubscription(body: PushSubscriptionBody): StoredPushSubscription {
  let endpoint: URL | null;
  try {
    endpoint = new URL(body.endpoint);
  } catch {
    endpoint = null;
  }
  if (
    !endpoint ||
    endpoint.protocol !== 'https:' ||
    endpoint.hostname === '' ||
    endpoint.username !== '' ||
    endpoint.password !== '' ||
    body.endpoint.length > MAX_ENDPOINT_LENGTH
  ) {
    throw errors.invalidPushSubscription(apiMessages.pushEndpointInvalid);
  }
  const p256dh = base64url(body.keys.p256dh);
  const auth = base64url(body.keys.auth);
  if (!p256dh || !isP256PublicKey(p256dh) || auth?.length !== AUTH_SECRET_BYTES) {
    throw errors.invalidPushSubscription(apiMessages.pushKeysInvalid);
  }
  return {
    endpoint: endpoint.href,
    keys: { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** `POST /api/push_subscriptions` (API.md §12.5): this session's subscription, replacing any earlier one. */
export async function savePushSubscription(
  deps: Deps,
  viewer: Viewer,
  body: PushSubscriptionBody,
): Promise<void> {
  if (!viewer.user) throw errors.notLoggedIn();
  const subscription = storedSubscription(body);
  await upsertPushSubscription(deps.db, viewer.sessionId, viewer.user.id, subscription);
}

/** `adminDetails.webPushSubscriptionsCount` (API.md §7). */
export function pushSubscriptionsCount(deps: Pick<Deps, 'db'>, userId: string): Promise<number> {
  return countPushSubscriptions(deps.db, userId);
}

/** The `Authorization` header for a push service origin. */
type Authorize = (deps: SenderDeps, audience: string) => string;

/** A fresh VAPID JWT, valid for VAPID_LIFETIME_MS. */
function signVapid(deps: SenderDeps, audience: string): string {
  return vapidAuthorization(
    deps.secrets.vapidKeys,
    audience,
    `mailto:${deps.config.webPushSubscriberEmail}`,
    new Date(deps.clock().getTime() + VAPID_LIFETIME_MS),
  );
}

/**
 * Reuses a push service's VAPID header for half its life: signing is close to half of a message's CPU
 * (about 0.5 ms of 1.2 ms measured), and a notification to many members reaches few push services.
 * Keyed by the public key too, so a restored key pair is used at once.
 */
function cachedVapid(): Authorize {
  const cache = new Map<string, { header: string; renewAt: number }>();
  return (deps, audience) => {
    const now = deps.clock().getTime();
    const key = `${deps.secrets.vapidKeys.public} ${audience}`;
    const hit = cache.get(key);
    if (hit && now < hit.renewAt) return hit.header;
    if (cache.size >= 100) cache.clear(); // a handful of push services exist; never grows unbounded
    const header = signVapid(deps, audience);
    cache.set(key, { header, renewAt: now + VAPID_LIFETIME_MS / 2 });
    return header;
  };
}

export type PushOutcome = 'sent' | 'gone' | 'rejected' | 'refused' | 'failed';

/** Where outcomes are logged (the app's logger). */
export interface PushLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PushSenderOptions {
  log: PushLog;
  /** Tests only: a certificate to trust for a push service on this machine. */
  ca?: string | Buffer;
  /** Tests only: the resolver of endpoint host names. */
  resolve?: (host: string) => Promise<dns.LookupAddress[]>;
}

type SenderDeps = Pick<Deps, 'db' | 'config' | 'secrets' | 'clock'>;

/**
 * Delivers one message to one subscription. 404 and 410 mean the browser dropped the subscription:
 * it is deleted. Nothing throws: every other outcome is logged and reported.
 */
export async function deliverPush(
  deps: SenderDeps,
  options: PushSenderOptions,
  row: PushSubscriptionRow,
  payload: PushPayload,
  authorize: Authorize = signVapid,
): Promise<PushOutcome> {
  const { endpoint, keys } = row.subscription;
  const log = options.log;
  try {
    const body = encryptPayload(
      Buffer.from(JSON.stringify(payload)),
      Buffer.from(keys.p256dh, 'base64url'),
      Buffer.from(keys.auth, 'base64url'),
    );
    const authorization = authorize(deps, audienceOf(endpoint));
    const response = await safePost(endpoint, {
      headers: {
        TTL: String(TTL_SECONDS),
        // Merged updates of one notification replace each other on the way (RFC 8030 §5.4).
        Topic: String(payload.id),
        Urgency: 'normal',
        'Content-Type': 'application/octet-stream',
        'Content-Encoding': 'aes128gcm',
        Authorization: authorization,
      },
      body,
      allow: deps.config.outboundAllow,
      ...(options.ca ? { ca: options.ca } : {}),
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
    if (response.status === 404 || response.status === 410) {
      await deleteGoneSubscription(deps.db, row.id, endpoint);
      log.info({ subscription: row.id, status: response.status }, 'push subscription gone; deleted');
      return 'gone';
    }
    if (response.status >= 200 && response.status < 300) return 'sent';
    log.warn(
      {
        subscription: row.id,
        status: response.status,
        answer: response.body.toString('utf8').slice(0, 500),
      },
      'push service refused a message',
    );
    return 'rejected';
  } catch (error) {
    if (error instanceof OutboundRefusedError) {
      log.warn(
        { subscription: row.id, reason: error.message },
        'push endpoint refused by the outbound rules',
      );
      return 'refused';
    }
    if (error instanceof OutboundFailedError) {
      log.warn({ subscription: row.id, reason: error.message }, 'push delivery failed');
      return 'failed';
    }
    log.error({ err: error, subscription: row.id }, 'push delivery failed');
    return 'failed';
  }
}

/**
 * The sender the notification delivery calls after each create or merge of a pushable notification:
 * off without a subscriber address; otherwise one message to every subscription of the recipient, side
 * by side. Never throws.
 */
export function createPushSender(deps: SenderDeps, options: PushSenderOptions): PushSender {
  const authorize = cachedVapid();
  return {
    async send(userId: string, payload: PushPayload): Promise<void> {
      if (!pushEnabled(deps)) return;
      try {
        const rows = await listPushSubscriptions(deps.db, userId);
        await Promise.all(rows.map((row) => deliverPush(deps, options, row, payload, authorize)));
      } catch (error) {
        options.log.error({ err: error, user: userId }, 'push delivery failed');
      }
    },
  };
}
