import { messages } from '@commons/shared';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { siteConfig } from '../../../app/site-config';
import styles from './AuthForm.module.css';

/** "Login to continue" (core §2): Login keeps where the guest was, Signup opens the signup modal. */
export default function LoginPrompt({ onClose, onSignup }: { onClose: () => void; onSignup: () => void }) {
  const [location, navigate] = useLocation();
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={messages.common.loginToContinue}>
      <p className={styles.lead}>You need an account on {siteConfig.siteName} to do that.</p>
      <div className={styles.actions}>
        <Button
          variant="primary"
          onClick={() => {
            onClose();
            navigate(`/login?redirect=${encodeURIComponent(location + window.location.search)}`);
          }}
        >
          Login
        </Button>
        <Button onClick={onSignup}>Signup</Button>
      </div>
    </Modal>
  );
}
