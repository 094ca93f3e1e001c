import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSeenInCache } from './notification-cache';
import { RENDERED, type NotificationView } from './types';

/** The marks of each notification on their way, the last asked: the next waits for it. */
const markingsInFlight = new Map<number, Promise<unknown>>();

/**
 * `PUT /api/notifications/{id}?render=true&format=html&action=markAsSeen&seen=true|false` (API.md
 * §12.3). The answer is not read (secondary §7).
 */
export function markSeen(id: number, seen: boolean): Promise<NotificationView> {
  // One at a time per notification, in the order asked: the seen mark of the page a notification
  // opened, still on its way, could otherwise reach the server after a later 'Mark as unseen'.
  const previous = markingsInFlight.get(id) ?? Promise.resolve();
  const marking = previous
    .catch(() => {})
    .then(() =>
      api<NotificationView>(`/notifications/${id}`, {
        method: 'PUT',
        query: { ...RENDERED, action: 'markAsSeen', seen },
      }),
    );
  markingsInFlight.set(id, marking);
  const forget = () => {
    if (markingsInFlight.get(id) === marking) markingsInFlight.delete(id);
  };
  marking.then(forget, forget);
  return marking;
}

/** The panel's 'Mark as seen' / 'Mark as unseen': shown at once, put back if the server refuses. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, seen }: { id: number; seen: boolean }) => markSeen(id, seen),
    onMutate: ({ id, seen }) => setSeenInCache(queryClient, id, seen),
    onError: (_error, { id, seen }) => setSeenInCache(queryClient, id, !seen),
  });
}

/**
 * A page opened from a notification (`?fromNotif={id}`, API.md §18.12) marks it seen. Failures are only
 * logged (secondary §8).
 */
export function markSeenFromNotification(queryClient: QueryClient, id: number): void {
  setSeenInCache(queryClient, id, true);
  markSeen(id, true).catch((error: unknown) => console.error('Marking the notification seen failed', error));
}
