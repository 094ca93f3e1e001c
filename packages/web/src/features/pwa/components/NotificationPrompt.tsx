import { useEffect, useRef, useState } from 'react';
import { notificationMessages } from '@commons/shared';
import { pwaMessages } from '@commons/shared/pwa-messages';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { showAlert } from '../../../components/ui/Toasts';
import { useIsMobileLayout } from '../../../lib/device';
import { storage } from '../../../lib/storage';
import { useCurrentUser, useInitial } from '../../session';
import { notificationAskDue } from '../prompt-rules';
import { isPushSupported, subscribeToPush } from '../push';
import styles from './Prompts.module.css';

const refused = () => showAlert(notificationMessages.pushUnsupported, { tone: 'error' });

/**
 * 'Turn on notifications' (secondary §4): for a member, when the server has a push key, on mobile, when
 * the browser supports push, permission is not granted yet and the last ask (recorded on close) is over
 * 30 days old. With permission already granted, the subscription is refreshed without asking.
 */
export function NotificationPrompt() {
  const { vapidPublicKey } = useInitial();
  const loggedIn = useCurrentUser() !== null;
  const mobile = useIsMobileLayout();
  // Whether the last ask is old enough, read once: closing the prompt records a new ask.
  const [due] = useState(() => notificationAskDue(storage.get('notifPermsLastAskedAt'), Date.now()));
  const [closed, setClosed] = useState(false);
  const canPush = loggedIn && vapidPublicKey !== '' && isPushSupported();
  const [permission, setPermission] = useState(() =>
    isPushSupported() ? Notification.permission : 'default',
  );
  const askedNow = useRef(false);
  const open = canPush && permission !== 'granted' && mobile && due && !closed;

  // Granted (earlier, or just now): subscribe and send it. Silent, unless the member just said yes.
  useEffect(() => {
    if (!canPush || permission !== 'granted') return;
    subscribeToPush(vapidPublicKey).catch(() => {
      if (askedNow.current) refused();
    });
  }, [canPush, permission, vapidPublicKey]);

  const close = () => {
    storage.set('notifPermsLastAskedAt', String(Date.now()));
    setClosed(true);
  };

  const accept = () => {
    close();
    askedNow.current = true;
    // Asked inside the click, as browsers require.
    Notification.requestPermission().then((answer) => {
      if (answer !== 'granted') refused();
      setPermission(answer);
    }, refused);
  };

  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title={notificationMessages.turnOn}>
      <p className={styles.body}>{pwaMessages.notificationsBody}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={close}>
          {pwaMessages.notificationsDecline}
        </Button>
        <Button variant="primary" onClick={accept}>
          {pwaMessages.notificationsAccept}
        </Button>
      </div>
    </Modal>
  );
}
