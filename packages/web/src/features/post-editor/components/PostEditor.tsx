import { messages } from '@commons/shared';
import type { FormEvent, KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { CommunityPicker } from '../../communities';
import { EditorSidebar } from './EditorSidebar';
import styles from './PostEditor.module.css';
import { BodyField, FieldError, ImagesField, LinkField, PostImages, TitleField } from './PostEditorFields';
import { postTypeTabId, PostTypeTabs } from './PostTypeTabs';
import { SpeakingAs } from './SpeakingAs';
import { usePostEditor, type EditorMode } from './use-post-editor';

export type { EditorMode } from './use-post-editor';

/**
 * The post editor (core §2 "Post create and edit screen"): a community chosen by search, the Text,
 * Image and Link tabs, title and body (markdown), images with upload progress and alt text, a link whose
 * page title fills an empty title, speaking as moderator or admin, the checks of core §5 in order, and
 * the chosen community's description and rules beside it. Ctrl+Enter (Cmd+Enter) submits; Cancel, an
 * in-app link or closing the tab asks before dropping changes, and the unsent text is kept on the device
 * until it is sent or discarded. Editing changes only the title and the body.
 */
export function PostEditor({ mode }: { mode: EditorMode }) {
  const editor = usePostEditor(mode);
  const { ids, post, editing, community, type, submitting, submit } = editor;

  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <h1 className={styles.heading}>{editing ? 'Edit post' : 'Create post'}</h1>
        {post && (
          <p className={styles.lead}>
            Only the title{post.type === 'text' ? ' and the body' : ''} can be changed.
          </p>
        )}
        <form
          className={styles.form}
          noValidate
          aria-label={editing ? 'Edit post' : 'Create post'}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void submit();
          }}
          onKeyDown={onFormKeyDown}
        >
          <div className={styles.field}>
            <CommunityPicker
              id={ids.community}
              label="Community"
              value={community}
              onChange={editor.chooseCommunity}
              disabled={editing}
              invalid={editor.invalid('community')}
              describedBy={editor.describedBy('community')}
              placeholder="Choose a community"
            />
            <FieldError editor={editor} field="community" />
          </div>

          <div className={styles.card}>
            <PostTypeTabs
              base={ids.base}
              panelId={ids.panel}
              type={type}
              onChange={editor.setType}
              disabled={editing}
            />
            <div
              role="tabpanel"
              id={ids.panel}
              aria-labelledby={postTypeTabId(ids.base, type)}
              className={styles.panel}
            >
              <TitleField editor={editor} />
              {type === 'text' && (!post || post.type === 'text') && <BodyField editor={editor} />}
              {type === 'image' && (post ? <PostImages post={post} /> : <ImagesField editor={editor} />)}
              {type === 'link' && <LinkField editor={editor} />}
            </div>
          </div>

          <SpeakingAs
            groups={editor.speakingGroups}
            value={editor.speaking}
            onChange={editor.setSpeaking}
            disabled={editing}
          />

          <FieldError editor={editor} field="form" />

          <div className={styles.actions}>
            <p className={styles.shortcut}>
              <kbd>Ctrl</kbd> + <kbd>Enter</kbd> submits
            </p>
            <Button onClick={editor.cancel}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={submitting} aria-busy={submitting || undefined}>
              {submitting ? 'Submitting…' : 'Submit'}
            </Button>
          </div>
        </form>
      </div>

      <aside className={styles.aside} aria-label="Community">
        <EditorSidebar community={community} />
      </aside>

      <ConfirmDialog
        open={editor.confirmLeave}
        onOpenChange={editor.onConfirmLeaveChange}
        title={messages.posts.leaveConfirm}
        confirmLabel="Leave"
        danger
        onConfirm={editor.confirmLeaving}
      />
    </div>
  );
}
