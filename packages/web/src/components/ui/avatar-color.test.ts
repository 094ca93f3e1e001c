import { describe, expect, test } from 'vitest';
import { avatarColor, communityColor, contrastWithWhite } from './avatar-color';

/** Hue in degrees of a #rrggbb colour. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

const hueGap = (a: string, b: string) => {
  const gap = Math.abs(hue(a) - hue(b));
  return Math.min(gap, 360 - gap);
};

const NAMES = [
  'Photography',
  'Python',
  'pics',
  'politics',
  'programming',
  'gardening',
  'Games',
  'news',
  'yellow',
  'lime',
];

describe('community avatar colours', () => {
  test('Photography and Python, side by side in the list, get clearly different colours', () => {
    expect(communityColor('Photography')).not.toBe(communityColor('Python'));
    expect(hueGap(communityColor('Photography'), communityColor('Python'))).toBeGreaterThanOrEqual(30);
  });

  test('come from the whole name, the same every time and in any case, spread over many colours', () => {
    expect(communityColor('Photography')).toBe(communityColor('Photography'));
    expect(communityColor('photography')).toBe(communityColor('PHOTOGRAPHY'));
    // Not a handful of colours picked by the first letter: 200 names starting alike spread widely.
    const colours = new Set(Array.from({ length: 200 }, (_, i) => communityColor(`p${i}`)));
    expect(colours.size).toBeGreaterThanOrEqual(150);
  });

  test('keep white letters at AA contrast (4.5:1) for any name', () => {
    const names = [...NAMES, ...Array.from({ length: 500 }, (_, i) => `community_${i}`)];
    for (const name of names) {
      const colour = communityColor(name);
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastWithWhite(colour), `${name}: ${colour}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('the contrast is computed as WCAG does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#767676')).toBeCloseTo(4.54, 2);
  });
});

describe('user avatar colours', () => {
  test('stay chosen by first letter from eight colours (core §9)', () => {
    expect(avatarColor('Photography')).toBe(avatarColor('python'));
    const colours = new Set('abcdefghijklmnopqrstuvwxyz'.split('').map(avatarColor));
    expect(colours.size).toBe(8);
    for (const colour of colours) expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
  });
});
