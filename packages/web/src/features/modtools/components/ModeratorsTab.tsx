import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { messages, type Community, type User, type UserWithoutModding } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextField } from '../../../components/ui/TextField';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useAddModerator, useRemoveModerator } from '../api/moderators';
import { mayRemoveModerator } from './moderator-rules';
import styles from './Modtools.module.css';

/** Moderators (secondary §2): the list in rank order, Add, and Remove where the hierarchy allows it. */
export function ModeratorsTab({ community, viewer }: { community: Community; viewer: User }) {
  const id = useId();
  const add = useAddModerator(community);
  const remove = useRemoveModerator(community);
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<UserWithoutModding | null>(null);
  const mods = community.mods ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    if (!name) return;
    setProblem(null);
    add.mutate(name, {
      onSuccess: () => setUsername(''),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) setProblem(messages.moderation.userNotFound);
        else showAlert(errorText(error), { tone: 'error' });
      },
    });
  };

  return (
    <>
      <section className={styles.card} aria-labelledby={`${id}-add`}>
        <h2 id={`${id}-add`} className={styles.cardTitle}>
          Add a moderator
        </h2>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            error={problem}
            onChange={(e) => {
              setUsername(e.target.value);
              if (problem) setProblem(null);
            }}
          />
          <div className={styles.field}>
            <Button type="submit" variant="primary" disabled={!username.trim() || add.isPending}>
              Add
            </Button>
          </div>
        </form>
      </section>
      <section className={styles.card} aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className={styles.cardTitle}>
          Moderators
        </h2>
        {mods.length === 0 ? (
          <p className={styles.muted}>{community.name} has no moderators.</p>
        ) : (
          <ol className={styles.list} aria-label="Moderators">
            {mods.map((mod, index) => (
              <li key={mod.id} className={styles.row}>
                <span>
                  {index + 1}. <Link href={`/@${mod.username}`}>@{mod.username}</Link>
                  {mod.id === viewer.id && <span className={styles.muted}> (you)</span>}
                </span>
                {mayRemoveModerator(viewer, mods, index) && (
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setRemoving(mod)}
                    aria-label={`Remove @${mod.username}`}
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={
          removing?.id === viewer.id ? 'Stop being a moderator?' : `Remove @${removing?.username ?? ''}?`
        }
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={() =>
          removing === null
            ? undefined
            : remove.mutateAsync(removing.username).then(
                () => setRemoving(null),
                (error: unknown) => showAlert(errorText(error), { tone: 'error' }),
              )
        }
      >
        <p>
          {removing?.id === viewer.id
            ? `You will no longer moderate ${community.name}.`
            : `@${removing?.username ?? ''} will no longer moderate ${community.name}.`}
        </p>
      </ConfirmDialog>
    </>
  );
}
