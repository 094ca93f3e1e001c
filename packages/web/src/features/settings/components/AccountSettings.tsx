import { useId, useState, type FormEvent } from 'react';
import { limits, type User } from '@commons/shared';
import { settingsMessages } from '@commons/shared/texts/settings';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { Switch } from '../../../components/ui/Switch';
import { TextField } from '../../../components/ui/TextField';
import { isNearLimit, TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { PictureEditor } from '../../profiles';
import { useUpdateProfile, type ProfileSettings } from '../api/update-profile';
import { emailProblem, settingsChanged, settingsOf } from './settings-form';
import styles from './Settings.module.css';

/**
 * The account fields and the preferences stored on the account (secondary §2, §3), saved together with
 * one Save, enabled only when something differs from what is stored. The answer becomes the session's
 * user, so the home feed, embeds, pictures and the editor follow at once.
 */
export function AccountSettings({ user }: { user: User }) {
  const saved = settingsOf(user);
  const [form, setForm] = useState<ProfileSettings>(saved);
  const [emailError, setEmailError] = useState<string | null>(null);
  const about = useTextLimit(limits.aboutMeMax);
  const update = useUpdateProfile();
  const aboutId = useId();
  const changed = settingsChanged(form, saved);

  const set = <K extends keyof ProfileSettings>(key: K, value: ProfileSettings[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(form.email);
    setEmailError(problem);
    if (problem || !changed) return;
    const sent = { ...form, email: form.email.trim() };
    update.mutate(sent, {
      onSuccess: () => {
        setForm(sent);
        about.reset();
        showAlert(settingsMessages.saved, { tone: 'success' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'invalid-email')
          setEmailError(settingsMessages.emailInvalid);
        else showAlert(errorText(error), { tone: 'error' });
      },
    });
  };

  return (
    <>
      {/* Outside the form: the picture's alt text is a form of its own, saved on its own. */}
      <section className={styles.card} aria-labelledby="settings-picture">
        <h2 id="settings-picture" className={styles.cardTitle}>
          Profile picture
        </h2>
        <div className={styles.picture}>
          <Avatar name={user.username} image={user.proPic} size={64} />
          <PictureEditor key={user.proPic?.id ?? 'none'} user={user} />
        </div>
      </section>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <section className={styles.card} aria-labelledby="settings-profile">
          <h2 id="settings-profile" className={styles.cardTitle}>
            Profile
          </h2>
          <TextField label="Username" value={user.username} readOnly />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={form.email}
            error={emailError}
            onChange={(e) => {
              set('email', e.target.value);
              if (emailError) setEmailError(null);
            }}
            onBlur={() => setEmailError(emailProblem(form.email))}
          />
          <div className={styles.field}>
            <label htmlFor={aboutId} className={styles.label}>
              About me
            </label>
            <textarea
              id={aboutId}
              className={styles.textarea}
              rows={5}
              dir="auto"
              value={form.aboutMe}
              aria-describedby={isNearLimit(form.aboutMe, limits.aboutMeMax) ? `${aboutId}-limit` : undefined}
              onChange={(e) => set('aboutMe', about.clip(e.target.value))}
            />
            <TextLimit id={`${aboutId}-limit`} value={form.aboutMe} max={limits.aboutMeMax} cut={about.cut} />
          </div>
        </section>

        <section className={styles.card} aria-labelledby="settings-preferences">
          <h2 id="settings-preferences" className={styles.cardTitle}>
            Preferences
          </h2>
          <div className={styles.selectRow}>
            <label htmlFor="settings-home-feed" className={styles.label}>
              Home feed
            </label>
            <select
              id="settings-home-feed"
              className={styles.select}
              value={form.homeFeed}
              onChange={(e) => set('homeFeed', e.target.value === 'subscriptions' ? 'subscriptions' : 'all')}
            >
              <option value="all">All</option>
              <option value="subscriptions">Subscriptions</option>
            </select>
          </div>
          <Switch
            label="Remember last feed sort"
            checked={form.rememberFeedSort}
            onChange={(v) => set('rememberFeedSort', v)}
          />
          <Switch
            label="Turn off embeds"
            description="Links to videos show as links, without a player."
            checked={form.embedsOff}
            onChange={(v) => set('embedsOff', v)}
          />
          <Switch
            label="Hide user profile pictures"
            checked={form.hideUserProfilePictures}
            onChange={(v) => set('hideUserProfilePictures', v)}
          />
          <Switch
            label="Require alt text on images"
            description="Image posts cannot be submitted until every image has alt text."
            checked={form.requireAltText}
            onChange={(v) => set('requireAltText', v)}
          />
        </section>

        <section className={styles.card} aria-labelledby="settings-notifications">
          <h2 id="settings-notifications" className={styles.cardTitle}>
            Notifications
          </h2>
          <Switch
            label="Turn off upvote notifications"
            checked={form.upvoteNotificationsOff}
            onChange={(v) => set('upvoteNotificationsOff', v)}
          />
          <Switch
            label="Turn off reply notifications"
            checked={form.replyNotificationsOff}
            onChange={(v) => set('replyNotificationsOff', v)}
          />
        </section>

        <div className={`${styles.saveBar} ${changed ? styles.dirty : ''}`}>
          {changed && <p className={styles.unsaved}>You have unsaved changes.</p>}
          <Button type="submit" variant="primary" disabled={!changed || update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </>
  );
}
