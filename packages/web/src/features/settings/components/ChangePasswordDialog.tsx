import { useState, type FormEvent } from 'react';
import { settingsMessages } from '@commons/shared/texts/settings';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { PasswordField } from '../../../components/ui/TextField';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { newPasswordProblem } from './settings-form';
import styles from './Settings.module.css';

const EMPTY = { password: '', newPassword: '', repeatPassword: '' };

/**
 * Change password (secondary §5, §8): the current password, the new one twice. A wrong current password
 * (401) says so under that field; the server then ends the account's other sessions.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const change = useChangePassword();

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setValues(EMPTY);
      setErrors({});
    }
  };
  const edit = (key: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (key === 'password' ? { ...e, current: undefined } : { ...e, next: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(values.newPassword, values.repeatPassword);
    if (problem) {
      setErrors({ next: problem });
      return;
    }
    change.mutate(values, {
      onSuccess: () => {
        close(false);
        showAlert(settingsMessages.passwordChanged, { tone: 'success' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          setErrors({ current: settingsMessages.incorrectPassword });
        } else if (error instanceof ApiError && error.code === 'password_not_match') {
          setErrors({ next: settingsMessages.passwordsDoNotMatch });
        } else if (error instanceof ApiError && error.code === 'invalid-password') {
          setErrors({ next: settingsMessages.passwordTooShort });
        } else showAlert(errorText(error), { tone: 'error' });
      },
    });
  };

  const filled = values.password !== '' && values.newPassword !== '' && values.repeatPassword !== '';
  return (
    <Modal open={open} onOpenChange={close} title="Change password">
      <form onSubmit={onSubmit} noValidate>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={values.password}
          error={errors.current}
          onChange={(e) => edit('password', e.target.value)}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(e) => edit('newPassword', e.target.value)}
        />
        <PasswordField
          label="Repeat new password"
          autoComplete="new-password"
          value={values.repeatPassword}
          error={errors.next}
          onChange={(e) => edit('repeatPassword', e.target.value)}
        />
        <div className={styles.dialogActions}>
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={!filled || change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Modal>
  );
}
