/**
 * The named copies of each kind of image (API.md §5.1, DOMAIN §10.2). Copies are described in the JSON
 * and rendered by the image server when first asked for.
 */
export type Fit = 'cover' | 'contain';
export interface CopySpec {
  name: string;
  width: number;
  height: number;
  fit: Fit;
}

export type CopySet = 'post' | 'link' | 'avatar' | 'banner';

export const COPY_SETS: Record<CopySet, readonly CopySpec[]> = {
  post: [
    { name: 'tiny', width: 120, height: 120, fit: 'cover' },
    { name: 'small', width: 325, height: 250, fit: 'cover' },
    { name: 'medium', width: 720, height: 1440, fit: 'contain' },
    { name: 'large', width: 1080, height: 2160, fit: 'contain' },
    { name: 'huge', width: 2160, height: 4320, fit: 'contain' },
  ],
  link: [
    { name: 'tiny', width: 120, height: 120, fit: 'cover' },
    { name: 'desktop', width: 325, height: 250, fit: 'cover' },
    { name: 'mobile', width: 875, height: 500, fit: 'cover' },
  ],
  avatar: [
    { name: 'tiny', width: 50, height: 50, fit: 'cover' },
    { name: 'small', width: 120, height: 120, fit: 'cover' },
    { name: 'medium', width: 200, height: 200, fit: 'cover' },
  ],
  banner: [
    { name: 'small', width: 720, height: 240, fit: 'cover' },
    { name: 'large', width: 1440, height: 480, fit: 'cover' },
  ],
};

/**
 * The pixel size of a copy: a cover copy fills its box exactly; a contain copy is the original scaled
 * down (never up) to fit, fractions dropped.
 */
export function copySize(
  original: { width: number; height: number },
  box: { width: number; height: number },
  fit: Fit,
): { width: number; height: number } {
  if (fit === 'cover') return { width: box.width, height: box.height };
  const scale = Math.min(1, box.width / original.width, box.height / original.height);
  return {
    width: Math.max(1, Math.floor(original.width * scale)),
    height: Math.max(1, Math.floor(original.height * scale)),
  };
}
