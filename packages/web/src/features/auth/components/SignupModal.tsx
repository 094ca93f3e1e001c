import { useEffect, useRef, useState, type FormEvent } from 'react';
import { limits, messages } from '@commons/shared';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { PasswordField, TextField } from '../../../components/ui/TextField';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useInitial } from '../../session';
import { solveCaptcha } from '../api/captcha';
import { isUsernameAvailable } from '../api/check-username';
import { useSignup } from '../api/signup';
import styles from './AuthForm.module.css';
import { usernameError, validateSignup, type Errors, type Field } from './signup-rules';

/** Server answers to signup, in the form's words. */
function errorsFromServer(error: ApiError, username: string): Errors | null {
  switch (error.code) {
    case 'user_exists':
      return { username: messages.signup.usernameTaken(username) };
    case 'invalid-username':
      return { username: error.message };
    case 'invalid-password':
      return { password: messages.signup.passwordTooWeak };
    case 'invalid-email':
      return { email: messages.signup.emailInvalid };
    case 'captcha_empty':
      return { form: messages.signup.captchaEmpty };
    case 'signups-disabled':
      return { form: messages.signup.disabled };
    default:
      return null;
  }
}

/**
 * The signup modal: every rule and message of the specification, availability checked on blur and on
 * submit, and the invisible captcha solved in the background while the person types.
 */
export default function SignupModal({ onClose }: { onClose: () => void }) {
  const initial = useInitial();
  const disabled = initial.signupsDisabled;
  const signup = useSignup();
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    email: '',
    password: '',
    repeat: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const captcha = useRef<Promise<string> | null>(null);

  const startCaptcha = () => {
    const solving = solveCaptcha();
    solving.catch(() => undefined); // a failure shows as an empty token on submit
    captcha.current = solving;
  };
  useEffect(() => {
    if (!disabled) startCaptcha();
  }, [disabled]);

  const update = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const checkAvailability = async (username: string): Promise<boolean> => {
    if (usernameError(username)) return true;
    const available = await isUsernameAvailable(username);
    if (available === false) {
      setErrors((e) => ({ ...e, username: messages.signup.usernameTaken(username) }));
      return false;
    }
    return true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled || submitting) return;
    const found = validateSignup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The name's availability is checked on submit too (core §5), beside the other fields' errors.
      if (!found.username) void checkAvailability(values.username.trim());
      return;
    }
    const username = values.username.trim();
    setSubmitting(true);
    try {
      if (!(await checkAvailability(username))) return;
      for (let attempt = 0; attempt < 2; attempt++) {
        const token = await (captcha.current ?? Promise.resolve('')).catch(() => null);
        startCaptcha(); // each token works once: have the next one ready
        if (token === null) {
          setErrors({ form: messages.signup.captchaEmpty });
          return;
        }
        try {
          await signup.mutateAsync({
            username,
            email: values.email.trim(),
            password: values.password,
            captchaToken: token,
          });
          onClose();
          return;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          // An expired or spent token: solve a fresh one and try once more.
          if (error.code?.startsWith('captcha_verify_fail') && attempt === 0) continue;
          const mapped = errorsFromServer(error, username);
          if (mapped) setErrors(mapped);
          else showAlert(errorText(error), { tone: 'error' });
          return;
        }
      }
      setErrors({ form: messages.common.somethingWentWrong });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={messages.common.createAccount}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={messages.common.createAccount}>
        {disabled && (
          <p className={styles.notice} role="alert">
            {messages.signup.disabled}
          </p>
        )}
        {errors.form && (
          <p className={styles.formError} role="alert">
            {errors.form}
          </p>
        )}
        <fieldset disabled={disabled} className={styles.fieldset}>
          <TextField
            label="Username"
            name="username"
            data-autofocus
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={limits.usernameMax}
            value={values.username}
            onChange={update('username')}
            onBlur={() => void checkAvailability(values.username.trim())}
            error={errors.username}
            hint={`${limits.usernameMin} to ${limits.usernameMax} letters, digits or underscores. It cannot be changed later.`}
          />
          <TextField
            label="Email (optional)"
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={update('email')}
            error={errors.email}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={update('password')}
            error={errors.password}
            hint={`At least ${limits.passwordMin} characters.`}
          />
          <PasswordField
            label="Repeat password"
            name="repeat"
            autoComplete="new-password"
            value={values.repeat}
            onChange={update('repeat')}
            error={errors.repeat}
          />
          <Button type="submit" variant="primary" block disabled={submitting}>
            {submitting ? 'Creating account…' : messages.common.createAccount}
          </Button>
        </fieldset>
        <p className={styles.footer}>
          By creating an account you agree to the{' '}
          <Link href="/terms" onClick={onClose}>
            terms
          </Link>{' '}
          and the{' '}
          <Link href="/guidelines" onClick={onClose}>
            guidelines
          </Link>
          .
        </p>
      </form>
    </Modal>
  );
}
