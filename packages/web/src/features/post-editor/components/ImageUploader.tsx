import { useId, useRef, useState, type DragEvent } from 'react';
import { limits, messages } from '@commons/shared';
import { siteConfig } from '../../../app/site-config';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/Icon';
import { isNearLimit, TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import styles from './PostEditor.module.css';
import type { UploadItem } from './use-image-uploads';

interface Props {
  items: UploadItem[];
  /** Returns false when the files were refused (too many). */
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onAltText: (key: string, altText: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
}

function statusText(item: UploadItem): string {
  if (item.status === 'waiting') return 'Waiting to upload';
  if (item.status === 'uploading') return `Uploading, ${Math.round(item.progress * 100)}%`;
  return 'Uploaded';
}

/** An image's alt text, which says so when a paste is cut to the limit. */
function AltTextField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const limit = useTextLimit(limits.altTextMax);
  return (
    <>
      <textarea
        id={id}
        className={styles.altInput}
        rows={2}
        placeholder={messages.posts.altTextPlaceholder}
        value={value}
        aria-describedby={isNearLimit(value, limits.altTextMax) ? `${id}-left` : undefined}
        onChange={(event) => onChange(limit.clip(event.target.value))}
      />
      <TextLimit id={`${id}-left`} value={value} max={limits.altTextMax} cut={limit.cut} />
    </>
  );
}

/**
 * The image tab (core §2, §5): a drop zone that opens the file chooser (images only) or takes dropped
 * files, then the images in order, each with its upload progress, a delete button (confirmed) and its
 * alt text.
 */
export function ImageUploader({ items, onAdd, onRemove, onAltText, invalid, describedBy }: Props) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  /**
   * After a deletion the focus goes to the next image's delete button (or the one before, or the drop
   * zone), once the dialog has finished returning it.
   */
  const focusAfterDelete = (index: number) => {
    setTimeout(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[data-delete]') ?? [];
      const target = buttons[Math.min(index, buttons.length - 1)] ?? fileInput.current;
      target?.focus();
    }, 0);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onAdd([...event.dataTransfer.files]);
  };

  return (
    <div className={styles.images}>
      <label
        className={`${styles.dropZone} ${dragging ? styles.dragging : ''} ${invalid ? styles.dropZoneInvalid : ''}`}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          // Hidden from sight, not from the keyboard: its focus shows on the drop zone around it.
          className="visually-hidden"
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, `${id}-hint`].filter(Boolean).join(' ')}
          onChange={(event) => {
            onAdd([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <Icon name="plus" size={26} />
        <span className={styles.dropTitle}>{messages.posts.addPhoto}</span>
        <span className={styles.dropText}>{messages.posts.dragAndDrop}</span>
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        Up to {siteConfig.maxImagesPerPost} images. You can also paste images.
      </p>
      {items.length > 0 && (
        <ol ref={list} className={styles.thumbs} aria-label="Images">
          {items.map((item, i) => (
            <li key={item.key} className={styles.thumb}>
              <div className={styles.thumbImage}>
                <img src={item.previewUrl} alt={item.altText || `Image ${i + 1}`} />
                <button
                  type="button"
                  className={styles.thumbDelete}
                  data-delete
                  aria-label={`Delete image ${i + 1}`}
                  onClick={() => setDeleting(item.key)}
                >
                  <Icon name="close" size={16} />
                </button>
                {item.status !== 'done' && (
                  <div className={styles.progress}>
                    <div
                      role="progressbar"
                      aria-label={`Upload of image ${i + 1}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(item.progress * 100)}
                      aria-valuetext={statusText(item)}
                      className={styles.progressTrack}
                    >
                      <div className={styles.progressBar} style={{ width: `${item.progress * 100}%` }} />
                    </div>
                  </div>
                )}
              </div>
              <label className={styles.altLabel} htmlFor={`${id}-alt-${item.key}`}>
                Alt text <span className="visually-hidden">for image {i + 1}</span>
              </label>
              <AltTextField
                id={`${id}-alt-${item.key}`}
                value={item.altText}
                onChange={(altText) => onAltText(item.key, altText)}
              />
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={messages.posts.deleteImageConfirm}
        confirmLabel="Delete"
        danger
        onConfirm={() => {
          if (deleting) {
            focusAfterDelete(items.findIndex((item) => item.key === deleting));
            onRemove(deleting);
          }
          setDeleting(null);
        }}
      />
    </div>
  );
}
