import { Switch } from '../../../components/ui/Switch';
import { setDevicePreference, useDevicePreferences } from '../../../lib/device-preferences';
import styles from './Settings.module.css';

/**
 * Preferences of this device (secondary §3), kept in local storage: they apply at once, without Save,
 * and only here, so each browser can have its own.
 */
export function DeviceSettings() {
  const prefs = useDevicePreferences();
  return (
    <section className={styles.card} aria-labelledby="settings-device">
      <h2 id="settings-device" className={styles.cardTitle}>
        This device
      </h2>
      <p className={styles.cardNote}>These apply at once, on this device only.</p>
      <div className={styles.selectRow}>
        <label htmlFor="settings-feed-layout" className={styles.label}>
          Feed layout
        </label>
        <select
          id="settings-feed-layout"
          className={styles.select}
          value={prefs.feedLayout}
          onChange={(e) =>
            setDevicePreference('feedLayout', e.target.value === 'compact' ? 'compact' : 'card')
          }
        >
          <option value="card">Card</option>
          <option value="compact">Compact</option>
        </select>
      </div>
      <div className={styles.selectRow}>
        <label htmlFor="settings-font" className={styles.label}>
          Font
        </label>
        <select
          id="settings-font"
          className={styles.select}
          value={prefs.font}
          onChange={(e) => setDevicePreference('font', e.target.value === 'system' ? 'system' : 'custom')}
        >
          <option value="custom">Site font</option>
          <option value="system">System font</option>
        </select>
      </div>
      <Switch
        label="Hide the top bar while scrolling down"
        description="On small screens."
        checked={!prefs.navbarAutohideDisabled}
        onChange={(on) => setDevicePreference('navbarAutohideDisabled', !on)}
      />
      <Switch
        label="Infinite scrolling"
        description="When off, a More button loads the next posts."
        checked={!prefs.infiniteScrollingDisabled}
        onChange={(on) => setDevicePreference('infiniteScrollingDisabled', !on)}
      />
    </section>
  );
}
