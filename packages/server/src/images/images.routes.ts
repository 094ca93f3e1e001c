import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AltTextBodySchema, ImageIdParamsSchema, ImageSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { AppError, errors } from '../lib/errors.js';
import { setAltText, uploadPostImage } from './images.service.js';

/** Room for the multipart framing around a file of the maximum size (boundaries, part headers). */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Multipart parsing for the routes `register` adds, and only for them: every other API route keeps
 * reading bodies as JSON whatever their type. Within the scope, a body of any other type is left
 * unread, and reading an upload from it is refused like unparsable multipart.
 */
export function multipartScope(
  scope: FastifyInstance,
  deps: Deps,
  register: (child: FastifyInstance) => void,
): void {
  void scope.register(async (child) => {
    child.removeAllContentTypeParsers();
    await child.register(fastifyMultipart, {
      limits: {
        fileSize: deps.config.maxImageSize,
        files: 5,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 25,
        headerPairs: 50,
      },
    });
    child.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    register(child);
  });
}

/**
 * Reads the `image` part of a multipart upload (API.md §2.1): 400 `file_size_exceeded` when the body or
 * the file is larger than `maxImageSize` or the multipart cannot be parsed or holds more than one
 * `image` part, 400 `no-image` without an `image` file part.
 */
export async function readImageUpload(request: FastifyRequest, maxImageSize: number): Promise<Buffer> {
  if (!request.isMultipart()) throw errors.fileSizeExceeded();
  const bodyLimit = maxImageSize + MULTIPART_OVERHEAD;
  if (Number(request.headers['content-length'] ?? 0) > bodyLimit) throw errors.fileSizeExceeded();
  // Chunked bodies announce no length: count what arrives.
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
  };
  let image: Buffer | null = null;
  let imageParts = 0;
  try {
    const parts = request.parts();
    // The first step starts the parser, which pipes the request into it; counting starts after that,
    // so that the counter never sets the stream flowing before the parser listens.
    const first = parts.next();
    request.raw.on('data', count);
    for (let step = await first; !step.done; step = await parts.next()) {
      if (received > bodyLimit) throw errors.fileSizeExceeded();
      const part = step.value;
      if (part.fieldname === 'image') imageParts++;
      if (part.type !== 'file') continue;
      if (part.fieldname === 'image' && imageParts === 1) image = await part.toBuffer();
      else part.file.resume();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw errors.fileSizeExceeded();
  } finally {
    request.raw.off('data', count);
  }
  if (received > bodyLimit) throw errors.fileSizeExceeded();
  // Two `image` parts leave no telling which one was meant: the body is malformed. It is judged only
  // once the body has been read to its end: a body left half read would hold up the connection.
  if (imageParts > 1) throw errors.fileSizeExceeded();
  if (image === null) throw errors.noImage();
  return image;
}

/** Uploads (API.md §9.1) and alt text (§9.2). */
export function imagesRoutes(scope: FastifyInstance, deps: Deps): void {
  multipartScope(scope, deps, (child) => {
    child.post('/_uploads', { schema: { response: { 200: ImageSchema } } }, (request) =>
      uploadPostImage(deps, request.viewer.user, () => readImageUpload(request, deps.config.maxImageSize)),
    );
  });

  scope
    .withTypeProvider<TypeBoxProvider>()
    .put(
      '/images/:imageId',
      { schema: { params: ImageIdParamsSchema, body: AltTextBodySchema, response: { 200: ImageSchema } } },
      (request) => setAltText(deps, request.viewer.user, request.params.imageId, request.body.altText ?? ''),
    );
}
