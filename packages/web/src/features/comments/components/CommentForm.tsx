import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { limits, messages } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { isNearLimit, TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import { clearDraft, draftKeys, hasDraft, loadDraft, useKeptDraft } from '../../../lib/drafts';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useCurrentUser } from '../../session';
import type { Capacity } from '../comment-tree';
import styles from './Comments.module.css';

interface Props {
  label: string;
  initial?: string;
  submitLabel: string;
  busy: boolean;
  /** Resolves when the comment is stored; a rejection keeps the text for another try. */
  onSubmit: (body: string, group: Capacity) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** The capacities the writer may choose from (moderators and admins); none: as themselves. */
  groups?: Capacity[] | null;
  /** The capacity chosen at first: an edited comment's own. */
  initialGroup?: Capacity;
  /** Where the unsent text is kept on the device (lib/drafts `draftKeys`), to survive a reload. */
  draftKey?: string;
}

const GROUP_LABELS: Record<Capacity, string> = {
  normal: 'Speaking as user',
  mods: 'Speaking as moderator',
  admins: 'Speaking as admin',
};

/** The capacity select of moderators and admins, in the box for a new comment, a reply or an edit. */
function GroupSelect({
  groups,
  value,
  disabled,
  onChange,
}: {
  groups: Capacity[];
  value: Capacity;
  disabled?: boolean;
  onChange: (group: Capacity) => void;
}) {
  return (
    <select
      className={styles.groupSelect}
      aria-label="Speaking as"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as Capacity)}
    >
      {groups.map((g) => (
        <option key={g} value={g}>
          {GROUP_LABELS[g]}
        </option>
      ))}
    </select>
  );
}

/** Where each comment box keeps its draft: by post, and by the comment replied to or edited. */
export const commentDraftKeys = {
  newComment: (postId: string) => draftKeys.comment(postId, null),
  reply: (postId: string, commentId: string) => draftKeys.comment(postId, commentId),
  edit: (postId: string, commentId: string) => draftKeys.editComment(postId, commentId),
};

/** A reply or edit left unsent opens again where it was written, after a reload. */
export function draftedMode(
  postId: string,
  commentId: string,
  userId: string | null,
): 'read' | 'reply' | 'edit' {
  if (hasDraft(commentDraftKeys.edit(postId, commentId), userId)) return 'edit';
  if (hasDraft(commentDraftKeys.reply(postId, commentId), userId)) return 'reply';
  return 'read';
}

/**
 * The box for a new comment, a reply or an edit. Ctrl+Enter sends; an empty body is refused here.
 * Moderators and admins choose whom they speak for. One submission at a time: the box waits for the
 * answer. Unsent text is kept as a draft until it is sent or the box is cancelled.
 */
export function CommentForm({
  label,
  initial = '',
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  autoFocus,
  groups,
  initialGroup = 'normal',
  draftKey,
}: Props) {
  const userId = useCurrentUser()?.id ?? null;
  const [body, setBody] = useState(() => (draftKey && loadDraft<string>(draftKey, userId)) || initial);
  const [group, setGroup] = useState<Capacity>(initialGroup);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const flight = useSingleFlight();
  const limit = useTextLimit(limits.commentBodyMax);
  const working = busy || flight.busy;
  useKeptDraft(draftKey, userId, body, body.trim() !== '' && body !== initial);

  const discardDraft = () => {
    if (draftKey) clearDraft(draftKey, userId);
  };

  const submit = () =>
    flight.run(async () => {
      if (busy) return;
      // The send button is disabled while sending, which drops its focus to the page's start: the
      // keyboard stays in the box instead (readOnly meanwhile, and ready for the next comment).
      const active = document.activeElement;
      if (
        active instanceof HTMLButtonElement &&
        active.type === 'submit' &&
        textarea.current?.form?.contains(active)
      ) {
        textarea.current.focus();
      }
      if (!body.trim()) {
        setProblem(messages.comments.bodyEmpty);
        return;
      }
      setProblem(null);
      try {
        await onSubmit(body.trim(), group);
        // The box may be gone already (a reply or edit closes): the draft goes here, not by the effect.
        discardDraft();
        setBody('');
        limit.reset();
      } catch (error) {
        setProblem(error instanceof Error ? error.message : messages.common.somethingWentWrong);
      }
    });
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={styles.form} onSubmit={onFormSubmit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        ref={textarea}
        id={id}
        className={styles.textarea}
        value={body}
        placeholder={label}
        rows={3}
        // A reply or edit box opens where the reader asked for it.
        autoFocus={autoFocus}
        // Text typed while sending would be wiped by the cleared box.
        readOnly={working}
        aria-invalid={problem ? true : undefined}
        aria-describedby={
          [problem ? `${id}-problem` : null, isNearLimit(body, limits.commentBodyMax) ? `${id}-count` : null]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => setBody(limit.clip(event.target.value))}
        onKeyDown={onKeyDown}
      />
      <TextLimit id={`${id}-count`} value={body} max={limits.commentBodyMax} cut={limit.cut} />
      {problem && (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.formActions}>
        {groups && <GroupSelect groups={groups} value={group} onChange={setGroup} />}
        {onCancel && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              discardDraft();
              onCancel();
            }}
          >
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={working} aria-busy={working || undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
