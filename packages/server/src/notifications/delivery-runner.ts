import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { listen } from '../db/notifications.js';
import { deliverPendingEvents, type DeliveryDeps } from './notification-delivery.service.js';
import { EVENTS_CHANNEL } from './notification-events.repository.js';

/** How often a runner looks for events when no wake-up came (a lost NOTIFY, a reconnecting listener). */
export const DELIVERY_POLL_MS = 3_000;

/**
 * The delivery runner of a server process: woken by the NOTIFY each recording transaction sends on
 * commit, and by a poll every few seconds. One drain at a time per process; a wake-up during a drain
 * runs another after it.
 */
export function startDeliveryRunner(
  deps: DeliveryDeps,
  connection: pg.ClientConfig,
  log: FastifyBaseLogger,
  options: { pollMs?: number } = {},
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const drain = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverPendingEvents(deps, { shouldStop: () => stopped });
        } catch (err) {
          log.error({ err }, 'notification delivery failed; the event stays pending');
          return;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  const listener = listen(connection, EVENTS_CHANNEL, drain, log);
  const timer = setInterval(drain, options.pollMs ?? DELIVERY_POLL_MS);
  timer.unref();
  drain();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listener.close();
      await running;
    },
  };
}
