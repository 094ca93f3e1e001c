import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { type User } from '@commons/shared';
import { settingsMessages } from '@commons/shared/texts/settings';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { PasswordField, TextField } from '../../../components/ui/TextField';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useDeleteAccount } from '../api/delete-account';
import styles from './Settings.module.css';

/** What the member types to confirm (secondary §5). */
const CONFIRM_WORD = 'YES';

/**
 * Delete account (secondary §5, §8): type YES and the password. A wrong password (403) says so; on
 * success the app goes home, logged out.
 */
export function DeleteAccountDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [, navigate] = useLocation();
  // Leave the page that needs an account before the session turns anonymous.
  const remove = useDeleteAccount(user, () => {
    showAlert(settingsMessages.accountDeleted, { tone: 'success' });
    navigate('/');
  });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setConfirm('');
      setPassword('');
      setError(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm !== CONFIRM_WORD || password === '') return;
    remove.mutate(password, {
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 403) setError(settingsMessages.invalidPassword);
        else showAlert(errorText(failure), { tone: 'error' });
      },
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Delete account"
      description="Your posts and comments stay, shown as by a deleted account. Your username cannot be used again. This cannot be undone."
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={`Type ${CONFIRM_WORD} to confirm`}
          autoComplete="off"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
        />
        <div className={styles.dialogActions}>
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button
            type="submit"
            variant="danger"
            disabled={confirm !== CONFIRM_WORD || password === '' || remove.isPending}
          >
            Delete account
          </Button>
        </div>
      </form>
    </Modal>
  );
}
