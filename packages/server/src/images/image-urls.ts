import crypto from 'node:crypto';
import type { Fit } from './copies.js';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** "N" for a square box, "WxH" otherwise (API.md §5.1). */
export function sizeText(width: number, height: number): string {
  return width === height ? String(width) : `${width}x${height}`;
}

/**
 * base64url (no padding) of HMAC-SHA256(key, idHex + sizeText + fit + "." + format), where the original has
 * sizeText "0" and no fit (API.md §5.1).
 */
export function imageSignature(
  key: Buffer,
  id: string,
  format: ImageFormat,
  size?: string,
  fit?: Fit,
): string {
  return crypto
    .createHmac('sha256', key)
    .update(`${id}${size ?? '0'}${fit ?? ''}.${format}`)
    .digest('base64url');
}

/** The URL of an image or of one of its copies: query keys in alphabetical order. */
export function imageUrl(
  key: Buffer,
  id: string,
  format: ImageFormat,
  copy?: { width: number; height: number; fit: Fit },
): string {
  if (!copy) return `/images/${id}.${format}?sig=${imageSignature(key, id, format)}`;
  const size = sizeText(copy.width, copy.height);
  const sig = imageSignature(key, id, format, size, copy.fit);
  return `/images/${id}.${format}?fit=${copy.fit}&sig=${sig}&size=${size}`;
}

export function isValidSignature(
  key: Buffer,
  id: string,
  format: ImageFormat,
  given: string,
  size?: string,
  fit?: Fit,
): boolean {
  const expected = Buffer.from(imageSignature(key, id, format, size, fit));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
