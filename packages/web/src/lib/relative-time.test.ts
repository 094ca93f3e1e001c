import { describe, expect, test } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = new Date('2025-06-15T12:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => relativeTime(new Date(NOW.getTime() - ms), NOW);

describe('relativeTime', () => {
  test('under a minute is just now', () => {
    expect(ago(0)).toBe('just now');
    expect(ago(30 * SECOND)).toBe('just now');
    expect(ago(59 * SECOND)).toBe('just now');
    expect(ago(59_999)).toBe('just now');
  });

  test('a time in the future (clock skew) is just now', () => {
    expect(ago(-5 * MINUTE)).toBe('just now');
  });

  test('minutes, singular and plural', () => {
    expect(ago(60 * SECOND)).toBe('1 minute ago');
    expect(ago(119 * SECOND)).toBe('1 minute ago');
    expect(ago(5 * MINUTE)).toBe('5 minutes ago');
    expect(ago(59 * MINUTE + 59 * SECOND)).toBe('59 minutes ago');
  });

  test('hours', () => {
    expect(ago(HOUR)).toBe('1 hour ago');
    expect(ago(2 * HOUR + 30 * MINUTE)).toBe('2 hours ago');
    expect(ago(DAY - SECOND)).toBe('23 hours ago');
  });

  test('days, under a week', () => {
    expect(ago(DAY)).toBe('1 day ago');
    expect(ago(3 * DAY)).toBe('3 days ago');
    expect(ago(7 * DAY - SECOND)).toBe('6 days ago');
  });

  test('weeks, from 7 days to under a year', () => {
    expect(ago(7 * DAY)).toBe('1 week ago');
    expect(ago(13 * DAY)).toBe('1 week ago');
    expect(ago(14 * DAY)).toBe('2 weeks ago');
    expect(ago(364 * DAY)).toBe('52 weeks ago');
    expect(ago(365 * DAY - SECOND)).toBe('52 weeks ago');
  });

  test('years, from 365 days', () => {
    expect(ago(365 * DAY)).toBe('1 year ago');
    expect(ago(2 * 365 * DAY - SECOND)).toBe('1 year ago');
    expect(ago(2 * 365 * DAY)).toBe('2 years ago');
    expect(ago(10 * 365 * DAY)).toBe('10 years ago');
  });

  test('measures against the current time by default', () => {
    expect(relativeTime(new Date(Date.now() - 3 * HOUR))).toBe('3 hours ago');
  });
});
