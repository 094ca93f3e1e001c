import { useEffect, useState, useSyncExternalStore } from 'react';
import { notificationMessages, ui } from '@commons/shared';
import { pwaMessages } from '@commons/shared/pwa-messages';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { useIsMobileLayout } from '../../../lib/device';
import { storage } from '../../../lib/storage';
import { updatePromptDue } from '../prompt-rules';
import { activateUpdate, subscribeToUpdate, waitingWorker } from '../service-worker';
import styles from './Prompts.module.css';

/**
 * 'Update available!' (secondary §2, §4): while a new worker waits, checked every 10 s, on mobile only,
 * and not within 20 minutes of the last time it showed (`update_prompt_displayed_at`).
 */
export function UpdatePrompt() {
  const worker = useSyncExternalStore(subscribeToUpdate, waitingWorker, () => null);
  const mobile = useIsMobileLayout();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!worker || !mobile || open) return;
    const show = () => {
      const now = Date.now();
      if (!updatePromptDue(storage.get('update_prompt_displayed_at'), now)) return;
      storage.set('update_prompt_displayed_at', String(now));
      setOpen(true);
    };
    show();
    const timer = setInterval(show, ui.updateCheckMs);
    return () => clearInterval(timer);
  }, [worker, mobile, open]);

  return (
    <Modal open={open} onOpenChange={setOpen} title={notificationMessages.updateAvailable}>
      <p className={styles.body}>{pwaMessages.updateBody}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {pwaMessages.later}
        </Button>
        <Button variant="primary" onClick={activateUpdate}>
          {pwaMessages.updateNow}
        </Button>
      </div>
    </Modal>
  );
}
