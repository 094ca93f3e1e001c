import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { TestApp, TestClient } from './harness.js';

/** Multipart bodies and binary requests for the upload routes (TestClient sends string bodies only). */

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----commons${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename ? `; filename="${part.filename}"` : '';
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${type}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface Answer {
  status: number;
  json: any;
  text: string;
  body: Buffer;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * A request with a binary body, sent as `client` (its cookies and CSRF token). TestClient sends bodies
 * as strings, which would re-encode binary data as UTF-8.
 */
export async function send(
  app: TestApp,
  client: TestClient | null,
  method: 'GET' | 'POST' | 'PUT' | 'OPTIONS' | 'HEAD',
  url: string,
  payload?: Buffer | Readable,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const res = await app.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(client?.csrfToken ? { 'x-csrf-token': client.csrfToken } : {}),
      ...headers,
    },
  });
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, json, text: res.body, body: res.rawPayload, headers: res.headers };
}
