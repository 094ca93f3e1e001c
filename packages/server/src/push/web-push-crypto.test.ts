import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  audienceOf,
  encryptPayload,
  generateVapidKeys,
  isP256PublicKey,
  MAX_PLAINTEXT_BYTES,
  vapidAuthorization,
} from './web-push-crypto.js';
import { decryptAsBrowser } from '../../test/push-receiver.js';

const b64 = (s: string) => Buffer.from(s, 'base64url');

describe('RFC 8291 message encryption', () => {
  // RFC 8291 Appendix A: fixed keys and salt, and the exact message they give.
  const vector = {
    plaintext: 'When I grow up, I want to be a watermelon',
    senderPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
    receiverPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
    receiverPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    salt: 'DGv6ra1nlYgDCS1FRnbzlw',
    message:
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  };

  it('reproduces the RFC 8291 test vector byte for byte', () => {
    const body = encryptPayload(Buffer.from(vector.plaintext), b64(vector.receiverPublic), b64(vector.auth), {
      salt: b64(vector.salt),
      senderPrivateKey: b64(vector.senderPrivate),
    });
    expect(body.toString('base64url')).toBe(vector.message);
  });

  it('the test-side receiver reads the RFC message', () => {
    const receiver = crypto.createECDH('prime256v1');
    receiver.setPrivateKey(b64(vector.receiverPrivate));
    expect(decryptAsBrowser(b64(vector.message), receiver, b64(vector.auth)).toString()).toBe(
      vector.plaintext,
    );
  });

  it('encrypts with a fresh key and salt each time, and only the subscription can read it', () => {
    const receiver = crypto.createECDH('prime256v1');
    receiver.generateKeys();
    const auth = crypto.randomBytes(16);
    const payload = Buffer.from(JSON.stringify({ id: 7, type: 'new_comment', notif: null }));
    const first = encryptPayload(payload, receiver.getPublicKey(), auth);
    const second = encryptPayload(payload, receiver.getPublicKey(), auth);
    expect(first.equals(second)).toBe(false);
    expect(first.readUInt32BE(16)).toBe(4096);
    expect(first.length).toBe(86 + payload.length + 1 + 16);
    expect(decryptAsBrowser(first, receiver, auth).toString()).toBe(payload.toString());
    expect(decryptAsBrowser(second, receiver, auth).toString()).toBe(payload.toString());

    // Another auth secret, or another browser's key, cannot open it.
    expect(() => decryptAsBrowser(first, receiver, crypto.randomBytes(16))).toThrow();
    const stranger = crypto.createECDH('prime256v1');
    stranger.generateKeys();
    expect(() => decryptAsBrowser(first, stranger, auth)).toThrow();
  });

  it('refuses a payload that does not fit one record', () => {
    const receiver = crypto.createECDH('prime256v1');
    receiver.generateKeys();
    const auth = crypto.randomBytes(16);
    expect(() =>
      encryptPayload(Buffer.alloc(MAX_PLAINTEXT_BYTES + 1), receiver.getPublicKey(), auth),
    ).toThrow(RangeError);
    const largest = encryptPayload(Buffer.alloc(MAX_PLAINTEXT_BYTES, 0x61), receiver.getPublicKey(), auth);
    expect(decryptAsBrowser(largest, receiver, auth).length).toBe(MAX_PLAINTEXT_BYTES);
  });

  it('knows a P-256 public point from other bytes', () => {
    expect(isP256PublicKey(b64(vector.receiverPublic))).toBe(true);
    expect(isP256PublicKey(Buffer.from(generateVapidKeys().public, 'base64url'))).toBe(true);
    const offCurve = Buffer.from(b64(vector.receiverPublic));
    offCurve[64] = offCurve[64]! ^ 1;
    expect(isP256PublicKey(offCurve)).toBe(false);
    expect(isP256PublicKey(Buffer.alloc(65, 4))).toBe(false);
    expect(isP256PublicKey(b64(vector.receiverPublic).subarray(0, 64))).toBe(false);
  });
});

describe('RFC 8292 VAPID', () => {
  it('signs an ES256 JWT for the endpoint origin that the public key verifies', () => {
    const keys = generateVapidKeys();
    expect(Buffer.from(keys.public, 'base64url').length).toBe(65);
    expect(Buffer.from(keys.private, 'base64url').length).toBe(32);
    const expires = new Date('2030-01-02T03:04:05Z');
    const audience = audienceOf('https://push.example.net:8443/wpush/v2/abc?x=1');
    expect(audience).toBe('https://push.example.net:8443');
    const header = vapidAuthorization(keys, audience, 'mailto:ops@example.org', expires);

    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
    expect(match).not.toBeNull();
    const [, head, claims, signature, k] = match!;
    expect(k).toBe(keys.public);
    expect(JSON.parse(b64(head!).toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(JSON.parse(b64(claims!).toString())).toEqual({
      aud: 'https://push.example.net:8443',
      exp: Math.floor(expires.getTime() / 1000),
      sub: 'mailto:ops@example.org',
    });
    const point = b64(keys.public);
    const publicKey = crypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = Buffer.from(`${head}.${claims}`);
    const sig = b64(signature!);
    expect(sig.length).toBe(64); // raw r || s, as JWS wants
    expect(crypto.verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, sig)).toBe(true);
    expect(
      crypto.verify(
        'sha256',
        Buffer.from(`${head}.${claims}x`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        sig,
      ),
    ).toBe(false);
    // Another site's key does not verify it.
    const other = b64(generateVapidKeys().public);
    const otherKey = crypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: other.subarray(1, 33).toString('base64url'),
        y: other.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    expect(crypto.verify('sha256', signed, { key: otherKey, dsaEncoding: 'ieee-p1363' }, sig)).toBe(false);
  });
});
