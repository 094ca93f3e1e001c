import type { NotificationType } from '@commons/shared'; // adjust the import to where the type lives
/** What a push service receives: no contents, the worker fetches the rendered notification (DOMAIN §5.6). */
export interface PushPayload {
  id: number;
  type: NotificationType;
  notif: null;
  seen: boolean;
  seenAt: string | null;
  createdAt: string;
}
/** Sends web push for a notification to every subscription of the user; never throws. */
export interface PushSender {
  send(userId: string, payload: PushPayload): Promise<void>;
}

/** Sends nothing: no subscriptions exist before web push is merged (the merger replaces this with the real sender). */
export const noPushSender: PushSender = { send: async () => {} };
