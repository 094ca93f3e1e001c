import { describe, expect, test } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  test.each([
    [0, '0'],
    [1, '1'],
    [42, '42'],
    [990, '990'],
  ])('%i up to 990 is shown as is', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  test.each([
    [991, '1k'],
    [999, '1k'],
    [1000, '1k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [1500, '1.5k'],
    [9949, '9.9k'],
    [9950, '10k'],
    [12_345, '12k'],
    [999_000, '999k'],
  ])('%i above 990 is shortened to %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  test.each([
    [999_001, '1m'],
    [1_000_000, '1m'],
    [1_250_000, '1.3m'],
    [25_400_000, '25m'],
  ])('%i above 999000 is shortened to %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  test.each([
    [-5, '-5'],
    [-990, '-990'],
    [-991, '-1k'],
    [-1500, '-1.5k'],
    [-999_001, '-1m'],
  ])('negative %i keeps its sign: %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });
});
