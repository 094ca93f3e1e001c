import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import type { ImageFormat } from './image-urls.js';
import { imageFile, type ImageRequest } from './images.service.js';

const FILE_NAME = /^([0-9a-fA-F]{24})\.(jpeg|png|webp)$/;
const SIZE = /^([1-9]\d{0,4})(?:x([1-9]\d{0,4}))?$/;
/** No copy the site names is larger; a bigger box would only be a way to make the server work hard. */
const MAX_SIDE = 10_000;

interface ImageQuery {
  size?: string;
  fit?: string;
  sig?: string;
}

/** The URL of API.md §17.3 as an image request, or a 400 "Bad Request". */
function parseImageUrl(name: string, query: ImageQuery): ImageRequest {
  const match = FILE_NAME.exec(name);
  const id = match ? parseId(match[1]!) : null;
  if (!match || !id) throw errors.imageRequestInvalid();
  const format = match[2] as ImageFormat;
  for (const value of Object.values(query)) if (typeof value !== 'string') throw errors.imageRequestInvalid();
  const signature = query.sig ?? '';
  if (query.size === undefined) {
    if (query.fit !== undefined) throw errors.imageRequestInvalid();
    return { id, format, signature };
  }
  const size = SIZE.exec(query.size);
  if (!size || (query.fit !== 'cover' && query.fit !== 'contain')) throw errors.imageRequestInvalid();
  const width = Number(size[1]);
  const height = Number(size[2] ?? size[1]);
  if (width > MAX_SIDE || height > MAX_SIDE) throw errors.imageRequestInvalid();
  return { id, format, signature, size: { text: query.size, width, height, fit: query.fit } };
}

/**
 * `GET /images/{HEX24}.{ext}?size=&fit=&sig=` (API.md §17.3): signed originals and copies, in any of
 * the three formats, for anyone (CORS `*`) and for a year. Outside /api/: no session, no JSON headers;
 * errors are plain text.
 */
export function registerImageServer(app: FastifyInstance, deps: Deps): void {
  app.get<{ Params: { name: string }; Querystring: ImageQuery }>('/images/:name', async (request, reply) => {
    const file = await imageFile(deps, parseImageUrl(request.params.name, request.query));
    return reply
      .header('Content-Type', `image/${file.format}`)
      .header('Content-Length', file.bytes)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Access-Control-Allow-Origin', '*')
      .send(fs.createReadStream(file.path));
  });

  app.options('/images/:name', async (_request, reply) =>
    reply
      .status(204)
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'GET')
      .header('Access-Control-Max-Age', '86400')
      .send(),
  );
}
