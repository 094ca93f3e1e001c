import { memo } from 'react';
import { Link } from 'wouter';
import { notificationMessages } from '@commons/shared/texts/notifications';
import { Icon } from '../../../components/ui/Icon';
import { LazyMenu } from '../../../components/ui/LazyMenu';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import type { NotificationView } from '../api/types';
import { NotificationTitle } from './NotificationTitle';
import styles from './Notifications.module.css';

/** The default icon (API.md §5.12), for an item that came with none. */
const DEFAULT_ICON = '/favicon.png?v=2';

/**
 * Where a notification leads, with `fromNotif` so the page it opens marks it seen (API.md §18.12); null
 * for `#`, which leads nowhere.
 */
export function notificationHref(item: Pick<NotificationView, 'id' | 'toURL'>): string | null {
  if (!item.toURL || item.toURL === '#') return null;
  return `${item.toURL}${item.toURL.includes('?') ? '&' : '?'}fromNotif=${item.id}`;
}

interface Props {
  item: NotificationView;
  onMarkSeen: (item: NotificationView, seen: boolean) => void;
  onDelete: (item: NotificationView) => void;
}

/**
 * One notification (secondary §3): its icon, the title, when it last happened, unseen ones set apart,
 * the whole row a link to its target, and a menu to mark it seen or unseen or delete it.
 */
export const NotificationItem = memo(function NotificationItem({ item, onMarkSeen, onDelete }: Props) {
  const href = notificationHref(item);
  const title = <NotificationTitle html={item.title} />;
  return (
    <li className={`${styles.item} ${item.seen ? '' : styles.unseen}`} data-seen={item.seen}>
      <img className={styles.icon} src={item.icons[0] || DEFAULT_ICON} alt="" width={40} height={40} />
      <div className={styles.text}>
        {href ? (
          <Link href={href} className={styles.link}>
            {title}
          </Link>
        ) : (
          <span className={styles.title}>{title}</span>
        )}
        <span className={styles.meta}>
          {!item.seen && <span className={styles.newLabel}>New</span>}
          <RelativeTime date={item.updatedAt} />
        </span>
      </div>
      <LazyMenu
        label="Notification options"
        triggerLabel="Notification options"
        triggerClassName={styles.menuButton}
        trigger={<Icon name="dots" size={20} />}
        items={() => [
          {
            kind: 'action',
            label: item.seen ? notificationMessages.markAsUnseen : notificationMessages.markAsSeen,
            icon: item.seen ? 'eye' : 'check',
            onSelect: () => onMarkSeen(item, !item.seen),
          },
          { kind: 'action', label: 'Delete', icon: 'trash', onSelect: () => onDelete(item) },
        ]}
      />
    </li>
  );
});
