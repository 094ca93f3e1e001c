import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { messages } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import { Toasts } from '../src/components/ui/Toasts';
import { LoginForm } from '../src/features/auth/components/LoginForm';
import { deferred, errorReply, fakeApi, networkError, type Reply, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { isDisabled, renderWithApp, settle } from './render';

function renderLogin(routes: Record<string, Route> = {}) {
  const api = fakeApi(routes);
  const onSuccess = vi.fn();
  const view = renderWithApp(
    <>
      <LoginForm onSuccess={onSuccess} />
      <Toasts />
    </>,
  );
  const form = {
    username: screen.getByRole('textbox', { name: 'Username' }),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Login' }),
  };
  return { ...view, api, onSuccess, form };
}

/** The form's own error line (toasts are in the status region, not here). */
const formError = () => screen.queryByRole('alert')?.textContent ?? null;

describe('LoginForm', () => {
  test('both fields empty', async () => {
    const { user, form, api, onSuccess } = renderLogin();
    await user.click(form.submit);
    expect(formError()).toBe('Username and password empty.');
    expect(api.requests).toHaveLength(0);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  test('username empty', async () => {
    const { user, form, api } = renderLogin();
    await user.type(form.password, 'hunter22');
    await user.click(form.submit);
    expect(formError()).toBe(messages.login.usernameEmpty);
    expect(api.requests).toHaveLength(0);
  });

  test('password empty, also when it is only spaces', async () => {
    const { user, form, api } = renderLogin();
    await user.type(form.username, 'alice');
    await user.click(form.submit);
    expect(formError()).toBe(messages.login.passwordEmpty);
    await user.type(form.password, '   ');
    await user.keyboard('{Enter}');
    expect(formError()).toBe(messages.login.passwordEmpty);
    expect(api.requests).toHaveLength(0);
  });

  test('success sends the trimmed username and the password with the CSRF token, then calls onSuccess', async () => {
    localStorage.setItem('csrftoken', 'csrf-before-login');
    const alice = makeUser({ username: 'alice' });
    const { user, form, api, onSuccess } = renderLogin({
      'POST /api/_login': { body: alice, headers: { 'Csrf-Token': 'csrf-after-login' } },
    });
    await user.type(form.username, '  alice ');
    await user.type(form.password, ' hunter22');
    await user.click(form.submit);

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    // Once; the session's new answers (_initial, _user) follow it, as in the app.
    expect(api.requestsTo('POST /api/_login')).toHaveLength(1);
    const [sent] = api.requestsTo('POST /api/_login');
    expect(sent!.method).toBe('POST');
    expect(sent!.url).toBe('/api/_login');
    expect(sent!.headers.get('X-Csrf-Token')).toBe('csrf-before-login');
    expect(sent!.body).toEqual({ username: 'alice', password: ' hunter22' });
    expect(formError()).toBeNull();
    // Login issues a new session token; later calls send it.
    expect(localStorage.getItem('csrftoken')).toBe('csrf-after-login');
  });

  test('while the request is out the button says so and cannot be pressed again', async () => {
    const answer = deferred<Reply>();
    const { user, form, api, onSuccess } = renderLogin({ 'POST /api/_login': () => answer.promise });
    await user.type(form.username, 'alice');
    await user.type(form.password, 'hunter22');
    await user.click(form.submit);

    const busy = await screen.findByRole('button', { name: 'Logging in…' });
    expect(isDisabled(busy)).toBe(true);
    await user.click(busy);
    expect(api.requests).toHaveLength(1);

    answer.resolve({ body: makeUser() });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  });

  test('401 says the username and password do not match', async () => {
    const { user, form, onSuccess } = renderLogin({
      'POST /api/_login': errorReply(401, 'wrong-password', apiMessages.wrongPassword),
    });
    await user.type(form.username, 'alice');
    await user.type(form.password, 'wrong one');
    await user.click(form.submit);
    await waitFor(() => expect(formError()).toBe('Username and password do not match.'));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  test('403 account_suspended names the suspended account', async () => {
    const { user, form, onSuccess } = renderLogin({
      'POST /api/_login': errorReply(403, 'account_suspended', apiMessages.accountSuspended),
    });
    await user.type(form.username, ' mallory ');
    await user.type(form.password, 'hunter22');
    await user.click(form.submit);
    await waitFor(() => expect(formError()).toBe('@mallory is suspended.'));
    expect(onSuccess).not.toHaveBeenCalled();
  });

  test('429 shows the slow-down alert', async () => {
    const { user, form } = renderLogin({
      'POST /api/_login': errorReply(429, undefined, apiMessages.tooManyRequests),
    });
    await user.type(form.username, 'alice');
    await user.type(form.password, 'hunter22');
    await user.click(form.submit);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Whoah, slow down there!'));
    expect(formError()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  test('a network failure asks to check the connection', async () => {
    const { user, form } = renderLogin({ 'POST /api/_login': networkError });
    await user.type(form.username, 'alice');
    await user.type(form.password, 'hunter22');
    await user.click(form.submit);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe("Make sure you're connected to the internet"),
    );
    expect(formError()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
  });

  test('another failure shows the generic alert', async () => {
    const { user, form } = renderLogin({
      'POST /api/_login': errorReply(500, undefined, apiMessages.internalError),
    });
    await user.type(form.username, 'alice');
    await user.type(form.password, 'hunter22');
    await user.click(form.submit);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(messages.common.somethingWentWrong),
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
  });

  test('a new error replaces the previous one, and a fixed form clears it', async () => {
    const { user, form } = renderLogin({
      'POST /api/_login': [
        errorReply(401, 'wrong-password', apiMessages.wrongPassword),
        { body: makeUser() },
      ],
    });
    await user.click(form.submit);
    expect(formError()).toBe(messages.login.bothEmpty);
    await user.type(form.username, 'alice');
    await user.type(form.password, 'wrong');
    await user.click(form.submit);
    await waitFor(() => expect(formError()).toBe(messages.login.wrongCredentials));
    await user.click(form.submit);
    await settle();
    expect(formError()).toBeNull();
  });

  test('Create account opens the signup dialog', async () => {
    const { user } = renderLogin({
      'GET /api/_captcha': errorReply(404, 'captcha_off', apiMessages.captchaOff),
    });
    await user.click(screen.getByRole('button', { name: messages.common.createAccount }));
    expect(await screen.findByRole('dialog', { name: messages.common.createAccount })).toBeTruthy();
  });
});
