import crypto from 'node:crypto';

/**
 * The two pieces of cryptography Web Push needs, written against node:crypto:
 *
 * - RFC 8291 message encryption: the payload is encrypted for the browser's key pair (`p256dh`) and
 *   its authentication secret (`auth`), in the `aes128gcm` content coding of RFC 8188, so the push
 *   service carries it without being able to read it.
 * - RFC 8292 VAPID: a JWT signed with the site's P-256 key tells the push service who sends, so a
 *   subscription made for this site's public key only accepts messages from this site.
 *
 * Keys travel as base64url without padding, as browsers give and take them: a public key is the 65-byte
 * uncompressed point (0x04 || X || Y), a private key the 32-byte scalar.
 */

const CURVE = 'prime256v1';
/** The record size written in the header. One record holds any payload we send (under 4 KiB). */
const RECORD_SIZE = 4096;
/** The AES-GCM tag appended to the record. */
const TAG_LENGTH = 16;
/** Header: salt (16) || rs (4) || idlen (1) || keyid (the sender's 65-byte public key). */
const HEADER_LENGTH = 16 + 4 + 1 + 65;
/** The largest plaintext that fits one record: the record minus the delimiter byte and the tag. */
export const MAX_PLAINTEXT_BYTES = RECORD_SIZE - 1 - TAG_LENGTH;

export const P256_PUBLIC_KEY_BYTES = 65;
export const AUTH_SECRET_BYTES = 16;

export interface VapidKeys {
  /** base64url of the uncompressed public point. */
  public: string;
  /** base64url of the private scalar. */
  private: string;
}

/** A fresh VAPID key pair (generated once per site and kept in `application_data`). */
export function generateVapidKeys(): VapidKeys {
  const ecdh = crypto.createECDH(CURVE);
  ecdh.generateKeys();
  return {
    public: ecdh.getPublicKey().toString('base64url'),
    private: ecdh.getPrivateKey().toString('base64url'),
  };
}

/** Whether `key` is an uncompressed point on P-256 (a browser's `p256dh`). */
export function isP256PublicKey(key: Buffer): boolean {
  if (key.length !== P256_PUBLIC_KEY_BYTES || key[0] !== 0x04) return false;
  try {
    // Refuses a point that is not on the curve.
    crypto.ECDH.convertKey(key, CURVE, undefined, undefined, 'uncompressed');
    return true;
  } catch {
    return false;
  }
}

/** HKDF (RFC 5869) with SHA-256, one output block: all Web Push needs, since every length is ≤ 32. */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  // Extract: a pseudorandom key from the input keying material.
  const prk = crypto.createHmac('sha256', salt).update(ikm).digest();
  // Expand, first block only: T(1) = HMAC(PRK, info || 0x01).
  return crypto
    .createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

export interface EncryptOptions {
  /** Fixed salt (16 bytes) and sender key pair: only the RFC's test vector sets them. */
  salt?: Buffer;
  senderPrivateKey?: Buffer;
}

/**
 * Encrypts `plaintext` for a subscription (RFC 8291 §3.4, RFC 8188 §2): the request body to POST, with
 * `Content-Encoding: aes128gcm`. Each message gets a fresh sender key pair and salt.
 */
export function encryptPayload(
  plaintext: Buffer,
  receiverPublicKey: Buffer,
  authSecret: Buffer,
  options: EncryptOptions = {},
): Buffer {
  if (plaintext.length > MAX_PLAINTEXT_BYTES) throw new RangeError('payload too large for one record');
  const sender = crypto.createECDH(CURVE);
  if (options.senderPrivateKey) sender.setPrivateKey(options.senderPrivateKey);
  else sender.generateKeys();
  const senderPublicKey = sender.getPublicKey(); // uncompressed, 65 bytes
  const salt = options.salt ?? crypto.randomBytes(16);

  // The shared secret of the two key pairs, then mixed with the browser's auth secret, with both public
  // keys bound into the info (RFC 8291 §3.3): IKM = HKDF(auth, ecdh_secret, "WebPush: info" || 0 || ua || as).
  const ecdhSecret = sender.computeSecret(receiverPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0', 'latin1'),
    receiverPublicKey,
    senderPublicKey,
  ]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);

  // RFC 8188 §2.2 and §2.3: the content encryption key and the nonce, from the salt and the IKM.
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16);
  // The nonce of record i is this XOR i; there is one record, number 0, so it is used as it is.
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12);

  // A single record, so it is the last one: the plaintext is followed by the delimiter 0x02 (no padding).
  const cipher = crypto.createCipheriv('aes-128-gcm', cek, nonce);
  const ciphertext = Buffer.concat([
    cipher.update(plaintext),
    cipher.update(Buffer.from([2])),
    cipher.final(),
  ]);

  const header = Buffer.alloc(HEADER_LENGTH);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublicKey.length, 20);
  senderPublicKey.copy(header, 21);
  return Buffer.concat([header, ciphertext, cipher.getAuthTag()]);
}

/** The origin of a push endpoint: the VAPID audience (RFC 8292 §2). */
export function audienceOf(endpoint: string): string {
  return new URL(endpoint).origin;
}

/**
 * The `Authorization` header value of RFC 8292 §3: `vapid t=<JWT>, k=<public key>`. The JWT is ES256
 * over `{aud, exp, sub}`; its signature is the raw r || s pair (JWS), not DER.
 */
export function vapidAuthorization(
  keys: VapidKeys,
  audience: string,
  subscriber: string,
  expiresAt: Date,
): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = encode({ typ: 'JWT', alg: 'ES256' });
  const claims = encode({ aud: audience, exp: Math.floor(expiresAt.getTime() / 1000), sub: subscriber });
  const signingInput = `${header}.${claims}`;
  const signature = crypto.sign('sha256', Buffer.from(signingInput), {
    key: vapidPrivateKey(keys),
    dsaEncoding: 'ieee-p1363',
  });
  return `vapid t=${signingInput}.${signature.toString('base64url')}, k=${keys.public}`;
}

/** The stored key pair as a KeyObject (through JWK, which takes the raw coordinates and scalar). */
function vapidPrivateKey(keys: VapidKeys): crypto.KeyObject {
  const point = Buffer.from(keys.public, 'base64url');
  return crypto.createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
      d: keys.private,
    },
    format: 'jwk',
  });
}
