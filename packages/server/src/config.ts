import net from 'node:net';
import path from 'node:path';

/**
 * Every setting of the server, read once from the environment. A bad value stops start-up with a
 * message that names the variable. DOMAIN.md §18 gives the meaning of each; the README lists them all.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PostgreSQL server that the site runs itself, in `dataDir/postgres`. */
  databaseUrl: string | null;
  /** Unset: rate-limit counters in process memory. */
  redisUrl: string | null;
  /** How long a guest's feed page is reused for every guest (0: never); writes that change it clear it. */
  readCacheSeconds: number;
  siteName: string;
  siteDescription: string;
  /** The community the welcome notification invites new members to post in; none sent when unset. */
  welcomeCommunity: string | null;
  /** The public address, e.g. https://forum.example.org. Decides `Secure` cookies and absolute links. */
  publicUrl: URL | null;
  captcha: 'altcha' | 'off';
  /** `builtin`: the site's own search (/search, GET /api/search). `external`: a web search, as the reference. */
  search: 'builtin' | 'external';
  /** Addresses or ranges (or proxy-addr names like `loopback`) whose forwarded headers are believed. */
  trustProxy: string[];
  rateLimits: boolean;
  csrfOff: boolean;
  /** Provided secret; when null, one is generated at first start and kept in the database. */
  secret: string | null;
  sessionCookieName: string;
  development: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  imagePostSubmitReqPoints: number;
  linkPostSubmitReqPoints: number;
  communityCreationReqPoints: number;
  maxModeratedCommunities: number;
  /** A voter moves karma only with at least this many points and an account older than the age. */
  newUserPointsThreshold: number;
  newUserAgeThresholdSeconds: number;
  imagePostsDisabled: boolean;
  maxImageSize: number;
  maxImagesPerPost: number;
  /**
   * host:port pairs that outbound fetches (link titles, thumbnails) may reach even though the address
   * rules would refuse them: for tests and local development against a server on this machine only.
   */
  outboundAllow: string[];
  /** Built web client (index.html and assets). */
  webDistDir: string;
  /** Off for API-only processes (`npm run dev`, where Vite serves the client). */
  serveWeb: boolean;
  /**
   * Web Push is on when set (DOMAIN §5.6): the contact address push services see in the VAPID claims
   * (`sub: mailto:…`). Null: push is off and `_initial.vapidPublicKey` is empty.
   */
  webPushSubscriberEmail: string | null;
  /** Links shown in the footer and on the About page; a link that is not set is not shown. */
  links: SiteLinks;
}

export interface SiteLinks {
  contactEmail: string | null;
  blog: string | null;
  discord: string | null;
  github: string | null;
  docs: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name}="${raw}" is not valid: expected a whole number from ${min} to ${max}.`);
  }
  return Number(raw);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name}="${raw}" is not valid: expected on or off.`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name}="${raw}" is not valid: expected one of ${allowed.join(', ')}.`);
  }
  return raw as T;
}

function url(env: Env, name: string, protocols: string[]): URL | null {
  const raw = read(env, name);
  if (raw === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name}="${raw}" is not a valid URL.`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name}="${raw}" must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return parsed;
}

function email(env: Env, name: string, options: { dropMailto?: boolean } = {}): string | null {
  let raw = read(env, name);
  if (options.dropMailto && raw?.toLowerCase().startsWith('mailto:')) raw = raw.slice('mailto:'.length);
  if (raw === undefined) return null;
  if (!/^\S+@\S+\.\S+$/.test(raw)) throw new ConfigError(`${name}="${raw}" is not an email address.`);
  return raw;
}

/** A comma-separated list, blanks dropped; the first entry `isValid` refuses is a ConfigError saying `hint`. */
function list(env: Env, name: string, isValid: (entry: string) => boolean, hint: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!isValid(entry)) throw new ConfigError(`${name} entry "${entry}" is not valid: ${hint}`);
  }
  return entries;
}

function hostPorts(env: Env, name: string): string[] {
  return list(
    env,
    name,
    (entry) => /^[A-Za-z0-9.-]+:\d{1,5}$/.test(entry) || /^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(entry),
    'use host:port pairs separated by commas.',
  );
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 or IPv6 address, optionally with a prefix length that fits its family. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

function trustProxy(env: Env): string[] {
  return list(
    env,
    'TRUST_PROXY',
    (entry) => PROXY_NAMES.has(entry) || isAddressOrRange(entry),
    'use IP addresses, CIDR ranges, loopback, linklocal or uniquelocal, separated by commas.',
  );
}

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const secret = read(env, 'SECRET') ?? null;
  if (secret !== null && secret.length < 32) {
    throw new ConfigError('SECRET is too short: use at least 32 random characters, or leave it unset.');
  }
  const cookieName = read(env, 'SESSION_COOKIE_NAME') ?? 'SID';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cookieName)) {
    throw new ConfigError(`SESSION_COOKIE_NAME="${cookieName}" is not valid: use letters, digits, _ and -.`);
  }
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(read(env, 'DATA_DIR') ?? './data'),
    databaseUrl: databaseUrl ? databaseUrl.toString() : null,
    redisUrl: redisUrl ? redisUrl.toString() : null,
    readCacheSeconds: integer(env, 'READ_CACHE_SECONDS', 5, 0, 60),
    siteName: read(env, 'SITE_NAME') ?? 'Commons',
    siteDescription:
      read(env, 'SITE_DESCRIPTION') ??
      'A community discussion and link-sharing site. No ads, no tracking, funded by its members.',
    welcomeCommunity: read(env, 'WELCOME_COMMUNITY') ?? null,
    publicUrl: url(env, 'PUBLIC_URL', ['http:', 'https:']),
    captcha: oneOf(env, 'CAPTCHA', ['altcha', 'off'], 'altcha'),
    search: oneOf(env, 'SEARCH', ['builtin', 'external'], 'builtin'),
    trustProxy: trustProxy(env),
    rateLimits: flag(env, 'RATE_LIMITS', true),
    csrfOff: flag(env, 'CSRF_OFF', false),
    secret,
    sessionCookieName: cookieName,
    development: flag(env, 'DEVELOPMENT', false),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    imagePostSubmitReqPoints: integer(env, 'IMAGE_POST_SUBMIT_REQ_POINTS', 0, -1_000_000, 1_000_000_000),
    linkPostSubmitReqPoints: integer(env, 'LINK_POST_SUBMIT_REQ_POINTS', 0, -1_000_000, 1_000_000_000),
    communityCreationReqPoints: integer(env, 'COMMUNITY_CREATION_REQ_POINTS', 100, 0, 1_000_000_000),
    maxModeratedCommunities: integer(env, 'MAX_MODERATED_COMMUNITIES', 10, 1, 1_000_000),
    newUserPointsThreshold: integer(env, 'NEW_USER_POINTS_THRESHOLD', 0, 0, 1_000_000_000),
    newUserAgeThresholdSeconds: integer(env, 'NEW_USER_AGE_THRESHOLD', 0, 0, 1_000_000_000),
    imagePostsDisabled: flag(env, 'IMAGE_POSTS_DISABLED', false),
    maxImageSize: integer(env, 'MAX_IMAGE_SIZE', 26_214_400, 1024, 1_073_741_824),
    maxImagesPerPost: integer(env, 'MAX_IMAGES_PER_POST', 10, 1, 100),
    outboundAllow: hostPorts(env, 'OUTBOUND_ALLOW'),
    webDistDir: path.resolve(read(env, 'WEB_DIST_DIR') ?? path.join(repoRoot, 'packages/web/dist')),
    serveWeb: flag(env, 'SERVE_WEB', true),
    webPushSubscriberEmail: email(env, 'WEB_PUSH_SUBSCRIBER_EMAIL', { dropMailto: true }),
    links: {
      contactEmail: email(env, 'CONTACT_EMAIL'),
      blog: url(env, 'BLOG_URL', ['http:', 'https:'])?.toString() ?? null,
      discord: url(env, 'DISCORD_URL', ['http:', 'https:'])?.toString() ?? null,
      github: url(env, 'GITHUB_URL', ['http:', 'https:'])?.toString() ?? null,
      docs: url(env, 'DOCS_URL', ['http:', 'https:'])?.toString() ?? null,
    },
  };
}
