import type { NotificationType } from '@commons/shared';

/** What a push service receives: no contents, the worker fetches the rendered notification (DOMAIN §5.6). */
export interface PushPayload {
  id: number;
  type: NotificationType;
  notif: null;
  seen: boolean;
  seenAt: string | null;
  createdAt: string;
}

/** Sends web push for a notification to every subscription of the user (push/push.service.ts); never throws. */
export interface PushSender {
  send(userId: string, payload: PushPayload): Promise<void>;
}
