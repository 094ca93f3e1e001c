import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { User } from '@commons/shared';
import { SidebarNav } from '../src/features/layout/SidebarNav';
import { makeCommunities, makeUser } from './fixtures';
import { renderWithApp } from './render';

function renderNav(options: { user?: User | null; path?: string; communities?: number } = {}) {
  return renderWithApp(<SidebarNav />, {
    path: options.path ?? '/',
    initial: { user: options.user ?? null, communities: makeCommunities(options.communities ?? 3) },
  });
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const link = (name: string) => within(nav()).queryByRole('link', { name });

describe('SidebarNav', () => {
  test('guests see Home, Communities and the pages, but no feed toggle and no lists', () => {
    renderNav();
    for (const name of ['Home', 'Communities', 'Guidelines', 'Terms', 'Privacy', 'About']) {
      expect(link(name), name).not.toBeNull();
    }
    expect(link('Home')!.getAttribute('href')).toBe('/');
    expect(link('Communities')!.getAttribute('href')).toBe('/communities');
    expect(link('Guidelines')!.getAttribute('href')).toBe('/guidelines');
    expect(link('Terms')!.getAttribute('href')).toBe('/terms');
    expect(link('Privacy')!.getAttribute('href')).toBe('/privacy-policy');
    expect(link('About')!.getAttribute('href')).toBe('/about');
    expect(link('Subscriptions')).toBeNull();
    expect(link('All')).toBeNull();
    expect(link('My Lists')).toBeNull();
  });

  test('a member whose home feed is all gets Subscriptions, and My Lists', () => {
    renderNav({ user: makeUser({ username: 'alice', homeFeed: 'all' }) });
    expect(link('Subscriptions')!.getAttribute('href')).toBe('/subscriptions');
    expect(link('All')).toBeNull();
    expect(link('My Lists')!.getAttribute('href')).toBe('/@alice/lists');
  });

  test('a member whose home feed is subscriptions gets All', () => {
    renderNav({ user: makeUser({ homeFeed: 'subscriptions' }) });
    expect(link('All')!.getAttribute('href')).toBe('/all');
    expect(link('Subscriptions')).toBeNull();
  });

  test('the communities heading reads Communities for guests and My communities for members', () => {
    const { unmount } = renderNav();
    expect(screen.getByRole('heading', { name: 'Communities' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Communities' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'My communities' })).toBeNull();
    unmount();

    renderNav({ user: makeUser() });
    const section = screen.getByRole('region', { name: 'My communities' });
    expect(within(section).getByRole('link', { name: 'community1' })).toBeTruthy();
  });

  test('without communities there is no communities section', () => {
    renderNav({ communities: 0 });
    expect(screen.queryByRole('heading', { name: 'Communities' })).toBeNull();
  });

  test('the link of the current page has aria-current="page", and only that one', () => {
    renderNav({ path: '/guidelines' });
    const current = within(nav())
      .getAllByRole('link')
      .filter((l) => l.getAttribute('aria-current') === 'page');
    expect(current).toEqual([link('Guidelines')]);
    expect(link('Guidelines')!.classList.contains('current')).toBe(true);
    expect(link('Home')!.hasAttribute('aria-current')).toBe(false);
  });

  test('following a link navigates and calls onNavigate (the drawer closes)', async () => {
    const onNavigate = vi.fn();
    const { user, currentPath } = renderWithApp(<SidebarNav onNavigate={onNavigate} />, {
      initial: { communities: makeCommunities(2) },
    });
    await user.click(link('Terms')!);
    expect(currentPath()).toBe('/terms');
    expect(link('Terms')!.getAttribute('aria-current')).toBe('page');
    await user.click(link('community2')!);
    expect(currentPath()).toBe('/community2');
    expect(onNavigate).toHaveBeenCalledTimes(2);
  });
});
