import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPostgres, type Database } from '../src/db/engine.js';
import { systemClock, type Clock } from '../src/lib/time.js';
import { Secrets } from '../src/site/secrets.js';
import type { RecentSessions } from '../src/sessions/recent-sessions.js';
import type { ReadCache } from '../src/cache/read-cache.js';
import type { QueryCounter } from './query-counter.js';

/** A fresh database copied from the run's migrated template (global-setup.ts), dropped on close. */
export function openTestDatabase(): Promise<Database> {
  return openScratchDatabase(inject('postgresTemplate'));
}

/**
 * A fresh database with no schema at all, dropped on close: for tests of an upgrade, which migrate it
 * part of the way, write rows as an older site had them, then migrate the rest.
 */
export function openEmptyDatabase(): Promise<Database> {
  return openScratchDatabase(null);
}

async function openScratchDatabase(template: string | null): Promise<Database> {
  const adminUrl = inject('adminUrl');
  const name = `${template ?? 'empty'}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 4);
  return {
    ...database,
    async close() {
      await database.close();
      // pg's pool.end() resolves before its connections have closed; a forced drop would kill them
      // mid-goodbye and their FATAL error would surface as an unhandled error. Wait for them first.
      for (let i = 0; i < 100; i++) {
        const { rows } = await admin.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  config: Config;
  /** A visitor with its own cookies. */
  client(): TestClient;
  close(): Promise<void>;
}

/** A controllable clock for tests of expiry and throttling. */
export class TestClock {
  now = new Date();
  readonly clock: Clock = () => new Date(this.now);
  advance(ms: number): void {
    this.now = new Date(this.now.getTime() + ms);
  }
}

/**
 * The real app on a fresh database. Settings are environment variables, as in production; tests get
 * the captcha and rate limits off unless they turn them on. Every response is checked against its
 * route's schema.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    clock?: Clock;
    serveWeb?: boolean;
    queries?: QueryCounter;
    recentSessions?: RecentSessions;
    readCache?: ReadCache;
    /** Another app's database: a second process of the same site (closing this app leaves it open). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ CAPTCHA: 'off', RATE_LIMITS: 'off', LOG_LEVEL: 'silent', ...env });
  const database = options.database ?? (await openTestDatabase());
  const secrets = new Secrets();
  await secrets.load(database.db, config);
  const app = await buildApp({
    config,
    // The app's statements only: what the tests themselves write through `t.db` is not counted.
    db: options.queries ? database.db.withPlugin(options.queries) : database.db,
    secrets,
    logger: false,
    checkResponses: true,
    clock: options.clock ?? systemClock,
    serveWeb: options.serveWeb ?? false,
    recentSessions: options.recentSessions,
    readCache: options.readCache,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

export interface TestResponse {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** Parsed JSON body (undefined when the body is not JSON). */
  json: any;
  text: string;
  cookies: LightMyRequestResponse['cookies'];
}

interface RequestOptions {
  body?: unknown;
  /** Sent as is, instead of JSON.stringify(body). */
  raw?: string;
  headers?: Record<string, string>;
  /** Send the X-Csrf-Token header (default true). */
  csrf?: boolean;
  /** The peer's address as the socket reports it (default: the client's `remoteAddress`). */
  remoteAddress?: string;
}

/** A browser-like visitor: keeps cookies, and sends the CSRF token from the last Csrf-Token header. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  csrfToken = '';
  /** The address this visitor connects from; unset, light-my-request's 127.0.0.1. */
  remoteAddress: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async request(method: string, url: string, options: RequestOptions = {}): Promise<TestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await this.app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload }),
      ...((options.remoteAddress ?? this.remoteAddress)
        ? { remoteAddress: options.remoteAddress ?? this.remoteAddress }
        : {}),
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(options.csrf === false || !this.csrfToken ? {} : { 'x-csrf-token': this.csrfToken }),
        ...options.headers,
      },
    });
    for (const c of response.cookies) {
      if (c.expires && new Date(c.expires).getTime() < Date.now()) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const token = response.headers['csrf-token'];
    if (typeof token === 'string') this.csrfToken = token;
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      json = undefined;
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      json,
      text: response.body,
      cookies: response.cookies,
    };
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, options);
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, { ...options, body });
  }
  put(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, { ...options, body });
  }
  delete(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('DELETE', url, { ...options, body });
  }

  /** What the app does first: get a session and its token. */
  async start(): Promise<TestResponse> {
    return this.get('/api/_initial');
  }

  async signup(username: string, password = 'password123', extra: Record<string, unknown> = {}) {
    if (!this.csrfToken) await this.start();
    return this.post('/api/_signup', { username, password, email: '', ...extra });
  }

  async login(username: string, password = 'password123') {
    if (!this.csrfToken) await this.start();
    return this.post('/api/_login', { username, password });
  }
}
