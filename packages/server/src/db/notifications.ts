import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RETRY_MS = 5_000;

/**
 * Listens on a PostgreSQL notification channel with a connection of its own, and connects again after
 * the connection drops. Every process of a site on one database hears a NOTIFY sent by any of them or
 * by the CLI (sent in a transaction, it arrives when that commits).
 */
export function listen(
  connection: pg.ClientConfig,
  channel: string,
  onNotify: (payload: string) => void,
  log: FastifyBaseLogger,
): { close(): Promise<void> } {
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const connect = async () => {
    retry = null;
    const next = new pg.Client(connection);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      if (closed) return;
      log.warn({ err: error, channel }, 'notification listener lost its connection; reconnecting');
      void next.end().catch(() => {});
      if (client === next) client = null;
      retry ??= setTimeout(() => void connect(), RETRY_MS);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) await next.end();
      else client = next;
    } catch (error) {
      await next.end().catch(() => {});
      if (!closed) {
        log.warn({ err: error, channel }, 'notification listener could not connect; retrying');
        retry ??= setTimeout(() => void connect(), RETRY_MS);
      }
    }
  };
  void connect();

  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
