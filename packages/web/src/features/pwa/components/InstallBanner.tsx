import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { pwaMessages } from '@commons/shared/texts/pwa';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { Modal } from '../../../components/ui/Modal';
import { siteConfig } from '../../../app/site-config';
import { storage } from '../../../lib/storage';
import { installPrompt, promptInstall, subscribeToInstallPrompt, wasInstalled } from '../install-prompt';
import { isIosSafari, isStandalone } from '../prompt-rules';
import styles from './Prompts.module.css';

/**
 * The install banner on the home page (secondary §4): Chromium's install dialog where the browser offers
 * one, the Add to Home Screen steps on iOS Safari (which has none). Dismissing it is remembered in
 * `neverShowInstallBanner`.
 */
export function InstallBanner() {
  const [location] = useLocation();
  const prompt = useSyncExternalStore(subscribeToInstallPrompt, installPrompt, () => null);
  const installed = useSyncExternalStore(subscribeToInstallPrompt, wasInstalled, () => false);
  const [dismissed, setDismissed] = useState(() => storage.get('neverShowInstallBanner') === 'true');
  const [iosSteps, setIosSteps] = useState(false);
  const ios = isIosSafari();

  const dismiss = () => {
    storage.set('neverShowInstallBanner', 'true');
    setDismissed(true);
    // The focused button goes with the banner: focus moves on to the page's content, not to the body.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  const install = () => {
    if (prompt) void promptInstall();
    else setIosSteps(true);
  };

  const shown = location === '/' && !dismissed && !installed && !isStandalone() && (prompt !== null || ios);
  return (
    <>
      {shown && (
        <section className={styles.banner} aria-label={pwaMessages.installTitle(siteConfig.siteName)}>
          <img className={styles.bannerIcon} src="/logo-manifest-192.png?v=2" alt="" width={40} height={40} />
          <div className={styles.bannerText}>
            <strong>{pwaMessages.installTitle(siteConfig.siteName)}</strong>
            <span>{pwaMessages.installBody}</span>
          </div>
          <Button variant="primary" onClick={install}>
            {pwaMessages.install}
          </Button>
          <button
            type="button"
            className={styles.bannerClose}
            onClick={dismiss}
            aria-label={pwaMessages.installDismiss}
          >
            <Icon name="close" size={18} />
          </button>
        </section>
      )}
      <Modal open={iosSteps} onOpenChange={setIosSteps} title={pwaMessages.iosStepsTitle}>
        <ol className={styles.steps}>
          <li>
            <Icon name="share" size={18} /> {pwaMessages.iosStepShare}
          </li>
          <li>
            <Icon name="plus" size={18} /> {pwaMessages.iosStepAdd}
          </li>
          <li>
            <Icon name="check" size={18} /> {pwaMessages.iosStepConfirm}
          </li>
        </ol>
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => setIosSteps(false)}>
            {pwaMessages.done}
          </Button>
        </div>
      </Modal>
    </>
  );
}
