import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { limits, messages, type Community, type Image } from '@commons/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import { Modal } from '../../../components/ui/Modal';
import { showAlert } from '../../../components/ui/Toasts';
import { siteConfig } from '../../../app/site-config';
import { ApiError, errorText } from '../../../lib/api-client';
import { useCommunityAltText, useCommunityImage, type CommunityImageKind } from '../api/community-images';
import styles from './Modtools.module.css';

/** The spec's texts for a refused community image (secondary §8); others go to the generic alert. */
export function imageErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'file_size_exceeded') return messages.images.fileTooLarge;
    if (error.code === 'unsupported_image' || error.code === 'unsupported-image-format')
      return messages.images.unsupported;
    if (error.status === 403 && error.body?.message) return error.body.message;
  }
  return errorText(error);
}

const TITLES: Record<CommunityImageKind, string> = {
  pro_pic: 'Edit profile picture',
  banner_image: 'Edit banner image',
};

/**
 * The edit community icon and banner modal (secondary §2): upload with its progress, delete, and the
 * image's alt text ('Alt text saved.').
 */
export function CommunityImageDialog({
  community,
  kind,
  open,
  onOpenChange,
}: {
  community: Community;
  kind: CommunityImageKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const image: Image | null = kind === 'pro_pic' ? community.proPic : community.bannerImage;
  const { send, remove } = useCommunityImage(community, kind);
  const altText = useCommunityAltText(community);
  const altLimit = useTextLimit(limits.altTextMax);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [alt, setAlt] = useState<{ imageId: string | null; text: string }>({
    imageId: image?.id ?? null,
    text: image?.altText ?? '',
  });
  // A new image comes with its own alt text.
  if ((image?.id ?? null) !== alt.imageId) setAlt({ imageId: image?.id ?? null, text: image?.altText ?? '' });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (file.size > siteConfig.maxImageSize) {
      setProblem(messages.images.fileTooLarge);
      return;
    }
    setProgress(0);
    send.mutate(
      { file, onProgress: setProgress },
      {
        onError: (error) => setProblem(imageErrorText(error)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const saveAlt = (event: FormEvent) => {
    event.preventDefault();
    if (!image) return;
    altText.mutate(
      { imageId: image.id, altText: alt.text },
      {
        onSuccess: () => showAlert(messages.images.altTextSaved, { tone: 'success' }),
        onError: (error) => showAlert(errorText(error), { tone: 'error' }),
      },
    );
  };

  const busy = send.isPending || remove.isPending;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={TITLES[kind]}>
      <div className={styles.imageBox}>
        {kind === 'pro_pic' ? (
          <Avatar kind="community" name={community.name} image={community.proPic} size={96} />
        ) : image ? (
          <img className={styles.bannerPreview} src={image.url} alt={image.altText ?? ''} />
        ) : (
          <div className={styles.bannerPreview} />
        )}
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="visually-hidden"
          // The button beside it opens it: the keyboard stops there, not on an invisible field.
          tabIndex={-1}
          aria-label={kind === 'pro_pic' ? 'Upload a profile picture' : 'Upload a banner image'}
          onChange={onFile}
        />
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => input.current?.click()} disabled={busy}>
            {image ? 'Upload new' : 'Upload'}
          </Button>
          {image && (
            <Button
              variant="danger"
              disabled={busy}
              onClick={() => {
                setProblem(null);
                remove.mutate(undefined, { onError: (error) => setProblem(imageErrorText(error)) });
              }}
            >
              Delete
            </Button>
          )}
        </div>
        {progress !== null && (
          <progress
            className={styles.progress}
            max={1}
            value={progress}
            aria-label={`Uploading: ${Math.round(progress * 100)}%`}
          />
        )}
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        {image && (
          <form className={styles.form} onSubmit={saveAlt} style={{ width: '100%' }}>
            <div className={styles.field} style={{ marginBottom: 0 }}>
              <label htmlFor={`${id}-alt`} className={styles.label}>
                Alt text
              </label>
              <input
                id={`${id}-alt`}
                className={styles.input}
                value={alt.text}
                placeholder={messages.posts.altTextPlaceholder}
                aria-describedby={`${id}-alt-left`}
                // Counted in characters, as the server counts: maxLength counts UTF-16 units (an
                // emoji is two).
                onChange={(e) => setAlt({ imageId: image.id, text: altLimit.clip(e.target.value) })}
              />
              <TextLimit id={`${id}-alt-left`} value={alt.text} max={limits.altTextMax} cut={altLimit.cut} />
            </div>
            <Button type="submit" disabled={altText.isPending}>
              Save alt text
            </Button>
          </form>
        )}
      </div>
    </Modal>
  );
}
