import { useState, type FormEvent } from 'react';
import { messages } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { PasswordField, TextField } from '../../../components/ui/TextField';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { useAuthDialogs } from './AuthDialogs';
import styles from './AuthForm.module.css';

/** The login rules of core §5, in the specification's words. */
export function loginError(username: string, password: string): string | null {
  if (username === '' && password === '') return messages.login.bothEmpty;
  if (username === '') return messages.login.usernameEmpty;
  if (password === '') return messages.login.passwordEmpty;
  return null;
}

/**
 * Logs in. `onSuccess` runs once the session has been refetched; the login page does not use it, as it
 * leaves as soon as the session holds the user.
 */
export function LoginForm({ onSuccess }: { onSuccess?: () => void }) {
  const login = useLogin();
  const { openSignup } = useAuthDialogs();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    const problem = loginError(name, password.trim());
    setError(problem);
    if (problem) return;
    try {
      await login.mutateAsync({ username: name, password });
      onSuccess?.();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) setError(messages.login.wrongCredentials);
      else if (failure instanceof ApiError && failure.code === 'account_suspended') {
        setError(messages.login.suspended(name));
      } else showAlert(errorText(failure), { tone: 'error' });
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Login">
      {error && (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      )}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" variant="primary" block disabled={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Login'}
      </Button>
      <p className={styles.footer}>
        New here?{' '}
        <button type="button" className={styles.linkButton} onClick={openSignup}>
          {messages.common.createAccount}
        </button>
      </p>
    </form>
  );
}
