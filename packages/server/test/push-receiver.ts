import crypto from 'node:crypto';

/**
 * The browser's side, written from RFC 8188 §2 and RFC 8291 §3 without the sender's code: read the
 * header, derive the key and nonce from the receiver's private key and auth secret, decrypt, check
 * the delimiter. Any mistake on either side makes the tag check fail.
 */
export function decryptAsBrowser(body: Buffer, receiver: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();
  const expand = (prk: Buffer, info: string | Buffer, length: number) =>
    hmac(prk, Buffer.concat([Buffer.from(info), Buffer.from([1])])).subarray(0, length);

  const shared = receiver.computeSecret(senderPublicKey);
  const prkKey = hmac(authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublicKey]);
  const ikm = expand(prkKey, keyInfo, 32);
  const prk = hmac(salt, ikm);
  const cek = expand(prk, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = expand(prk, 'Content-Encoding: nonce\0', 12);

  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing last-record delimiter');
  return padded.subarray(0, end);
}
