import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { charLength, limits, messages, type Community } from '@commons/shared';
import { settingsMessages } from '@commons/shared/texts/settings';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { Switch } from '../../../components/ui/Switch';
import { TextField } from '../../../components/ui/TextField';
import { TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { useSaveCommunitySettings, type CommunitySettings } from '../api/update-community';
import type { CommunityImageKind } from '../api/community-images';
import { CommunityImageDialog } from './CommunityImageDialog';
import { settingsChanged, settingsOf } from './settings-form';
import styles from './Modtools.module.css';

// With the moderation log's chunk, which its texts live in.
const HideNamesSwitch = lazy(() => import('../../modlog').then((m) => ({ default: m.HideNamesSwitch })));

/**
 * Community settings (secondary §2): the name (read-only), the picture and banner dialogs, the
 * description (2000, with a counter), who may post, and for admins the default-community flag; one
 * Save, enabled only when something changed.
 */
export function SettingsTab({ community, admin }: { community: Community; admin: boolean }) {
  const id = useId();
  const saved = settingsOf(community);
  const [form, setForm] = useState<CommunitySettings>(saved);
  const [dialog, setDialog] = useState<CommunityImageKind | null>(null);
  const aboutLimit = useTextLimit(limits.communityAboutMax);
  const save = useSaveCommunitySettings(community);
  const changed = settingsChanged(form, saved);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    save.mutate(form, {
      onSuccess: () => showAlert(settingsMessages.saved, { tone: 'success' }),
      onError: (error) => showAlert(errorText(error), { tone: 'error' }),
    });
  };

  return (
    <>
      <section className={styles.card} aria-labelledby={`${id}-images`}>
        <h2 id={`${id}-images`} className={styles.cardTitle}>
          Images
        </h2>
        <div className={styles.images}>
          <div className={styles.imageBox}>
            <span className={styles.label}>Profile picture</span>
            <Avatar kind="community" name={community.name} image={community.proPic} size={72} />
            <Button size="sm" onClick={() => setDialog('pro_pic')}>
              Edit profile picture
            </Button>
          </div>
          <div className={styles.imageBox}>
            <span className={styles.label}>Banner image</span>
            {community.bannerImage ? (
              <img
                className={styles.bannerPreview}
                src={community.bannerImage.url}
                alt={community.bannerImage.altText ?? ''}
              />
            ) : (
              <div className={styles.bannerPreview} />
            )}
            <Button size="sm" onClick={() => setDialog('banner_image')}>
              Edit banner image
            </Button>
          </div>
        </div>
      </section>
      <form className={styles.content} onSubmit={onSubmit} noValidate>
        <section className={styles.card} aria-labelledby={`${id}-general`}>
          <h2 id={`${id}-general`} className={styles.cardTitle}>
            General
          </h2>
          <TextField label="Name" value={community.name} readOnly />
          <div className={styles.field}>
            <div className={styles.labelRow}>
              <label htmlFor={`${id}-about`} className={styles.label}>
                Description
              </label>
              <span id={`${id}-count`} className={styles.counter}>
                <span className="visually-hidden">Characters used: </span>
                {charLength(form.about)}/{limits.communityAboutMax}
              </span>
            </div>
            <textarea
              id={`${id}-about`}
              className={styles.textarea}
              rows={6}
              dir="auto"
              value={form.about}
              aria-describedby={`${id}-count`}
              onChange={(e) => setForm((f) => ({ ...f, about: aboutLimit.clip(e.target.value) }))}
            />
            <TextLimit
              id={`${id}-left`}
              value={form.about}
              max={limits.communityAboutMax}
              cut={aboutLimit.cut}
              counter={false}
            />
          </div>
          <Switch
            label={messages.communities.onlyModsCanPost}
            checked={form.postingRestricted}
            onChange={(v) => setForm((f) => ({ ...f, postingRestricted: v }))}
          />
          <Suspense fallback={null}>
            <HideNamesSwitch
              checked={form.modlogHideNames}
              onChange={(v) => setForm((f) => ({ ...f, modlogHideNames: v }))}
            />
          </Suspense>
          {admin && (
            <Switch
              label="Default community"
              description="New members join it at signup, and guests see it in the sidebar."
              checked={form.isDefault}
              onChange={(v) => setForm((f) => ({ ...f, isDefault: v }))}
            />
          )}
        </section>
        <div className={styles.saveBar}>
          <Button type="submit" variant="primary" disabled={!changed || save.isPending}>
            Save
          </Button>
        </div>
      </form>
      {dialog && (
        <CommunityImageDialog
          community={community}
          kind={dialog}
          open
          onOpenChange={(o) => !o && setDialog(null)}
        />
      )}
    </>
  );
}
