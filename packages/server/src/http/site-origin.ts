import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { errors } from '../lib/errors.js';

/**
 * The site's origin for absolute links: `PUBLIC_URL`'s when set, else the request's own scheme and
 * Host header. A Host that no URL can be made of (`a b`, a port past 65535) is the client's mistake:
 * 400, not a failure building the page.
 */
export function siteOrigin(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl.origin;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw errors.invalidHost();
  }
}
