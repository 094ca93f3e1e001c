import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { User } from '@commons/shared';
import { siteConfig } from '../src/app/site-config';
import { BottomNav } from '../src/features/layout/BottomNav';
import { makeUser } from './fixtures';
import { isDisabled, renderWithApp } from './render';

function renderBar(options: { path?: string; user?: User | null } = {}) {
  return renderWithApp(<BottomNav />, { path: options.path ?? '/', initial: { user: options.user ?? null } });
}

const bar = () => screen.getByRole('navigation', { name: 'Bottom' });

describe('BottomNav', () => {
  test('links Home, Communities, New post, Search and Notifications', () => {
    renderBar();
    const hrefs = within(bar())
      .getAllByRole('link')
      .map((l) => [l.textContent, l.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Home', '/'],
      ['Communities', '/communities'],
      ['New post', '/new'],
      ['Search', '/search'],
      ['Notifications', '/notifications'],
    ]);
  });

  test('Search is present but disabled where the operator keeps the web search (SEARCH=external)', async () => {
    siteConfig.externalSearch = true;
    try {
      const { user, history } = renderBar();
      const search = within(bar()).getByRole('button', { name: 'Search' });
      expect(isDisabled(search)).toBe(true);
      await user.click(search);
      expect(history).toEqual(['/']);
    } finally {
      siteConfig.externalSearch = false;
    }
  });

  test('the current tab has aria-current and is bold; the others are not', () => {
    renderBar({ path: '/communities' });
    const current = within(bar()).getByRole('link', { name: 'Communities' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.classList.contains('current')).toBe(true);
    const home = within(bar()).getByRole('link', { name: 'Home' });
    expect(home.hasAttribute('aria-current')).toBe(false);
    expect(home.classList.contains('current')).toBe(false);
  });

  // Browsers name the link "Notifications, 3 new"; happy-dom has no layout, so the name computation
  // sees block boxes and puts a space before the comma.
  test('a member with 3 new notifications sees a badge 3, and the link says so', () => {
    renderBar({ user: makeUser({ notificationsNewCount: 3 }) });
    const notifications = within(bar()).getByRole('link', { name: /^Notifications ?, 3 new$/ });
    expect(within(notifications).getByText('3')).toBeTruthy();
  });

  test('a large count is shortened in the badge', () => {
    renderBar({ user: makeUser({ notificationsNewCount: 1500 }) });
    const notifications = within(bar()).getByRole('link', { name: /^Notifications ?, 1500 new$/ });
    expect(within(notifications).getByText('1.5k')).toBeTruthy();
  });

  test('no badge without new notifications', () => {
    renderBar({ user: makeUser({ notificationsNewCount: 0 }) });
    const notifications = within(bar()).getByRole('link', { name: 'Notifications' });
    expect(notifications.textContent).toBe('Notifications');
  });

  test('tapping the current tab scrolls to the top and does not navigate', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user, history } = renderBar({ path: '/' });
    await user.click(within(bar()).getByRole('link', { name: 'Home' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(history).toEqual(['/']);
  });

  test('tapping another tab navigates there and makes it current', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user, currentPath } = renderBar({ path: '/' });
    await user.click(within(bar()).getByRole('link', { name: 'New post' }));
    expect(currentPath()).toBe('/new');
    expect(within(bar()).getByRole('link', { name: 'New post' }).getAttribute('aria-current')).toBe('page');
    expect(within(bar()).getByRole('link', { name: 'Home' }).hasAttribute('aria-current')).toBe(false);
  });
});
