import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { showAlert, Toasts } from '../src/components/ui/Toasts';

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

const region = () => screen.getByRole('status');
const messagesShown = () => Array.from(region().children).map((toast) => toast.textContent);

describe('Toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<Toasts />);
  });

  // Alerts live in one module-wide list: let every one expire so the next test starts empty.
  afterEach(() => {
    act(() => {
      vi.runAllTimers();
    });
  });

  test('the live region is polite', () => {
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(messagesShown()).toEqual([]);
  });

  test('an alert shows in the live region and goes after 3000 ms by default', () => {
    act(() => showAlert('Saved.'));
    expect(messagesShown()).toEqual(['Saved.']);
    advance(2999);
    expect(messagesShown()).toEqual(['Saved.']);
    advance(1);
    expect(messagesShown()).toEqual([]);
  });

  test('a custom duration keeps it longer', () => {
    act(() =>
      showAlert("Posts from @bob won't appear on any of your feeds from now on.", { durationMs: 5000 }),
    );
    advance(4999);
    expect(messagesShown()).toHaveLength(1);
    advance(1);
    expect(messagesShown()).toEqual([]);
  });

  test('each alert has its own clock', () => {
    act(() => showAlert('First'));
    advance(1000);
    act(() => showAlert('Second'));
    advance(2000);
    expect(messagesShown()).toEqual(['Second']);
    advance(1000);
    expect(messagesShown()).toEqual([]);
  });

  test('the same message twice in a row shows once', () => {
    act(() => {
      showAlert('Link copied to clipboard.');
      showAlert('Link copied to clipboard.');
    });
    expect(messagesShown()).toEqual(['Link copied to clipboard.']);
  });

  test('at most three show at once, the newest last', () => {
    act(() => ['one', 'two', 'three', 'four'].forEach((m) => showAlert(m)));
    expect(messagesShown()).toEqual(['two', 'three', 'four']);
  });

  test('Dismiss removes an alert at once', () => {
    act(() => showAlert('Failed to logout. Something went wrong.', { tone: 'error' }));
    const toast = region().firstElementChild as HTMLElement;
    act(() => within(toast).getByRole('button', { name: 'Dismiss' }).click());
    expect(messagesShown()).toEqual([]);
  });
});
