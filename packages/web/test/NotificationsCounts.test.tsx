import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ui } from '@commons/shared';
import { BottomNav } from '../src/features/layout/BottomNav';
import { Navbar } from '../src/features/layout/Navbar';
import { fakeApi } from './fake-api';
import { makeUser } from './fixtures';
import { renderWithApp } from './render';

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => {
  // Back to happy-dom's own value.
  delete (document as { visibilityState?: string }).visibilityState;
});

describe('the new notifications count', () => {
  test('the navbar bell on wide screens links to the panel and shows the count', () => {
    renderWithApp(<Navbar mobile={false} onOpenDrawer={() => undefined} />, {
      initial: { user: makeUser({ notificationsNewCount: 4 }) },
    });
    const bell = screen.getByRole('link', { name: 'Notifications, 4 new' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.textContent).toContain('4');
  });

  test('no count on the bell when nothing is new, and no bell for guests or on phones', () => {
    const member = renderWithApp(<Navbar mobile={false} onOpenDrawer={() => undefined} />, {
      initial: { user: makeUser({ notificationsNewCount: 0 }) },
    });
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
    member.unmount();
    const guest = renderWithApp(<Navbar mobile={false} onOpenDrawer={() => undefined} />);
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
    guest.unmount();
    renderWithApp(<Navbar mobile onOpenDrawer={() => undefined} />, {
      initial: { user: makeUser({ notificationsNewCount: 2 }) },
    });
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
  });

  test('the user poll every 5 s brings the count; it pauses while the tab is hidden and reads at once when shown', async () => {
    expect(ui.userPollMs).toBe(5000);
    vi.useFakeTimers();
    const member = makeUser({ notificationsNewCount: 0 });
    const server = fakeApi({
      'GET /api/_user': [
        { body: { ...member, notificationsNewCount: 2 } },
        { body: { ...member, notificationsNewCount: 5 } },
      ],
    });
    renderWithApp(<BottomNav />, { initial: { user: member } });
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(server.requestsTo('GET /api/_user')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(server.requestsTo('GET /api/_user')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /^Notifications ?, 2 new$/ })).toBeTruthy();

    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(server.requestsTo('GET /api/_user')).toHaveLength(1);

    setVisibility('visible');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(server.requestsTo('GET /api/_user')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /^Notifications ?, 5 new$/ })).toBeTruthy();
  });
});
