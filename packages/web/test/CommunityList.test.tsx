import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { CommunityList } from '../src/features/layout/CommunityList';
import { makeCommunities } from './fixtures';
import { renderWithApp } from './render';

const communityLinks = () => within(screen.getByRole('list')).getAllByRole('link');

describe('CommunityList', () => {
  test('with 25 communities shows the first 10 and "Show 15 more"', () => {
    renderWithApp(<CommunityList communities={makeCommunities(25)} />);
    expect(communityLinks().map((l) => l.getAttribute('href'))).toEqual(
      Array.from({ length: 10 }, (_, i) => `/community${i + 1}`),
    );
    expect(screen.getByRole('link', { name: 'community10' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'community11' })).toBeNull();
    const more = screen.getByRole('button', { name: 'Show 15 more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });

  test('"Show 15 more" shows all 25, then "Show less" goes back to 10', async () => {
    const { user } = renderWithApp(<CommunityList communities={makeCommunities(25)} />);
    await user.click(screen.getByRole('button', { name: 'Show 15 more' }));
    expect(communityLinks()).toHaveLength(25);
    expect(screen.getByRole('link', { name: 'community25' }).getAttribute('href')).toBe('/community25');
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');

    await user.click(less);
    expect(communityLinks()).toHaveLength(10);
    expect(screen.queryByRole('link', { name: 'community11' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show 15 more' })).toBeTruthy();
  });

  test.each([10, 3])('with %i communities there is no toggle', (n) => {
    renderWithApp(<CommunityList communities={makeCommunities(n)} />);
    expect(communityLinks()).toHaveLength(n);
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('with 11 communities the toggle offers 1 more', () => {
    renderWithApp(<CommunityList communities={makeCommunities(11)} />);
    expect(screen.getByRole('button', { name: 'Show 1 more' })).toBeTruthy();
  });

  test('following a community link navigates there and tells the drawer', async () => {
    const onNavigate = vi.fn();
    const { user, currentPath } = renderWithApp(
      <CommunityList communities={makeCommunities(3)} onNavigate={onNavigate} />,
    );
    await user.click(screen.getByRole('link', { name: 'community2' }));
    expect(currentPath()).toBe('/community2');
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });
});
