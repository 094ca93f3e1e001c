import { render, screen } from '@testing-library/react';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, test, vi } from 'vitest';
import { RelativeTime } from '../src/components/ui/RelativeTime';

const NOW = new Date('2026-03-01T12:00:00Z');
const minutesBefore = (n: number) => new Date(NOW.getTime() - n * 60_000).toISOString();

describe('RelativeTime', () => {
  test('reads against the shared clock in the browser', () => {
    vi.useFakeTimers({ now: NOW });
    render(<RelativeTime date={minutesBefore(9)} />);
    expect(screen.getByText('9 minutes ago').getAttribute('datetime')).toBe(minutesBefore(9));
  });

  test('a time shown while others tick reads the current time, and they agree with it', () => {
    vi.useFakeTimers({ now: NOW });
    render(<RelativeTime date={minutesBefore(9)} />);
    // Half a minute later, before the clock's next tick, another time appears on the page.
    vi.setSystemTime(new Date(NOW.getTime() + 30_000));
    render(<RelativeTime date={new Date(Date.now() - 3 * 3_600_000).toISOString()} />);
    expect(screen.getByText('3 hours ago')).toBeTruthy();
    expect(screen.getByText('9 minutes ago')).toBeTruthy();
    // Less than a second later, too: a time on the hour's edge must not read an hour less.
    vi.setSystemTime(new Date(Date.now() + 500));
    render(<RelativeTime date={new Date(Date.now() - 5 * 3_600_000).toISOString()} />);
    expect(screen.getByText('5 hours ago')).toBeTruthy();
  });

  test("on the server, against the time of the render, not the process's start", () => {
    vi.useFakeTimers({ now: NOW });
    vi.stubGlobal('window', undefined);
    expect(renderToString(<RelativeTime date={minutesBefore(9)} />)).toContain('>9 minutes ago</time>');
    vi.setSystemTime(new Date(NOW.getTime() + 2 * 3_600_000));
    expect(renderToString(<RelativeTime date={minutesBefore(9)} />)).toContain('>2 hours ago</time>');
  });
});
