import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { messages } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import { Toasts } from '../src/components/ui/Toasts';
import SignupModal from '../src/features/auth/components/SignupModal';
import { errorReply, fakeApi, type Route } from './fake-api';
import { captchaChallenge, makeInitial, makeUser } from './fixtures';
import { descriptionOf, isDisabled, renderWithApp, settle } from './render';

const captchaOff = errorReply(404, 'captcha_off', apiMessages.captchaOff);
/** `GET /api/users/{name}` for a name nobody has. */
const freeName = () => errorReply(404, 'user_not_found', apiMessages.userNotFound);

function renderSignup(routes: Record<string, Route> = {}, options: { signupsDisabled?: boolean } = {}) {
  const api = fakeApi({ 'GET /api/_captcha': captchaOff, ...routes });
  const onClose = vi.fn();
  const view = renderWithApp(<SignupModal onClose={onClose} />, {
    initial: { signupsDisabled: options.signupsDisabled ?? false },
  });
  return { ...view, api, onClose };
}

const fields = () => ({
  username: screen.getByRole('textbox', { name: 'Username' }),
  email: screen.getByRole('textbox', { name: 'Email (optional)' }),
  password: screen.getByLabelText('Password'),
  repeat: screen.getByLabelText('Repeat password'),
  submit: screen.getByRole('button', { name: messages.common.createAccount }),
});

describe('SignupModal', () => {
  test('is a dialog titled Create account, opening on the Username field', async () => {
    renderSignup();
    expect(screen.getByRole('dialog', { name: messages.common.createAccount })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(fields().username));
  });

  test('submitting the empty form names every required field', async () => {
    const { user, api } = renderSignup();
    const f = fields();
    await user.click(f.submit);

    expect(descriptionOf(f.username)).toBe(messages.signup.usernameEmpty);
    expect(descriptionOf(f.password)).toBe(messages.signup.passwordEmpty);
    expect(descriptionOf(f.repeat)).toBe(messages.signup.repeatPasswordEmpty);
    expect(descriptionOf(f.email)).toBe('');
    expect(f.username.getAttribute('aria-invalid')).toBe('true');
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      messages.signup.usernameEmpty,
      messages.signup.passwordEmpty,
      messages.signup.repeatPasswordEmpty,
    ]);
    expect(api.requestsTo('POST /api/_signup')).toHaveLength(0);
  });

  test('a 3-character username is too short', async () => {
    const { user } = renderSignup();
    const f = fields();
    await user.type(f.username, 'abc');
    await user.click(f.submit);
    expect(descriptionOf(f.username)).toBe(messages.signup.usernameTooShort);
  });

  test('a username with other characters than letters, digits and underscores is refused', async () => {
    const { user } = renderSignup();
    const f = fields();
    await user.type(f.username, 'bad-name');
    await user.click(f.submit);
    expect(descriptionOf(f.username)).toBe(apiMessages.usernameBadCharacters);
  });

  test('typing in a field clears its error', async () => {
    const { user } = renderSignup();
    const f = fields();
    await user.type(f.username, 'abc');
    await user.click(f.submit);
    expect(screen.getByText(messages.signup.usernameTooShort)).toBeTruthy();
    await user.type(f.username, 'd');
    expect(screen.queryByText(messages.signup.usernameTooShort)).toBeNull();
    expect(f.username.getAttribute('aria-invalid')).toBeNull();
  });

  test('an email without the simple pattern is invalid; an empty one is fine', async () => {
    const { user } = renderSignup();
    const f = fields();
    await user.type(f.email, 'alice@example');
    await user.click(f.submit);
    expect(descriptionOf(f.email)).toBe(messages.signup.emailInvalid);

    await user.clear(f.email);
    await user.click(f.submit);
    expect(descriptionOf(f.email)).toBe('');
  });

  test('a 7-character password is too weak', async () => {
    const { user } = renderSignup();
    const f = fields();
    await user.type(f.password, '1234567');
    await user.type(f.repeat, '1234567');
    await user.click(f.submit);
    expect(descriptionOf(f.password)).toBe(messages.signup.passwordTooWeak);
    expect(descriptionOf(f.repeat)).toBe('');
  });

  test('a repeat that differs from the password does not match', async () => {
    const { user } = renderSignup();
    const f = fields();
    await user.type(f.password, 'correct horse');
    await user.type(f.repeat, 'correct horsf');
    await user.click(f.submit);
    expect(descriptionOf(f.repeat)).toBe(messages.signup.passwordsDoNotMatch);
    expect(descriptionOf(f.password)).not.toContain(messages.signup.passwordTooWeak);
  });

  test('the repeat must equal the password that is sent, spaces included', async () => {
    const { user, api } = renderSignup({ 'GET /api/users/racer': freeName() });
    const f = fields();
    await user.type(f.username, 'racer');
    await user.type(f.password, 'long enough ');
    await user.type(f.repeat, 'long enough');
    await user.click(f.submit);
    expect(descriptionOf(f.repeat)).toBe(messages.signup.passwordsDoNotMatch);
    await settle();
    expect(api.requestsTo('POST /api/_signup')).toHaveLength(0);
  });

  test('the username field stops at 21 characters', async () => {
    const { user } = renderSignup();
    const { username } = fields();
    await user.type(username, 'abcdefghijklmnopqrstuvwxyz');
    expect((username as HTMLInputElement).value).toBe('abcdefghijklmnopqrstu');
  });

  /** Types a name someone has and leaves the field: the form says it is taken. */
  async function leaveWithTakenName() {
    const view = renderSignup({
      'GET /api/users/taken_name': { body: makeUser({ username: 'taken_name' }) },
    });
    const f = fields();
    await view.user.type(f.username, 'taken_name');
    await view.user.tab();
    await waitFor(() => expect(descriptionOf(f.username)).toBe(messages.signup.usernameTaken('taken_name')));
    return { ...view, f };
  }

  test('leaving the username field with a taken name says so', async () => {
    const { api } = await leaveWithTakenName();
    expect(screen.getByRole('alert').textContent).toBe('taken_name is already taken.');
    expect(api.requestsTo('GET /api/users/taken_name')).toHaveLength(1);
  });

  test('a taken name is said on submit too, beside the errors of the other fields', async () => {
    const { user, api, f } = await leaveWithTakenName();
    await user.type(f.email, 'alice@example');
    await user.click(f.submit);
    expect(descriptionOf(f.email)).toBe(messages.signup.emailInvalid);
    await waitFor(() => expect(descriptionOf(f.username)).toBe(messages.signup.usernameTaken('taken_name')));
    expect(api.requestsTo('POST /api/_signup')).toHaveLength(0);
  });

  test('leaving the username field with a free name shows no error', async () => {
    const { user, api } = renderSignup({ 'GET /api/users/free_name': freeName() });
    const f = fields();
    await user.type(f.username, 'free_name');
    await user.tab();
    await waitFor(() => expect(api.requestsTo('GET /api/users/free_name')).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(descriptionOf(f.username)).toMatch(/^4 to 21 letters/);
  });

  test('a name that breaks the rules is not looked up on blur', async () => {
    const { user, api } = renderSignup();
    const f = fields();
    await user.type(f.username, 'abc');
    await user.tab();
    await settle();
    expect(api.requests.filter((r) => r.url.startsWith('/api/users/'))).toHaveLength(0);
  });

  test('with signups disabled the form says so and nothing can be filled in or sent', async () => {
    const { user, api } = renderSignup({}, { signupsDisabled: true });
    expect(screen.getByRole('alert').textContent).toBe(
      'We have temporarily disabled creating new accounts. Please check back again later.',
    );
    const f = fields();
    for (const control of [f.username, f.email, f.password, f.repeat, f.submit]) {
      expect(isDisabled(control)).toBe(true);
    }
    await user.type(f.username, 'alice');
    expect((f.username as HTMLInputElement).value).toBe('');
    await user.click(f.submit);
    expect(api.requests).toHaveLength(0); // not even a captcha challenge
  });

  test('the show/hide toggle appears once the password has text and switches the input type', async () => {
    const { user } = renderSignup();
    const f = fields();
    expect(screen.queryByRole('button', { name: 'Show password' })).toBeNull();
    expect(f.password.getAttribute('type')).toBe('password');

    await user.type(f.password, 'secret');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(f.password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
    expect(f.repeat.getAttribute('type')).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(f.password.getAttribute('type')).toBe('password');

    await user.clear(f.password);
    expect(screen.queryByRole('button', { name: /password/ })).toBeNull();
  });

  test('a valid form with the captcha off sends the signup and closes', async () => {
    localStorage.setItem('csrftoken', 'token-1');
    const newUser = makeUser({ username: 'new_user' });
    const { user, api, onClose } = renderSignup({
      'GET /api/users/new_user': freeName(),
      'POST /api/_signup': { body: newUser },
      'GET /api/_initial': { body: makeInitial({ user: newUser }) },
    });
    const f = fields();
    await user.type(f.username, ' new_user ');
    await user.type(f.email, 'new@example.com');
    await user.type(f.password, 'long enough');
    await user.type(f.repeat, 'long enough');
    await user.click(f.submit);

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [sent] = api.requestsTo('POST /api/_signup');
    expect(sent!.body).toEqual({
      username: 'new_user',
      email: 'new@example.com',
      password: 'long enough',
      captchaToken: '',
    });
    expect(sent!.headers.get('X-Csrf-Token')).toBe('token-1');
    expect(sent!.headers.get('Content-Type')).toBe('application/json');
  });

  test('a 409 user_exists answer shows the taken message under Username', async () => {
    const { user, api, onClose } = renderSignup({
      'GET /api/users/racer': freeName(),
      'POST /api/_signup': errorReply(409, 'user_exists', apiMessages.usernameTaken('racer')),
    });
    const f = fields();
    await user.type(f.username, 'racer');
    await user.type(f.password, 'long enough');
    await user.type(f.repeat, 'long enough');
    await user.click(f.submit);

    await waitFor(() => expect(descriptionOf(f.username)).toBe(messages.signup.usernameTaken('racer')));
    expect(api.requestsTo('POST /api/_signup')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(f.submit.textContent).toBe(messages.common.createAccount);
    expect(isDisabled(f.submit)).toBe(false);
  });

  test('a name taken by the time of submit is caught before sending', async () => {
    const { user, api } = renderSignup({
      'GET /api/users/racer': { body: makeUser({ username: 'racer' }) },
    });
    const f = fields();
    await user.type(f.password, 'long enough');
    await user.type(f.repeat, 'long enough');
    await user.type(f.username, 'racer');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(descriptionOf(f.username)).toBe(messages.signup.usernameTaken('racer')));
    expect(api.requestsTo('POST /api/_signup')).toHaveLength(0);
  });

  test('a server error without a field shows the generic alert, announced above the dialog', async () => {
    fakeApi({
      'GET /api/_captcha': captchaOff,
      'GET /api/users/racer': freeName(),
      'POST /api/_signup': errorReply(500, undefined, apiMessages.internalError),
    });
    // As in the app: the alert region is on the page before the dialog opens.
    const { user } = renderWithApp(
      <>
        <Toasts />
        <SignupModal onClose={() => undefined} />
      </>,
    );
    const f = fields();
    await user.type(f.username, 'racer');
    await user.type(f.password, 'long enough');
    await user.type(f.repeat, 'long enough');
    await user.click(f.submit);

    // getByRole skips what the dialog hides from screen readers: the live region must stay exposed.
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(messages.common.somethingWentWrong),
    );
    expect(f.submit.textContent).toBe(messages.common.createAccount);
  });

  test('a spent captcha token is replaced by a fresh one and the signup is sent again', async () => {
    const newUser = makeUser({ username: 'racer' });
    const { user, api, onClose } = renderSignup({
      'GET /api/users/racer': freeName(),
      'POST /api/_signup': [
        errorReply(400, 'captcha_verify_fail_1', apiMessages.captchaRejected),
        { body: newUser },
      ],
      'GET /api/_initial': { body: makeInitial({ user: newUser }) },
    });
    const f = fields();
    await user.type(f.username, 'racer');
    await user.type(f.password, 'long enough');
    await user.type(f.repeat, 'long enough');
    await user.click(f.submit);

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.requestsTo('POST /api/_signup')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('captcha', () => {
    async function fillAndSubmit(captcha: Route) {
      const view = renderSignup({
        'GET /api/_captcha': captcha,
        'GET /api/users/racer': freeName(),
      });
      const f = fields();
      await view.user.type(f.username, 'racer');
      await view.user.type(f.password, 'long enough');
      await view.user.type(f.repeat, 'long enough');
      await view.user.click(f.submit);
      return view;
    }

    test('when the challenge cannot be fetched, submitting shows Empty captcha token', async () => {
      const { api, onClose } = await fillAndSubmit(errorReply(500, undefined, apiMessages.internalError));
      expect((await screen.findByRole('alert')).textContent).toBe('Empty captcha token');
      expect(api.requestsTo('POST /api/_signup')).toHaveLength(0);
      expect(onClose).not.toHaveBeenCalled();
    });

    // happy-dom has no Worker, so a challenge that arrives cannot be solved here: the same failure.
    test('when the challenge cannot be solved, submitting shows Empty captcha token', async () => {
      expect(typeof (globalThis as { Worker?: unknown }).Worker).toBe('undefined');
      const { api } = await fillAndSubmit({ body: captchaChallenge });
      expect((await screen.findByRole('alert')).textContent).toBe(messages.signup.captchaEmpty);
      expect(api.requestsTo('GET /api/_captcha').length).toBeGreaterThanOrEqual(1);
      expect(api.requestsTo('POST /api/_signup')).toHaveLength(0);
    });
  });

  test('Close calls onClose', async () => {
    const { user, onClose } = renderSignup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
