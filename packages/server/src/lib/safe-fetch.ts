import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { refusedHostName, refusedRange } from './ip-ranges.js';

/**
 * Fetching a URL that a user supplied, under every rule of DOMAIN §11.4: http(s) on default ports, no
 * credentials, every resolved address checked and the connection pinned to it, redirects followed by
 * hand and checked again, 6 s for the whole chain, and size caps that count decompressed bytes.
 */

/** The URL breaks a rule: the user asked for something the server will not fetch. */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

/** The fetch was allowed but did not work: unreachable, timed out, too large, malformed answer. */
export class OutboundFailedError extends Error {
  override name = 'OutboundFailedError';
}

export type FetchKind = 'page' | 'image';

export interface SafeFetchOptions {
  /** A page is HTML, read up to 1 MiB and cut there; an image is read whole up to `maxBytes`. */
  kind: FetchKind;
  /** host:port pairs that skip the address and port rules (the `outboundAllow` setting). */
  allow?: readonly string[];
  /** Images only: beyond this many bytes the fetch fails. */
  maxBytes?: number;
  /** The whole chain, redirects and connection included. */
  timeoutMs?: number;
  /** Resolves a host name to all its addresses (default: the system resolver, A and AAAA). */
  resolve?: (host: string) => Promise<dns.LookupAddress[]>;
}

export interface SafeFetchResult {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The media type, lower case, without parameters ('' when absent). */
  contentType: string;
  /** Whether the body was read: 2xx, and content of the kind asked for. Otherwise `body` is empty. */
  accepted: boolean;
  body: Buffer;
  /** A page longer than the cap: `body` holds its first part. */
  truncated: boolean;
}

export const MAX_REDIRECTS = 5;
export const FETCH_TIMEOUT_MS = 6000;
export const MAX_PAGE_BYTES = 1024 * 1024;

/** Sites answer bots with consent walls or nothing at all; a desktop browser gets the real page. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const IMAGE_EXTENSION = /\.(jpe?g|png|webp)$/i;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Whether a response may be read as an image: an image type, or a URL path with an image extension. */
export function looksLikeImage(contentType: string, url: URL): boolean {
  return contentType.startsWith('image/') || IMAGE_EXTENSION.test(url.pathname);
}

interface Target {
  url: URL;
  /** Host name without IPv6 brackets. */
  host: string;
  port: number;
  addresses: dns.LookupAddress[];
}

function refuse(reason: string): never {
  throw new OutboundRefusedError(reason);
}

const systemResolve = (host: string) => dns.promises.lookup(host, { all: true, verbatim: true });

function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** Checks a URL against the rules and resolves it to the addresses it may connect to. */
async function checkTarget(
  url: URL,
  allow: readonly string[],
  resolve: (host: string) => Promise<dns.LookupAddress[]>,
  deadline: Promise<never>,
): Promise<Target> {
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (!defaultPort) refuse(`scheme ${url.protocol} is not allowed`);
  if (url.username !== '' || url.password !== '') refuse('URLs with credentials are not fetched');
  const host = hostOf(url);
  if (host === '') refuse('no host');
  const port = url.port === '' ? defaultPort : url.port;
  const allowed = allow.includes(`${url.hostname}:${port}`);
  if (!allowed && url.port !== '') refuse(`port ${url.port} is not allowed`);

  if (!allowed) {
    const localName = refusedHostName(host);
    if (localName) refuse(`${host} is ${localName}`);
  }

  let addresses: dns.LookupAddress[];
  const family = net.isIP(host);
  if (family !== 0) {
    addresses = [{ address: host, family }];
  } else {
    try {
      addresses = await Promise.race([resolve(host), deadline]);
    } catch (error) {
      if (error instanceof OutboundFailedError) throw error;
      throw new OutboundFailedError(`cannot resolve ${host}`);
    }
    if (addresses.length === 0) throw new OutboundFailedError(`no address for ${host}`);
  }
  if (!allowed) {
    // One bad address is enough: a resolver that mixes public and private answers is an attack.
    for (const { address } of addresses) {
      const range = refusedRange(address);
      if (range) refuse(`${address} is ${range.why}`);
    }
  }
  return { url, host, port: Number(port), addresses };
}

/** Node resolves the host again when it connects; this answers with the addresses that were checked. */
function pinnedLookup(addresses: dns.LookupAddress[]): net.LookupFunction {
  return (_hostname, options, callback) => {
    const usable =
      options.family === 4 || options.family === 6
        ? addresses.filter((a) => a.family === options.family)
        : addresses;
    const first = usable[0];
    if (!first) {
      callback(Object.assign(new Error('no checked address of that family'), { code: 'ENOTFOUND' }), '');
    } else if (options.all) {
      callback(null, usable);
    } else {
      callback(null, first.address, first.family);
    }
  };
}

interface OutboundRequest {
  method: 'GET' | 'POST';
  headers: http.OutgoingHttpHeaders;
  body?: Buffer;
  /** Certificates to trust besides the system's (tests: a push service with its own certificate). */
  ca?: string | Buffer;
}

function request(
  target: Target,
  outbound: OutboundRequest,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const isHttps = target.url.protocol === 'https:';
  const options: https.RequestOptions = {
    method: outbound.method,
    hostname: target.host,
    port: target.port,
    path: `${target.url.pathname}${target.url.search}`,
    headers: outbound.headers,
    agent: false,
    lookup: pinnedLookup(target.addresses),
    signal,
  };
  if (outbound.ca) options.ca = [...tls.rootCertificates, outbound.ca.toString()];
  // SNI carries the host name; an IP literal has none to send.
  if (isHttps && net.isIP(target.host) === 0) options.servername = target.host;
  return new Promise((resolve, reject) => {
    const req = (isHttps ? https : http).request(options, resolve);
    req.on('error', reject);
    req.end(outbound.body);
  });
}

/** What a GET sends: nothing of the user's request (no cookies, no auth, no forwarded headers). */
function getRequest(kind: FetchKind): OutboundRequest {
  return {
    method: 'GET',
    headers: {
      'User-Agent': BROWSER_USER_AGENT,
      Accept:
        kind === 'page'
          ? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5'
          : 'image/webp,image/png,image/jpeg,image/*;q=0.8,*/*;q=0.5',
      'Accept-Language': 'en-US,en;q=0.9',
      'Accept-Encoding': 'gzip, deflate, br',
    },
  };
}

function decoded(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  let decompressor: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress;
  switch (encoding) {
    case '':
    case 'identity':
      return response;
    case 'gzip':
    case 'x-gzip':
      decompressor = zlib.createGunzip();
      break;
    case 'deflate':
      decompressor = zlib.createInflate();
      break;
    case 'br':
      decompressor = zlib.createBrotliDecompress();
      break;
    default:
      throw new OutboundFailedError(`unknown content encoding ${encoding}`);
  }
  // pipeline, not pipe: an aborted response must end the decompressor too, or reading would hang.
  pipeline(response, decompressor, () => {});
  return decompressor;
}

/**
 * Reads the body, counting decompressed bytes: a page stops at the cap and keeps what it has, an image
 * beyond its cap is a failure. Either way no more than the cap (and one chunk) is ever held.
 */
async function readBody(
  response: http.IncomingMessage,
  limit: number,
  cutAtLimit: boolean,
): Promise<{ body: Buffer; truncated: boolean }> {
  let stream: Readable = response;
  try {
    const declared = Number(response.headers['content-length']);
    if (!cutAtLimit && Number.isFinite(declared) && declared > limit) {
      throw new OutboundFailedError('too large');
    }
    stream = decoded(response);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        if (!cutAtLimit) throw new OutboundFailedError('too large');
        chunks.push(chunk.subarray(0, chunk.length - (size - limit)));
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(chunk);
    }
    return { body: Buffer.concat(chunks), truncated: false };
  } finally {
    response.destroy();
    if (stream !== response) stream.destroy();
  }
}

function mediaType(headers: http.IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * GETs `rawUrl` under the outbound rules. Throws OutboundRefusedError when a rule forbids the URL or a
 * redirect, OutboundFailedError when the fetch does not work out. A non-2xx answer, or content of
 * another kind, is returned unread (`accepted: false`).
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    refuse('not a URL');
  }
  const allow = options.allow ?? [];
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  let rejectDeadline: (error: Error) => void = () => {};
  const deadline = new Promise<never>((_resolve, reject) => {
    rejectDeadline = reject;
  });
  deadline.catch(() => {}); // only observed while a lookup races it
  const timer = setTimeout(() => {
    const error = new OutboundFailedError(`no answer within ${timeoutMs} ms`);
    rejectDeadline(error);
    controller.abort(error);
  }, timeoutMs);

  try {
    for (let redirects = 0; ; redirects++) {
      const target = await checkTarget(url, allow, options.resolve ?? systemResolve, deadline);
      let response: http.IncomingMessage;
      try {
        response = await request(target, getRequest(options.kind), controller.signal);
      } catch (error) {
        if (controller.signal.aborted) throw controller.signal.reason as Error;
        throw new OutboundFailedError(`cannot fetch ${url.href}: ${(error as Error).message}`);
      }
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects === MAX_REDIRECTS) refuse(`more than ${MAX_REDIRECTS} redirects`);
        try {
          url = new URL(location, url);
        } catch {
          throw new OutboundFailedError(`bad redirect to ${location}`);
        }
        continue;
      }

      const contentType = mediaType(response.headers);
      const ok = status >= 200 && status < 300;
      const fits = options.kind === 'page' ? HTML_TYPES.has(contentType) : looksLikeImage(contentType, url);
      const result = { status, url: url.href, headers: response.headers, contentType };
      if (!ok || !fits) {
        response.destroy();
        return { ...result, accepted: false, body: Buffer.alloc(0), truncated: false };
      }
      try {
        const { body, truncated } =
          options.kind === 'page'
            ? await readBody(response, MAX_PAGE_BYTES, true)
            : await readBody(response, options.maxBytes ?? MAX_PAGE_BYTES, false);
        return { ...result, accepted: true, body, truncated };
      } catch (error) {
        if (controller.signal.aborted) throw controller.signal.reason as Error;
        if (error instanceof OutboundFailedError) throw error;
        throw new OutboundFailedError(`cannot read ${url.href}: ${(error as Error).message}`);
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

export interface SafePostOptions {
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  /** host:port pairs that skip the address and port rules (the `outboundAllow` setting). */
  allow?: readonly string[];
  /** The whole request, connection included. */
  timeoutMs?: number;
  /** At most this much of the answer is read (it is only logged). */
  maxResponseBytes?: number;
  resolve?: (host: string) => Promise<dns.LookupAddress[]>;
  /** Certificates to trust besides the system's: only tests set it. */
  ca?: string | Buffer;
}

export interface SafePostResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The start of the answer, up to `maxResponseBytes`. */
  body: Buffer;
}

export const POST_TIMEOUT_MS = 10_000;
export const MAX_POST_RESPONSE_BYTES = 16 * 1024;

/**
 * POSTs to a user-supplied URL (Web Push endpoints) under the same address, port, credential and
 * pinning rules as `safeFetch`, https only. A redirect is not followed: its status is the answer. The
 * whole exchange is capped in time, and only the start of the answer is read. Throws
 * OutboundRefusedError before any connection when a rule forbids the URL, OutboundFailedError when the
 * request does not work out.
 */
export async function safePost(rawUrl: string, options: SafePostOptions): Promise<SafePostResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    refuse('not a URL');
  }
  if (url.protocol !== 'https:') refuse(`scheme ${url.protocol} is not allowed`);
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? POST_TIMEOUT_MS;
  let rejectDeadline: (error: Error) => void = () => {};
  const deadline = new Promise<never>((_resolve, reject) => {
    rejectDeadline = reject;
  });
  deadline.catch(() => {});
  const timer = setTimeout(() => {
    const error = new OutboundFailedError(`no answer within ${timeoutMs} ms`);
    rejectDeadline(error);
    controller.abort(error);
  }, timeoutMs);
  try {
    const target = await checkTarget(url, options.allow ?? [], options.resolve ?? systemResolve, deadline);
    const outbound: OutboundRequest = {
      method: 'POST',
      headers: { ...options.headers, 'Content-Length': String(options.body.length) },
      body: options.body,
      ...(options.ca ? { ca: options.ca } : {}),
    };
    let response: http.IncomingMessage;
    try {
      response = await request(target, outbound, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason as Error;
      throw new OutboundFailedError(`cannot post to ${url.origin}: ${(error as Error).message}`);
    }
    const status = response.statusCode ?? 0;
    try {
      // Identity only (no Accept-Encoding was sent): the raw bytes, cut at the cap.
      const { body } = await readRaw(response, options.maxResponseBytes ?? MAX_POST_RESPONSE_BYTES);
      return { status, headers: response.headers, body };
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason as Error;
      throw new OutboundFailedError(`cannot read the answer of ${url.origin}: ${(error as Error).message}`);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** Reads at most `limit` bytes of a response as sent, then drops the connection. */
async function readRaw(response: http.IncomingMessage, limit: number): Promise<{ body: Buffer }> {
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) break;
    }
    return { body: Buffer.concat(chunks).subarray(0, limit) };
  } finally {
    response.destroy();
  }
}
