import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { messages } from '@commons/shared';
import { notificationMessages } from '@commons/shared/texts/notifications';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Skeleton } from '../../../components/ui/Skeleton';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { useCurrentUser } from '../../session';
import { useDeleteAllNotifications } from '../api/delete-all';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllSeen } from '../api/mark-all-seen';
import { useMarkSeen } from '../api/mark-seen';
import { flattenPages } from '../api/notification-cache';
import { useResetNewCount } from '../api/reset-new-count';
import type { NotificationView } from '../api/types';
import { NotificationItem } from './NotificationItem';
import { NotificationsPaging } from './NotificationsPaging';
import styles from './Notifications.module.css';

const failed = (error: unknown) => showAlert(errorText(error), { tone: 'error' });

/**
 * The notifications panel (secondary §2, §4): 10 skeleton rows while the first page loads, the items
 * page by page, mark all seen, mark all upvote notifications seen, delete all. Opening it resets the
 * new count, and so does every new notification that arrives (the 5 s user poll) while it is open:
 * the member is looking at them.
 */
export function NotificationsPanel() {
  const id = useId();
  const query = useNotifications();
  const items = useMemo(() => flattenPages(query.data?.pages ?? []), [query.data]);
  const newCount = useCurrentUser()?.notificationsNewCount ?? 0;

  const { mutate: reset } = useResetNewCount();
  const { refetch } = query;
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      reset();
    } else if (newCount > 0) {
      reset();
      void refetch();
    }
  }, [newCount, reset, refetch]);

  const markSeen = useMarkSeen();
  const markAll = useMarkAllSeen();
  const remove = useDeleteNotification();
  const removeAll = useDeleteAllNotifications();
  const [confirmingDeleteAll, setConfirmingDeleteAll] = useState(false);

  const { mutate: mutateSeen } = markSeen;
  const { mutate: mutateRemove } = remove;
  const onMarkSeen = useCallback(
    // Secondary §8: failures of marking a notification seen are only logged (the mark is put back).
    (item: NotificationView, seen: boolean) =>
      mutateSeen(
        { id: item.id, seen },
        { onError: (error) => console.error('Marking the notification seen failed', error) },
      ),
    [mutateSeen],
  );
  const onDelete = useCallback(
    (item: NotificationView) => mutateRemove(item.id, { onError: failed }),
    [mutateRemove],
  );

  const markAllSeen = (type: '' | 'new_votes') =>
    markAll.mutate(type, {
      onSuccess: () =>
        showAlert(type === '' ? notificationMessages.allSeen : notificationMessages.allUpvotesSeen, {
          tone: 'success',
        }),
      onError: failed,
    });

  let body: React.ReactNode;
  if (query.isPending) {
    body = <Skeleton lines={2} count={10} label="Loading notifications" />;
  } else if (query.isError) {
    body = (
      <div className={styles.message} role="alert">
        <p>{errorText(query.error)}</p>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          {messages.common.retry}
        </Button>
      </div>
    );
  } else if (items.length === 0 && !query.hasNextPage) {
    body = <p className={styles.message}>{messages.common.nothingToShow}</p>;
  } else {
    body = (
      <>
        <ul className={styles.list} aria-labelledby={`${id}-title`}>
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onMarkSeen={onMarkSeen} onDelete={onDelete} />
          ))}
        </ul>
        <NotificationsPaging query={query} />
      </>
    );
  }

  const empty = query.isSuccess && items.length === 0;
  return (
    <section className={styles.page} aria-labelledby={`${id}-title`}>
      <header className={styles.header}>
        <h1 id={`${id}-title`} className={styles.heading}>
          Notifications
        </h1>
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="ghost"
            disabled={empty || markAll.isPending}
            onClick={() => markAllSeen('')}
          >
            Mark all as seen
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={empty || markAll.isPending}
            onClick={() => markAllSeen('new_votes')}
          >
            Mark upvotes as seen
          </Button>
          <Button size="sm" variant="ghost" disabled={empty} onClick={() => setConfirmingDeleteAll(true)}>
            Delete all
          </Button>
        </div>
      </header>
      {body}
      <ConfirmDialog
        open={confirmingDeleteAll}
        onOpenChange={setConfirmingDeleteAll}
        title="Delete all notifications?"
        confirmLabel="Delete all"
        danger
        busy={removeAll.isPending}
        onConfirm={() =>
          removeAll.mutateAsync().then(() => {
            setConfirmingDeleteAll(false);
            showAlert(notificationMessages.allDeleted, { tone: 'success' });
          }, failed)
        }
      />
    </section>
  );
}
