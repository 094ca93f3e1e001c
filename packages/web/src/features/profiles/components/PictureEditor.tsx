import { useId, useRef, useState, type ChangeEvent } from 'react';
import { limits, messages, type User } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useAltText, useProfilePicture } from '../api/profile-picture';
import styles from './Profile.module.css';

/**
 * The owner's profile picture (core §2, §7): upload, remove, and its alt text. On the profile page and
 * in the settings (secondary §2), the same calls and the same messages.
 */
export function PictureEditor({ user }: { user: User }) {
  const picture = useProfilePicture(user.username);
  const altText = useAltText();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const altLimit = useTextLimit(limits.altTextMax);
  const pictureId = user.proPic?.id ?? null;
  const [alt, setAlt] = useState({ imageId: pictureId, text: user.proPic?.altText ?? '' });
  // A new picture comes with its own alt text (none): the old one's would describe what is gone.
  if (pictureId !== alt.imageId) setAlt({ imageId: pictureId, text: user.proPic?.altText ?? '' });
  const fail = (error: unknown) =>
    showAlert(error instanceof ApiError && error.body ? error.body.message : errorText(error), {
      tone: 'error',
    });
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) picture.mutate(file, { onError: fail });
  };
  return (
    <div className={styles.pictureEditor}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        // The button beside it opens it: the keyboard stops there, not on an invisible field.
        tabIndex={-1}
        aria-label="Upload a profile picture"
        onChange={onFile}
      />
      <Button size="sm" onClick={() => input.current?.click()} disabled={picture.isPending}>
        {user.proPic ? 'Change picture' : 'Add picture'}
      </Button>
      {user.proPic && (
        <>
          <Button size="sm" variant="ghost" onClick={() => picture.mutate(null, { onError: fail })}>
            Remove picture
          </Button>
          <form
            className={styles.altForm}
            onSubmit={(event) => {
              event.preventDefault();
              altText.mutate(
                { imageId: user.proPic!.id, altText: alt.text },
                { onSuccess: () => showAlert(messages.images.altTextSaved), onError: fail },
              );
            }}
          >
            <input
              className={styles.input}
              value={alt.text}
              placeholder={messages.posts.altTextPlaceholder}
              aria-label="Alt text of your picture"
              aria-describedby={`${id}-alt-left`}
              onChange={(e) => setAlt({ imageId: pictureId, text: altLimit.clip(e.target.value) })}
            />
            <Button size="sm" type="submit" disabled={altText.isPending}>
              Save alt text
            </Button>
          </form>
          <TextLimit id={`${id}-alt-left`} value={alt.text} max={limits.altTextMax} cut={altLimit.cut} />
        </>
      )}
    </div>
  );
}
