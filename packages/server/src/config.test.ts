import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The ConfigError a bad value gives; fails when loading succeeds or throws something else. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('gives every setting its documented default', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      redisUrl: null,
      siteName: 'Commons',
      siteDescription:
        'A community discussion and link-sharing site. No ads, no tracking, funded by its members.',
      publicUrl: null,
      captcha: 'altcha',
      search: 'builtin',
      trustProxy: [],
      rateLimits: true,
      csrfOff: false,
      secret: null,
      sessionCookieName: 'SID',
      development: false,
      logLevel: 'info',
      imagePostSubmitReqPoints: 0,
      linkPostSubmitReqPoints: 0,
      communityCreationReqPoints: 100,
      maxModeratedCommunities: 10,
      newUserPointsThreshold: 0,
      newUserAgeThresholdSeconds: 0,
      imagePostsDisabled: false,
      maxImageSize: 26_214_400,
      maxImagesPerPost: 10,
      outboundAllow: [],
      webDistDir: path.join(repoRoot, 'packages/web/dist'),
      serveWeb: true,
      webPushSubscriberEmail: null,
      welcomeCommunity: null,
      readCacheSeconds: 5,
      links: { contactEmail: null, blog: null, discord: null, github: null, docs: null },
    });
  });

  it('treats empty and blank values as unset', () => {
    const config = loadConfig({ PORT: '', SITE_NAME: '   ', CAPTCHA: '', SECRET: ' ' });
    expect(config.port).toBe(8080);
    expect(config.siteName).toBe('Commons');
    expect(config.captcha).toBe('altcha');
    expect(config.secret).toBeNull();
    expect(config.webPushSubscriberEmail).toBeNull();
  });
});

describe('loadConfig accepts good values', () => {
  it('reads numbers, flags, choices and addresses, trimmed', () => {
    const config = loadConfig({
      PORT: ' 9090 ',
      CAPTCHA: 'OFF',
      SEARCH: ' External ',
      RATE_LIMITS: 'off',
      CSRF_OFF: 'yes',
      TRUST_PROXY: 'loopback, 10.0.0.0/8,203.0.113.7, ::1, fd00::/8',
      PUBLIC_URL: 'https://forum.example.org',
      DATABASE_URL: 'postgresql://user@db.example.org:5432/commons',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SECRET: 'x'.repeat(32),
      IMAGE_POST_SUBMIT_REQ_POINTS: '-5',
      LINK_POST_SUBMIT_REQ_POINTS: '1000000000',
      CONTACT_EMAIL: 'hello@example.org',
      WEB_PUSH_SUBSCRIBER_EMAIL: 'mailto:ops@example.org',
      SITE_NAME: '  My Forum ',
    });
    expect(config).toMatchObject({
      port: 9090,
      captcha: 'off',
      search: 'external',
      rateLimits: false,
      csrfOff: true,
      trustProxy: ['loopback', '10.0.0.0/8', '203.0.113.7', '::1', 'fd00::/8'],
      databaseUrl: 'postgresql://user@db.example.org:5432/commons',
      redisUrl: 'redis://127.0.0.1:6379',
      secret: 'x'.repeat(32),
      imagePostSubmitReqPoints: -5,
      linkPostSubmitReqPoints: 1_000_000_000,
      siteName: 'My Forum',
      webPushSubscriberEmail: 'ops@example.org',
      links: { contactEmail: 'hello@example.org', blog: null, discord: null, github: null, docs: null },
    });
    expect(config.publicUrl?.href).toBe('https://forum.example.org/');
  });

  it('reads every spelling of on and off', () => {
    for (const on of ['on', 'true', '1', 'yes', 'ON', 'True'])
      expect(loadConfig({ RATE_LIMITS: on }).rateLimits).toBe(true);
    for (const off of ['off', 'false', '0', 'no', 'OFF'])
      expect(loadConfig({ RATE_LIMITS: off }).rateLimits).toBe(false);
  });

  it('accepts the ends of the port range', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
  });
});

describe('loadConfig refuses bad values with a ConfigError naming the variable', () => {
  const cases: Array<[string, string[]]> = [
    ['PORT', ['abc', '70000', '65536', '-1', '80.5', '8080x', '0x50']],
    ['CAPTCHA', ['recaptcha', 'yes', 'altcha2']],
    ['SEARCH', ['google', 'off', 'built-in']],
    ['RATE_LIMITS', ['maybe', 'enabled', '2']],
    [
      'TRUST_PROXY',
      ['example.com', '10.0.0.1, *', '1.2.3', '999.1.1.1', '10.0.0.0/40', '::1/200', '10.0.0.0/8/8'],
    ],
    ['PUBLIC_URL', ['forum.example.org', 'ftp://forum.example.org', 'not a url']],
    ['DATABASE_URL', ['mysql://db.example.org/commons', 'not a url', 'https://db.example.org']],
    ['SECRET', ['x'.repeat(31), 'short']],
    ['IMAGE_POST_SUBMIT_REQ_POINTS', ['ten', '1.5', '1000000001', '-1000001', '1e3']],
    ['CONTACT_EMAIL', ['not-an-email', 'a@b', 'two words@example.org']],
    ['WEB_PUSH_SUBSCRIBER_EMAIL', ['not-an-email', 'mailto:', 'mailto:a@b']],
  ];
  for (const [name, values] of cases) {
    it(name, () => {
      for (const value of values) {
        const error = configError({ [name]: value });
        expect(error.name).toBe('ConfigError');
        expect(error.message, value).toContain(name);
      }
    });
  }

  it('says what a bad number should be', () => {
    expect(configError({ PORT: 'abc' }).message).toBe(
      'PORT="abc" is not valid: expected a whole number from 0 to 65535.',
    );
  });

  it('refuses a secret under 32 characters and accepts 32', () => {
    expect(configError({ SECRET: 'y'.repeat(31) }).message).toBe(
      'SECRET is too short: use at least 32 random characters, or leave it unset.',
    );
    expect(loadConfig({ SECRET: 'y'.repeat(32) }).secret).toBe('y'.repeat(32));
  });
});
