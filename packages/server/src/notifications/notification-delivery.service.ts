import { isNotificationType, type NotificationType } from '@commons/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Deps } from '../deps.js';
import {
  claimNextEvent,
  countFailedAttempt,
  markEventDone,
  type NotificationEventRow,
} from './notification-events.repository.js';
import type { EventPayload } from './notification-events.service.js';
import { announcementsToDrop, isPushed, mergedPayload, mergeTarget } from './notification-rules.js';
import {
  deleteNotificationsByIds,
  hasMuted,
  insertNotification,
  latestInListOrder,
  lockRecipient,
  recomputeNewCount,
  trimNotifications,
  updateMerged,
} from './notifications.repository.js';
import type { PushPayload } from './push-sender.js';

export type DeliveryDeps = Pick<Deps, 'db' | 'push' | 'clock'>;

interface Push {
  userId: string;
  payload: PushPayload;
}

/** Why an event notifies nobody, at delivery, with the recipient's settings of that moment (DOMAIN §5.2). */
async function skipped(
  trx: Kysely<DB>,
  type: NotificationType,
  recipientId: string | null,
  actorId: string | null,
): Promise<boolean> {
  if (!recipientId) return true;
  const recipient = await lockRecipient(trx, recipientId);
  if (!recipient || recipient.deleted_at !== null) return true;
  // Only these three are about "someone else"; a moderator who removes their own post, or an admin who
  // adds themselves as a moderator, is told like anyone else.
  if (
    actorId === recipient.id &&
    (type === 'new_comment' || type === 'comment_reply' || type === 'new_votes')
  ) {
    return true;
  }
  if (type === 'new_comment' || type === 'comment_reply') {
    if (recipient.reply_notifications_off) return true;
    if (actorId && (await hasMuted(trx, recipient.id, actorId))) return true;
  }
  if (type === 'new_votes' && recipient.upvote_notifications_off) return true;
  return false;
}

/**
 * One event's notification, in the claiming transaction: created or merged over the latest 10, the
 * newest 200 kept, the new count recomputed. Returns the push to send once this commits, if any.
 */
async function deliver(trx: Kysely<DB>, event: NotificationEventRow): Promise<Push | null> {
  if (!isNotificationType(event.type)) return null;
  const type = event.type;
  const payload = event.payload as unknown as EventPayload;
  // The recipient's row lock also serialises that recipient's deliveries: merges never race.
  if (await skipped(trx, type, event.recipient_id, payload.actorId)) return null;
  const userId = event.recipient_id!;
  const at = new Date(payload.at);

  const latest = await latestInListOrder(trx, userId);
  const target = mergeTarget(type, payload.notif, latest);
  let row;
  if (target) {
    row = await updateMerged(trx, target.id, mergedPayload(type, target.notif), at);
  } else {
    if (type === 'announcement') {
      await deleteNotificationsByIds(
        trx,
        announcementsToDrop(latest).map((n) => n.id),
      );
    }
    row = await insertNotification(trx, { userId, type, notif: payload.notif, at });
    await trimNotifications(trx, userId);
  }
  await recomputeNewCount(trx, userId);
  if (!isPushed(type)) return null;
  return {
    userId,
    payload: {
      id: row.id,
      type,
      notif: null,
      seen: row.seen,
      seenAt: row.seen_at ? row.seen_at.toISOString() : null,
      createdAt: row.created_at.toISOString(),
    },
  };
}

/**
 * Claims the oldest pending event and delivers it in one transaction that also marks it done; then
 * sends its push. False when no event was pending (or all are being delivered by others). A failed
 * delivery rolls back, leaving the event pending for a later run, and counts the attempt.
 */
export async function deliverNextEvent(deps: DeliveryDeps): Promise<boolean> {
  let claimed: string | null = null;
  try {
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const event = await claimNextEvent(trx);
      if (!event) return null;
      claimed = event.id;
      const push = await deliver(trx, event);
      await markEventDone(trx, event.id, deps.clock());
      return { push };
    });
    if (!outcome) return false;
    if (outcome.push) await deps.push.send(outcome.push.userId, outcome.push.payload);
    return true;
  } catch (error) {
    if (claimed !== null) await countFailedAttempt(deps.db, claimed);
    throw error;
  }
}

/**
 * Delivers events until none is pending; returns how many this call delivered. Several calls, in
 * one process or many, share the work and deliver each event once. A failure ends the call (the
 * event stays pending) and is thrown.
 */
export async function deliverPendingEvents(
  deps: DeliveryDeps,
  options: { shouldStop?: () => boolean } = {},
): Promise<number> {
  let delivered = 0;
  while (!options.shouldStop?.() && (await deliverNextEvent(deps))) delivered++;
  return delivered;
}
