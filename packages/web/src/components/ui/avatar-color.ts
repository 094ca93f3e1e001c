/** Eight colours, each dark enough for white text in both themes (core §9: by first letter). */
const USER_COLORS = ['#b42318', '#a4480a', '#1b6b3a', '#075e8c', '#5b2bc9', '#a3155f', '#0b6472', '#4a5565'];

/** A user's letter avatar: chosen by the name's first letter from eight colours (core §9). */
export function avatarColor(name: string): string {
  const code = name.toLowerCase().charCodeAt(0) || 0;
  return USER_COLORS[code % USER_COLORS.length]!;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of white text on `hex`. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** FNV-1a: a small stable hash, so a name gets the same colour on every device and visit. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const AA = 4.5;
const cache = new Map<string, string>();

/** Shades below the lightest that keeps AA: names whose hues are near each other often differ in depth. */
const TONE_STEP = 0.09;
const TONES = 2;
const OLIVE_START = 42;
const OLIVE_WIDTH = 40;

/**
 * A community's letter avatar: a hue and a depth from its whole name (names are unique without regard
 * to case), so communities sharing a first letter still look apart, each shade dark enough for the
 * white letter at AA contrast. The letter's contrast is with its own background, the same in both themes.
 */
export function communityColor(name: string): string {
  const key = name.toLowerCase();
  const known = cache.get(key);
  if (known) return known;
  const h = hash(key);
  // Yellows dark enough for white text turn olive and muddy; the wheel skips them.
  const turn = h % (360 - OLIVE_WIDTH);
  const hue = turn < OLIVE_START ? turn : turn + OLIVE_WIDTH;
  const tone = Math.floor(h / 360) % TONES;
  let lightest = 0.2;
  for (let lightness = 0.46; lightness > 0.2; lightness -= 0.01) {
    if (contrastWithWhite(hslToHex(hue, 0.6, lightness)) >= AA) {
      lightest = lightness;
      break;
    }
  }
  const colour = hslToHex(hue, 0.6, Math.max(0.16, lightest - tone * TONE_STEP));
  cache.set(key, colour);
  return colour;
}
