import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { messages } from '@commons/shared';
import LoginPrompt from '../src/features/auth/components/LoginPrompt';
import { renderWithApp } from './render';

function renderPrompt(path: string) {
  const onClose = vi.fn();
  const onSignup = vi.fn();
  const view = renderWithApp(<LoginPrompt onClose={onClose} onSignup={onSignup} />, { path });
  return { ...view, onClose, onSignup };
}

describe('LoginPrompt', () => {
  test('is a dialog titled Login to continue with Login and Signup', () => {
    renderPrompt('/');
    const dialog = screen.getByRole('dialog', { name: 'Login to continue' });
    expect(dialog.textContent).toContain(messages.common.loginToContinue);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Signup' })).toBeTruthy();
  });

  test('Login closes the prompt and goes to /login, remembering the current page', async () => {
    const { user, onClose, onSignup, currentPath } = renderPrompt('/golang/post/abc123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSignup).not.toHaveBeenCalled();
    expect(currentPath()).toBe('/login?redirect=%2Fgolang%2Fpost%2Fabc123');
  });

  test('Signup calls onSignup and does not navigate', async () => {
    const { user, onSignup, history } = renderPrompt('/golang');
    await user.click(screen.getByRole('button', { name: 'Signup' }));
    expect(onSignup).toHaveBeenCalledTimes(1);
    expect(history).toEqual(['/golang']);
  });

  test('Escape closes it', async () => {
    const { user, onClose, history } = renderPrompt('/golang');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(history).toEqual(['/golang']);
  });
});
