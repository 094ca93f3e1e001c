import { describe, expect, it } from 'vitest';
import { chartScale, dailyActivity, linePath, niceCeiling, parseStats } from './activity';

const snapshot = (createdAt: string, users_day: number, posts_day: number) => ({
  createdAt,
  payload: JSON.stringify({ version: 0, users_day, posts_day }),
});

describe('niceCeiling', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 0.4, 1, 3, 7, 10, 11, 24, 51, 180, 999].map(niceCeiling)).toEqual([
      1, 1, 1, 5, 10, 10, 20, 50, 100, 200, 1000,
    ]);
  });
});

describe('chartScale', () => {
  it('puts the first day left, the last right, zero at the bottom and the ceiling on top', () => {
    const scale = chartScale([3, null, 17], 3, 300, 100);
    expect(scale.max).toBe(20);
    expect(scale.ticks).toEqual([0, 5, 10, 15, 20]);
    expect([scale.x(0), scale.x(1), scale.x(2)]).toEqual([0, 150, 300]);
    expect([scale.y(0), scale.y(10), scale.y(20)]).toEqual([100, 50, 0]);
  });

  it('keeps an empty or all-zero series on a 0 to 1 axis', () => {
    const scale = chartScale([null, 0], 2, 100, 50);
    expect(scale.max).toBe(1);
    expect(scale.ticks).toEqual([0, 1]);
    expect(scale.y(0)).toBe(50);
    expect(chartScale([], 1, 100, 50).x(0)).toBe(50);
  });
});

describe('linePath', () => {
  it('lifts the pen over days without a snapshot', () => {
    const scale = chartScale([4, 2, null, 4], 4, 30, 10);
    expect(linePath([4, 2, null, 4], scale)).toBe('M0.0 2.0 L10.0 6.0 M30.0 2.0');
    expect(linePath([null, null], scale)).toBe('');
  });
});

describe('dailyActivity', () => {
  it('takes the last snapshot of each UTC day over the last 30 days, oldest first', () => {
    const now = new Date('2026-11-26T01:00:00Z');
    const points = dailyActivity(
      [
        snapshot('2026-11-26T00:30:00Z', 9, 4),
        snapshot('2026-11-25T23:00:00Z', 7, 3),
        snapshot('2026-11-25T10:00:00Z', 2, 1),
        snapshot('2026-10-20T10:00:00Z', 50, 50), // before the window
        { createdAt: '2026-11-24T10:00:00Z', payload: 'not json' },
      ],
      now,
    );
    expect(points).toHaveLength(30);
    expect(points[0]!.day).toBe('2026-10-28');
    expect(points.at(-1)).toEqual({ day: '2026-11-26', users: 9, posts: 4 });
    expect(points.at(-2)).toEqual({ day: '2026-11-25', users: 7, posts: 3 });
    expect(points.at(-3)).toEqual({ day: '2026-11-24', users: null, posts: null });
    expect(points.filter((p) => p.users !== null)).toHaveLength(2);
  });

  it('reads a broken payload as no counters', () => {
    expect(parseStats('{')).toEqual({});
    expect(parseStats('null')).toEqual({});
  });
});
