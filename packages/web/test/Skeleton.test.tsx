import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { Skeleton } from '../src/components/ui/Skeleton';

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('Skeleton', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  test('shows nothing for the first 80 ms, then the placeholder', () => {
    const { container } = render(<Skeleton lines={3} count={7} />);
    expect(container.childElementCount).toBe(0);
    advance(79);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.childElementCount).toBe(0);
    advance(1);
    const placeholder = screen.getByRole('status', { name: 'Loading' });
    expect(placeholder.childElementCount).toBe(7);
  });

  test('a load that finishes within the delay never shows it', () => {
    const { unmount } = render(<Skeleton />);
    advance(50);
    unmount();
    advance(100);
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('takes its own delay and label', () => {
    render(<Skeleton delayMs={200} label="Loading page" />);
    advance(199);
    expect(screen.queryByRole('status')).toBeNull();
    advance(1);
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeTruthy();
  });
});
