import { messages } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { siteConfig } from '../../../app/site-config';
import { useAuthDialogs } from './AuthDialogs';
import styles from './WelcomeCard.module.css';

/** For guests: "Join the discussion" with a Create account button (core §2). */
export function WelcomeCard() {
  const { openSignup } = useAuthDialogs();
  return (
    <section className={styles.card} aria-labelledby="welcome-title">
      <h2 id="welcome-title" className={styles.title}>
        {messages.common.joinTheDiscussion}
      </h2>
      <p className={styles.text}>
        {siteConfig.siteName} is a place to share links, ask questions and talk in communities. Free to join,
        no ads, no tracking.
      </p>
      <Button variant="primary" block onClick={openSignup}>
        {messages.common.createAccount}
      </Button>
    </section>
  );
}
