import { useState } from 'react';
import type { User } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { MutedWordsSettings } from '../../mutes';
import { useInitial } from '../../session';
import { AccountSettings } from './AccountSettings';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { DeviceSettings } from './DeviceSettings';
import { MutedList } from './MutedList';
import styles from './Settings.module.css';

/**
 * The settings page (secondary §2): the account and its preferences (one Save), this device's
 * preferences, the mutes (communities, users, then words), then password and deletion.
 */
export function SettingsPage({ user }: { user: User }) {
  const { mutes } = useInitial();
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);
  const hidePictures = user.hideUserProfilePictures === true;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Settings</h1>
      <AccountSettings user={user} />
      <DeviceSettings />
      <MutedList type="community" mutes={mutes.communityMutes} hidePictures={hidePictures} />
      <MutedList type="user" mutes={mutes.userMutes} hidePictures={hidePictures} />
      <MutedWordsSettings />
      <section className={styles.card} aria-labelledby="settings-account">
        <h2 id="settings-account" className={styles.cardTitle}>
          Account
        </h2>
        <div className={styles.accountRow}>
          <div>
            <p className={styles.rowTitle}>Password</p>
            <p className={styles.cardNote}>Changing it logs you out everywhere else.</p>
          </div>
          <Button onClick={() => setDialog('password')}>Change password</Button>
        </div>
        <div className={styles.accountRow}>
          <div>
            <p className={styles.rowTitle}>Delete account</p>
            <p className={styles.cardNote}>Your posts and comments stay, without your name.</p>
          </div>
          <Button variant="danger" onClick={() => setDialog('delete')}>
            Delete account
          </Button>
        </div>
      </section>
      <ChangePasswordDialog
        open={dialog === 'password'}
        onOpenChange={(o) => setDialog(o ? 'password' : null)}
      />
      <DeleteAccountDialog
        user={user}
        open={dialog === 'delete'}
        onOpenChange={(o) => setDialog(o ? 'delete' : null)}
      />
    </div>
  );
}
