import { useState } from 'react';
import { messages, type User } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Modal } from '../../../components/ui/Modal';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError } from '../../../lib/api-client';
import { useBanUser } from '../api/ban-user';
import styles from './Profile.module.css';

function failure(error: unknown): string {
  const text = error instanceof ApiError ? (error.body?.message ?? error.message) : String(error);
  return `${messages.profile.banFailed}${text}`;
}

/**
 * The ban flow of core §4 for an admin on another user's profile: a banned user is unbanned after
 * 'Are you sure?'; anyone else is banned in two steps, the choice to delete their content, then their
 * username typed again (in any case).
 */
export function BanDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const ban = useBanUser();
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [deleteContent, setDeleteContent] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setStep('choose');
      setTyped('');
      setProblem(null);
      setDeleteContent(false);
    }
    onOpenChange(next);
  };
  const run = (banning: boolean) =>
    ban.mutate(
      { username: user.username, ban: banning, deleteContent },
      {
        onSuccess: () => {
          showAlert(banning ? messages.profile.banned : messages.profile.unbanned, { tone: 'success' });
          close(false);
        },
        onError: (error) => showAlert(failure(error), { tone: 'error' }),
      },
    );

  if (user.isBanned) {
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={close}
        title={messages.common.areYouSure}
        confirmLabel="Unban"
        busy={ban.isPending}
        onConfirm={() => run(false)}
      >
        @{user.username} will be able to log in again.
      </ConfirmDialog>
    );
  }
  return (
    <Modal open={open} onOpenChange={close} title={`Ban @${user.username}`}>
      {step === 'choose' ? (
        <div className={styles.dialogBody}>
          <p>A banned user cannot log in, post, comment or vote anywhere, and their sessions end.</p>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={deleteContent}
              onChange={(e) => setDeleteContent(e.target.checked)}
            />
            Also delete all their posts and comments
          </label>
          <div className={styles.dialogActions}>
            <Button onClick={() => close(false)}>Cancel</Button>
            <Button variant="danger" onClick={() => setStep('confirm')}>
              Continue
            </Button>
          </div>
        </div>
      ) : (
        <form
          className={styles.dialogBody}
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim().toLowerCase() !== user.username.toLowerCase()) {
              setProblem(messages.profile.usernamesDoNotMatch);
              return;
            }
            run(true);
          }}
        >
          <label htmlFor="ban-confirm-username">Type the username to confirm</label>
          <input
            id="ban-confirm-username"
            className={styles.input}
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'ban-confirm-problem' : undefined}
          />
          {problem && (
            <p id="ban-confirm-problem" className={styles.problem} role="alert">
              {problem}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button type="button" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={ban.isPending}>
              Ban user
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
