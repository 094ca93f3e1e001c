import { act, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { followSystemTheme, setTheme, useTheme } from '../src/features/theme/theme';
import { setMediaQuery } from './media';

const DARK = '(prefers-color-scheme: dark)';
const stored = () => localStorage.getItem('theme');
const shown = () => document.documentElement.dataset.theme;

describe('setTheme', () => {
  test('on a light system, dark is stored and shown', () => {
    setTheme('dark');
    expect(stored()).toBe('dark');
    expect(shown()).toBe('dark');
  });

  test("the browser's bar takes the chosen theme's colour, whatever the system's", () => {
    document.head.innerHTML =
      '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">' +
      '<meta name="theme-color" content="#14181d" media="(prefers-color-scheme: dark)">';
    const bars = () =>
      [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute('content'));
    setTheme('dark');
    expect(bars()).toEqual(['#14181d', '#14181d']);
    setTheme('light');
    expect(bars()).toEqual(['#ffffff', '#ffffff']);
    document.head.innerHTML = '';
  });

  test('on a light system, choosing light again forgets the stored choice', () => {
    setTheme('dark');
    setTheme('light');
    expect(stored()).toBeNull();
    expect(shown()).toBe('light');
  });

  test('on a dark system, dark is shown but not stored, and light is stored', () => {
    setMediaQuery(DARK, true);
    localStorage.setItem('theme', 'light');
    setTheme('dark');
    expect(stored()).toBeNull();
    expect(shown()).toBe('dark');

    setTheme('light');
    expect(stored()).toBe('light');
    expect(shown()).toBe('light');
  });
});

describe('followSystemTheme', () => {
  test('a system change is followed and the earlier choice is forgotten', () => {
    const stop = followSystemTheme();
    setTheme('dark'); // differs from the light system: stored
    expect(stored()).toBe('dark');

    setMediaQuery(DARK, true);
    expect(shown()).toBe('dark');
    expect(stored()).toBeNull();

    setTheme('light');
    expect(stored()).toBe('light');
    setMediaQuery(DARK, false);
    expect(shown()).toBe('light');
    expect(stored()).toBeNull();
    stop();
  });

  test('after unsubscribing, system changes are not followed', () => {
    const stop = followSystemTheme();
    stop();
    setTheme('dark');
    setMediaQuery(DARK, true);
    setMediaQuery(DARK, false);
    expect(shown()).toBe('dark');
    expect(stored()).toBe('dark');
  });
});

describe('useTheme', () => {
  function ThemeName() {
    return <p>Theme: {useTheme()}</p>;
  }

  test('shows the current theme and follows changes', () => {
    document.documentElement.dataset.theme = 'dark';
    render(<ThemeName />);
    expect(screen.getByText('Theme: dark')).toBeTruthy();
    act(() => setTheme('light'));
    expect(screen.getByText('Theme: light')).toBeTruthy();
  });

  test('follows a system change', () => {
    const stop = followSystemTheme();
    render(<ThemeName />);
    expect(screen.getByText('Theme: light')).toBeTruthy();
    act(() => setMediaQuery(DARK, true));
    expect(screen.getByText('Theme: dark')).toBeTruthy();
    stop();
  });
});
