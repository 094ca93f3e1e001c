import { useId, useState, type FormEvent } from 'react';
import { limits, type MutedWord } from '@commons/shared';
import { mutedWordsMessages } from '@commons/shared/texts/settings';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Skeleton } from '../../../components/ui/Skeleton';
import { isNearLimit, TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useCurrentUser } from '../../session';
import { useAddMutedWord } from '../api/add-muted-word';
import { useClearMutedWords } from '../api/clear-muted-words';
import { useMutedWords } from '../api/get-muted-words';
import { useRemoveMutedWord } from '../api/remove-muted-word';
import styles from './MutedWordsSettings.module.css';

/** The server's own text for the word rules it refuses (they are the same messages), else the generic one. */
function refusal(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code
    ? error.message
    : errorText(error);
}

/**
 * The settings section of muted words (an addition to the specification): the member's words with
 * Remove, a field to add one (its count near the limit), and Unmute all. Posts containing a word as a
 * whole word, in their title or body, leave the member's feeds.
 */
export function MutedWordsSettings() {
  const user = useCurrentUser();
  if (!user) return null;
  return <MutedWordsSection viewer={user.id} />;
}

function MutedWordsSection({ viewer }: { viewer: string }) {
  const headingId = useId();
  const fieldId = useId();
  const words = useMutedWords(viewer);
  const add = useAddMutedWord(viewer);
  const remove = useRemoveMutedWord(viewer);
  const clear = useClearMutedWords(viewer);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const limit = useTextLimit(limits.mutedWordMax);
  const list = words.data ?? [];
  const full = list.length >= limits.mutedWordsMax;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const word = draft.trim();
    if (!word) {
      setError(mutedWordsMessages.empty);
      return;
    }
    add.mutate(word, {
      onSuccess: () => {
        setDraft('');
        setError(null);
        limit.reset();
        showAlert(mutedWordsMessages.muted(word));
      },
      onError: (e) => setError(refusal(e)),
    });
  };

  const unmute = (word: MutedWord) =>
    remove.mutate(word, {
      onSuccess: () => showAlert(mutedWordsMessages.unmuted(word.word)),
      onError: (e) => showAlert(errorText(e), { tone: 'error' }),
    });

  const describedBy = [
    error ? `${fieldId}-error` : null,
    isNearLimit(draft, limits.mutedWordMax) ? `${fieldId}-left` : null,
    `${fieldId}-hint`,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {mutedWordsMessages.heading}
      </h2>
      <p id={`${fieldId}-hint`} className={styles.hint}>
        {mutedWordsMessages.explanation}
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={fieldId} className="visually-hidden">
          {mutedWordsMessages.placeholder}
        </label>
        <div className={styles.field}>
          <input
            id={fieldId}
            className={`${styles.input} ${error ? styles.invalid : ''}`}
            placeholder={mutedWordsMessages.placeholder}
            value={draft}
            disabled={full}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setDraft(limit.clip(event.target.value));
              setError(null);
            }}
          />
          <TextLimit id={`${fieldId}-left`} value={draft} max={limits.mutedWordMax} cut={limit.cut} />
        </div>
        <Button type="submit" variant="primary" disabled={add.isPending || full}>
          {mutedWordsMessages.add}
        </Button>
      </form>
      {error && (
        <p id={`${fieldId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      {full && !error && <p className={styles.hint}>{mutedWordsMessages.limit(limits.mutedWordsMax)}</p>}

      {words.isPending ? (
        <Skeleton lines={2} label="Loading muted words" />
      ) : words.isError ? (
        <div className={styles.failed} role="alert">
          <span>{errorText(words.error)}</span>
          <Button size="sm" onClick={() => void words.refetch()}>
            Retry
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className={styles.none}>{mutedWordsMessages.none}</p>
      ) : (
        <>
          <ul className={styles.list} aria-label={mutedWordsMessages.heading}>
            {list.map((word) => (
              <li key={word.id} className={styles.item}>
                <span className={styles.word} dir="auto">
                  {word.word}
                </span>
                <Button
                  size="sm"
                  aria-label={`${mutedWordsMessages.remove} ${word.word}`}
                  disabled={remove.isPending && remove.variables?.id === word.id}
                  onClick={() => unmute(word)}
                >
                  {mutedWordsMessages.remove}
                </Button>
              </li>
            ))}
          </ul>
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
            {mutedWordsMessages.unmuteAll}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={mutedWordsMessages.unmuteAllConfirm}
        confirmLabel={mutedWordsMessages.unmuteAll}
        danger
        busy={clear.isPending}
        onConfirm={() =>
          clear.mutateAsync().then(
            () => {
              setConfirming(false);
              showAlert(mutedWordsMessages.unmutedAll);
            },
            (e: unknown) => showAlert(errorText(e), { tone: 'error' }),
          )
        }
      />
    </section>
  );
}
