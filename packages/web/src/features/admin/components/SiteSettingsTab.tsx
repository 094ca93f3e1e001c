import { useState } from 'react';
import { type SiteSettings } from '@commons/shared';
import { settingsMessages } from '@commons/shared/texts/settings';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { Switch } from '../../../components/ui/Switch';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { useSaveSiteSettings, useSiteSettings } from '../api/site-settings';
import styles from './Admin.module.css';
import { LoadFailed } from './Paging';

function SettingsForm({ saved }: { saved: SiteSettings }) {
  const save = useSaveSiteSettings();
  const [signupsDisabled, setSignupsDisabled] = useState(saved.signupsDisabled);
  const changed = signupsDisabled !== saved.signupsDisabled;
  return (
    <form
      className={styles.card}
      aria-label="Site settings"
      onSubmit={(event) => {
        event.preventDefault();
        // Saving remounts this form from the saved values (its key), which would drop mutate()'s own
        // callbacks: the promise still settles.
        void save.mutateAsync({ signupsDisabled, torBlocked: saved.torBlocked }).then(
          () => showAlert(settingsMessages.saved, { tone: 'success' }),
          (error: unknown) => showAlert(errorText(error), { tone: 'error' }),
        );
      }}
    >
      <Switch
        label="Disable signups"
        description="New accounts cannot be created while this is on; the signup form says so."
        checked={signupsDisabled}
        onChange={setSignupsDisabled}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** The dashboard's index (secondary §2): the site settings, signups open or closed, and Save. */
export function SiteSettingsTab() {
  const settings = useSiteSettings();
  if (settings.isPending) return <Skeleton lines={2} label="Loading site settings" />;
  if (settings.isError) return <LoadFailed error={settings.error} retry={settings.refetch} />;
  // Keyed by what was saved, so the form starts again from the server's values after each Save.
  return <SettingsForm key={String(settings.data.signupsDisabled)} saved={settings.data} />;
}
