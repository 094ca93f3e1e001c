import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { messages } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
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
}

const GROUP_LABELS: Record<Capacity, string> = {
  normal: 'Speaking as user',
  mods: 'Speaking as moderator',
  admins: 'Speaking as admin',
};

/** The capacity select of moderators and admins, for a new comment or one already written. */
export function GroupSelect({
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

/**
 * The box for a new comment, a reply or an edit. Ctrl+Enter sends; an empty body is refused here.
 * Moderators and admins choose whom they speak for.
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
}: Props) {
  const [body, setBody] = useState(initial);
  const [group, setGroup] = useState<Capacity>('normal');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const submit = async () => {
    if (busy) return;
    if (!body.trim()) {
      setProblem(messages.comments.bodyEmpty);
      return;
    }
    setProblem(null);
    try {
      await onSubmit(body.trim(), group);
      setBody('');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : messages.common.somethingWentWrong);
    }
  };
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
        id={id}
        className={styles.textarea}
        value={body}
        placeholder={label}
        rows={3}
        // A reply or edit box opens where the reader asked for it.
        autoFocus={autoFocus}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {problem && (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.formActions}>
        {groups && <GroupSelect groups={groups} value={group} onChange={setGroup} />}
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
