import { charLength, limits, type Post } from '@commons/shared';
import { Icon } from '../../../components/ui/Icon';
import { isNearLimit, TextLimit } from '../../../components/ui/TextLimit';
import type { Problem } from '../draft-rules';
import { ImageUploader } from './ImageUploader';
import styles from './PostEditor.module.css';
import type { PostEditorState } from './use-post-editor';

/** The fields of the editor; each reads and changes the editor's state. */
type FieldProps = { editor: PostEditorState };

/** The current problem's message, under the field it is about. */
export function FieldError({ editor, field }: FieldProps & { field: Problem['field'] }) {
  const { problem, ids } = editor;
  return problem?.field === field ? (
    <p id={ids.error} className={styles.error} role="alert">
      {problem.message}
    </p>
  ) : null;
}

export function TitleField({ editor }: FieldProps) {
  const { ids, title, setTitle, titleCut, invalid, describedBy } = editor;
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={ids.title} className={styles.label}>
          Title
        </label>
        <span id={ids.titleCount} className={styles.counter}>
          <span className="visually-hidden">Characters used: </span>
          {charLength(title)}/{limits.postTitleMax}
        </span>
      </div>
      <input
        id={ids.title}
        className={`${styles.input} ${invalid('title') ? styles.invalid : ''}`}
        value={title}
        autoComplete="off"
        aria-invalid={invalid('title') || undefined}
        aria-describedby={describedBy('title', ids.titleCount)}
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextLimit
        id={`${ids.title}-left`}
        value={title}
        max={limits.postTitleMax}
        cut={titleCut}
        counter={false}
      />
      <FieldError editor={editor} field="title" />
    </div>
  );
}

export function BodyField({ editor }: FieldProps) {
  const { ids, body, setBody, bodyCut, onBodyPaste } = editor;
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={ids.body} className={styles.label}>
          Body <span className={styles.optional}>(optional)</span>
        </label>
        <a href="/markdown-guide" target="_blank" rel="noopener" className={styles.helpLink}>
          Markdown help
          <Icon name="external" size={14} label="(opens in a new tab)" />
        </a>
      </div>
      <textarea
        id={ids.body}
        className={styles.textarea}
        rows={9}
        value={body}
        aria-describedby={isNearLimit(body, limits.postBodyMax) ? ids.bodyCount : undefined}
        onChange={(event) => setBody(event.target.value)}
        onPaste={onBodyPaste}
      />
      <TextLimit id={ids.bodyCount} value={body} max={limits.postBodyMax} cut={bodyCut} />
    </div>
  );
}

/** The images of a post being edited: shown, not changed. */
export function PostImages({ post }: { post: Post }) {
  return (
    <ul className={styles.thumbs} aria-label="Images">
      {post.images.map((image, i) => (
        <li key={image.id} className={styles.thumb}>
          <div className={styles.thumbImage}>
            <img
              src={image.copies.find((copy) => copy.name === 'small')?.url ?? image.url}
              alt={image.altText ?? `Image ${i + 1}`}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ImagesField({ editor }: FieldProps) {
  const { uploads, addImages, removeImage, invalid, describedBy } = editor;
  return (
    <div className={styles.field}>
      <ImageUploader
        items={uploads.items}
        onAdd={addImages}
        onRemove={removeImage}
        onAltText={uploads.setAltText}
        invalid={invalid('images')}
        describedBy={describedBy('images')}
      />
      <FieldError editor={editor} field="images" />
    </div>
  );
}

export function LinkField({ editor }: FieldProps) {
  const { ids, url, setUrl, urlFieldRef, lookUpTitle, editing, invalid, describedBy } = editor;
  return (
    <div className={styles.field}>
      <label htmlFor={ids.url} className={styles.label}>
        URL
      </label>
      <input
        id={ids.url}
        ref={urlFieldRef}
        className={`${styles.input} ${invalid('url') ? styles.invalid : ''}`}
        type="url"
        inputMode="url"
        placeholder="https://"
        autoComplete="off"
        spellCheck={false}
        value={url}
        disabled={editing}
        aria-invalid={invalid('url') || undefined}
        aria-describedby={describedBy('url')}
        onChange={(event) => setUrl(event.target.value)}
        onBlur={lookUpTitle}
      />
      <FieldError editor={editor} field="url" />
    </div>
  );
}
